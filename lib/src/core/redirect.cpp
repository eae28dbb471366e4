#include "core/redirect.h"

namespace Gatehouse::Redirect {

namespace {
bool hasControlOrBackslash(const QString &s)
{
    for (QChar c : s) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == QLatin1Char('\\'))
            return true;
    }
    return false;
}
} // namespace

QString originOf(const QUrl &url)
{
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty())
        return {};
    return url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment
                        | QUrl::RemoveUserInfo)
        .toString(QUrl::FullyEncoded);
}

QString sameOrigin(const QString &url, const QString &baseUrl)
{
    if (url.isEmpty() || hasControlOrBackslash(url))
        return baseUrl;
    if (url == baseUrl)
        return url;  // the usual callback-url cookie: nothing to parse
    if (url.startsWith(QLatin1Char('/'))) {
        // "/path" joins the origin; "//host/x" stays a path on this origin, like Auth.js.
        const QUrl joined(baseUrl + url, QUrl::StrictMode);
        return joined.isValid() ? baseUrl + url : baseUrl;
    }
    const QUrl target(url, QUrl::StrictMode);
    const QString origin = originOf(target);
    if (!origin.isEmpty() && origin == originOf(QUrl(baseUrl))
        && (target.scheme() == QLatin1String("http") || target.scheme() == QLatin1String("https")))
        return url;
    return baseUrl;
}

} // namespace Gatehouse::Redirect
