#include "core/redirect.h"

#include <algorithm>

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

//! A host QUrl::toString() prints as it is: a lower-case DNS name or an IPv4 address.
bool isPlainHost(const QString &host)
{
    return std::all_of(host.begin(), host.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'.' || u == u'-';
    });
}

//! Whether \a host (as QUrl gives it) is an IPv4 address: digits and dots only.
bool isIpv4(const QString &host)
{
    return !host.isEmpty() && std::all_of(host.begin(), host.end(), [](QChar c) {
        return (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('.');
    });
}

//! The host of absolute \a url as it is written: after "scheme://" and any user info, before the port.
QStringView writtenHost(const QString &url)
{
    const qsizetype start = url.indexOf(QLatin1String("://"));
    if (start < 0)
        return {};
    QStringView authority = QStringView(url).sliced(start + 3);
    for (qsizetype i = 0; i < authority.size(); ++i) {
        if (authority.at(i) == QLatin1Char('/') || authority.at(i) == QLatin1Char('?') || authority.at(i) == QLatin1Char('#')) {
            authority.truncate(i);
            break;
        }
    }
    authority = authority.sliced(authority.lastIndexOf(QLatin1Char('@')) + 1);
    const qsizetype colon = authority.lastIndexOf(QLatin1Char(':'));
    return colon > authority.lastIndexOf(QLatin1Char(']')) ? authority.first(colon) : authority;
}

/*!
 * QUrl reads IPv4 hosts more leniently than a browser ("127.+0X0.1" is 127.0.0.1 to QUrl and
 * no address to a browser), and a URL is passed on as it is written: an address host must be
 * written as QUrl prints it.
 */
bool hostReadsAlike(const QUrl &target, const QString &url)
{
    const QString host = target.host();
    return !isIpv4(host) || writtenHost(url) == host;
}
} // namespace

QString originOf(const QUrl &url)
{
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty())
        return {};
    const QString scheme = url.scheme();
    const QString host = url.host();
    if ((scheme == QLatin1String("http") || scheme == QLatin1String("https")) && isPlainHost(host)) {
        // The usual origin, written without QUrl's general (and much slower) formatting.
        const int port = url.port();
        return port < 0 ? scheme + QLatin1String("://") + host
                        : scheme + QLatin1String("://") + host + u':' + QString::number(port);
    }
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
        if (baseUrl.isEmpty())
            return baseUrl;  // "//host/x" must join an origin, never stand alone
        // "/path" joins the origin; "//host/x" stays a path on this origin, like Auth.js.
        const QUrl joined(baseUrl + url, QUrl::StrictMode);
        return joined.isValid() ? baseUrl + url : baseUrl;
    }
    const QUrl target(url, QUrl::StrictMode);
    const QString origin = originOf(target);
    if (!origin.isEmpty() && origin == originOf(QUrl(baseUrl))
        && (target.scheme() == QLatin1String("http") || target.scheme() == QLatin1String("https"))
        && hostReadsAlike(target, url))
        return url;
    return baseUrl;
}

bool hostInDomains(const QString &host, const QStringList &domains)
{
    for (const QString &domain : domains) {
        if (domain.startsWith(QLatin1Char('.'))) {
            // Dot-bounded: ".example.test" takes "a.example.test", not "example.test" or "badexample.test".
            if (host.size() > domain.size() && host.endsWith(domain, Qt::CaseInsensitive))
                return true;
        } else if (host.compare(domain, Qt::CaseInsensitive) == 0) {
            return true;
        }
    }
    return false;
}

QString allowed(const QString &url, const QString &baseUrl, const QStringList &domains)
{
    if (domains.isEmpty() || url.isEmpty() || url.startsWith(QLatin1Char('/')) || hasControlOrBackslash(url))
        return sameOrigin(url, baseUrl);
    const QUrl target(url, QUrl::StrictMode);
    const QString scheme = target.scheme();
    const bool schemeOk = scheme == QLatin1String("https")
        || (scheme == QLatin1String("http") && !baseUrl.startsWith(QLatin1String("https:")));
    if (target.isValid() && schemeOk && target.userInfo().isEmpty() && !target.host().isEmpty()
        && isPlainHost(target.host()) && hostReadsAlike(target, url) && hostInDomains(target.host(), domains))
        return url;
    return sameOrigin(url, baseUrl);
}

} // namespace Gatehouse::Redirect
