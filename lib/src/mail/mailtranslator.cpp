#include "mail/mailtranslator.h"

#include "mail/logging.h"
#include "mail/messages.h"

#include <QDir>
#include <QTranslator>

namespace Gatehouse::Mail {

namespace {
constexpr QStringView CatalogueDirectory = u":/gatehouse/i18n";
constexpr QStringView CataloguePrefix = u"gatehouse_mail_";
} // namespace

MailTranslator::MailTranslator()
{
    const QDir directory(CatalogueDirectory.toString());
    const QStringList files = directory.entryList({CataloguePrefix.toString() + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        qCWarning(lcMail) << "no mail translations found in" << CatalogueDirectory << "; mails are sent in English only";
    for (const QString &file : files) {
        auto translator = std::make_unique<QTranslator>();
        if (!translator->load(directory.filePath(file))) {
            qCWarning(lcMail) << "cannot load mail translation" << directory.filePath(file);
            continue;
        }
        m_translators.emplace(file.mid(CataloguePrefix.size()).chopped(3), std::move(translator));
    }
}

MailTranslator::~MailTranslator() = default;

QStringList MailTranslator::languages() const
{
    QStringList result;
    for (const auto &entry : m_translators)
        result.append(entry.first);
    return result;
}

QString MailTranslator::translate(const QString &language, const char *sourceText) const
{
    const auto it = m_translators.find(language);
    if (it != m_translators.end()) {
        const QString text = it->second->translate(Messages::Context, sourceText);
        if (!text.isEmpty())
            return text;
    }
    return QString::fromUtf8(sourceText);
}

} // namespace Gatehouse::Mail
