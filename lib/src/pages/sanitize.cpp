#include "pages/sanitize.h"

#include <QRegularExpression>
#include <QUrl>

namespace Gatehouse::Pages {

namespace {

const QRegularExpression &colorPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})"
                       "|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\\([0-9a-z.%+\\- ,/]{1,64}\\)"
                       "|[a-z]{3,32})$"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern;
}

const QRegularExpression &dataImagePattern()
{
    static const QRegularExpression pattern(
        QStringLiteral("^data:image/(?:png|gif|jpeg|webp|avif|svg\\+xml);base64,"
                       "[A-Za-z0-9+/]+={0,2}$"));
    return pattern;
}

} // namespace

std::optional<QString> cssColor(QStringView value)
{
    const QString colour = value.trimmed().toString();
    if (!colorPattern().match(colour).hasMatch())
        return std::nullopt;
    return colour;
}

std::optional<QString> imageUrl(QStringView value)
{
    const QString text = value.trimmed().toString();
    if (text.isEmpty())
        return std::nullopt;
    if (text.startsWith(u"data:"))
        return dataImagePattern().match(text).hasMatch() ? std::optional<QString>(text) : std::nullopt;
    if (text.contains(u'\\'))
        return std::nullopt;

    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return std::nullopt;
    const QString scheme = url.scheme();
    if (scheme.isEmpty()) {
        // A path on the page's own origin: "/logo.svg", never "//host/..." (another origin).
        if (!text.startsWith(u'/') || text.startsWith(u"//") || !url.host().isEmpty())
            return std::nullopt;
    } else if ((scheme != u"https" && scheme != u"http") || url.host().isEmpty()) {
        return std::nullopt;
    }
    return url.toString(QUrl::FullyEncoded);
}

QString inputType(QStringView type)
{
    static constexpr QStringView allowed[] = {
        u"text", u"password", u"email", u"tel", u"number", u"url", u"search",
        u"date", u"time", u"datetime-local", u"month", u"week",
    };
    for (const QStringView candidate : allowed) {
        if (type == candidate)
            return candidate.toString();
    }
    return QStringLiteral("text");
}

QString colorScheme(QStringView scheme)
{
    if (scheme == u"light" || scheme == u"dark")
        return scheme.toString();
    return QStringLiteral("auto");
}

} // namespace Gatehouse::Pages
