#include "pages/pagetranslator.h"

#include "pages/logging.h"
#include "pages/messages.h"

#include <QDir>
#include <QTranslator>
#include <limits>
#include <optional>

namespace Gatehouse::Pages {

namespace {

constexpr QStringView CatalogueDirectory = u":/gatehouse/i18n";
constexpr QStringView CataloguePrefix = u"gatehouse_pages_";
constexpr qsizetype MaxLanguageRanges = 32;  // enough for any browser; bounds hostile headers

struct LanguageRange
{
    QString primary;   //!< lower-case primary subtag, or "*"
    double quality = 1.0;
};

// One entry of an Accept-Language header ("de-DE;q=0.9"), or nullopt when malformed.
std::optional<LanguageRange> parseRange(QByteArrayView entry)
{
    const QList<QByteArray> parts = entry.toByteArray().split(';');
    const QByteArray tag = parts.first().trimmed().toLower();
    if (tag.isEmpty())
        return std::nullopt;
    LanguageRange range;
    qsizetype end = 0;
    while (end < tag.size() && tag.at(end) != '-' && tag.at(end) != '_')
        ++end;
    range.primary = QString::fromLatin1(tag.left(end));
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QByteArray parameter = parts.at(i).trimmed();
        if (!parameter.startsWith("q=") && !parameter.startsWith("Q="))
            continue;
        bool ok = false;
        const double quality = parameter.mid(2).toDouble(&ok);
        if (!ok || quality < 0.0 || quality > 1.0)
            return std::nullopt;
        range.quality = quality;
    }
    return range;
}

} // namespace

PageTranslator::PageTranslator()
{
    m_languages.append(QString::fromUtf16(DefaultLanguage));
    const QDir directory(CatalogueDirectory.toString());
    const QStringList files = directory.entryList({CataloguePrefix.toString() + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        qCWarning(lcPages) << "no page translations found in" << CatalogueDirectory
                           << "; pages are shown in English only";
    for (const QString &file : files) {
        const QString language = file.mid(CataloguePrefix.size()).chopped(3);
        auto translator = std::make_unique<QTranslator>();
        if (!translator->load(directory.filePath(file))) {
            qCWarning(lcPages) << "cannot load page translation" << directory.filePath(file);
            continue;
        }
        if (!m_languages.contains(language))
            m_languages.append(language);
        m_translators.emplace(language, std::move(translator));
    }
}

PageTranslator::~PageTranslator() = default;

QString PageTranslator::negotiate(QByteArrayView acceptLanguage) const
{
    QList<LanguageRange> ranges;
    for (const QByteArray &entry : acceptLanguage.toByteArray().split(',')) {
        if (ranges.size() == MaxLanguageRanges)
            break;
        if (const auto range = parseRange(entry))
            ranges.append(*range);
    }

    QString best = QString::fromUtf16(DefaultLanguage);
    double bestQuality = 0.0;
    qsizetype bestPosition = std::numeric_limits<qsizetype>::max();
    for (const QString &language : m_languages) {
        // The ranges naming this language decide; the wildcard only speaks for the others.
        double quality = -1.0;
        qsizetype position = 0;
        for (qsizetype i = 0; i < ranges.size(); ++i) {
            if (ranges.at(i).primary == language && ranges.at(i).quality > quality) {
                quality = ranges.at(i).quality;
                position = i;
            }
        }
        if (quality < 0.0) {
            for (qsizetype i = 0; i < ranges.size(); ++i) {
                if (ranges.at(i).primary == u"*" && ranges.at(i).quality > quality) {
                    quality = ranges.at(i).quality;
                    position = i;
                }
            }
        }
        if (quality > bestQuality || (quality > 0.0 && quality == bestQuality && position < bestPosition)) {
            best = language;
            bestQuality = quality;
            bestPosition = position;
        }
    }
    return best;
}

QString PageTranslator::translate(const QString &language, const char *sourceText) const
{
    const auto it = m_translators.find(language);
    if (it != m_translators.end()) {
        const QString text = it->second->translate(Messages::Context, sourceText);
        if (!text.isEmpty())
            return text;
    }
    return QString::fromUtf8(sourceText);
}

} // namespace Gatehouse::Pages
