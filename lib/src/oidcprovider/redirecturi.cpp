#include "oidcprovider/redirecturi.h"

#include <QUrl>

#include <algorithm>

namespace Gatehouse::OidcProvider {

namespace {

const QLatin1String loopbackV4("http://127.0.0.1");
const QLatin1String loopbackV6("http://[::1]");

bool isSchemeChar(QChar c, bool first)
{
    const char16_t u = c.unicode();
    const bool letter = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z');
    return first ? letter : letter || (u >= '0' && u <= '9') || u == '+' || u == '-' || u == '.';
}

//! The scheme of \a uri (RFC 3986 §3.1), lower-cased, or empty when it has none.
QString schemeOf(const QString &uri)
{
    const qsizetype colon = uri.indexOf(u':');
    if (colon < 1)
        return {};
    for (qsizetype i = 0; i < colon; ++i) {
        if (!isSchemeChar(uri.at(i), i == 0))
            return {};
    }
    return uri.left(colon).toLower();
}

//! The authority of a "scheme://authority/..." URI as written, or nullopt when it has none.
std::optional<QStringView> authorityOf(const QString &uri, const QString &scheme)
{
    const QStringView rest = QStringView(uri).mid(scheme.size() + 1);
    if (!rest.startsWith(QLatin1String("//")))
        return std::nullopt;
    const QStringView afterSlashes = rest.mid(2);
    const qsizetype end = std::find_if(afterSlashes.begin(), afterSlashes.end(),
                                       [](QChar c) { return c == u'/' || c == u'?' || c == u'#'; })
        - afterSlashes.begin();
    return afterSlashes.left(end);
}

/*!
 * \a uri without the port after a loopback IP literal ("http://127.0.0.1:8080/cb" ->
 * "http://127.0.0.1/cb"), or nullopt when it is no http URI on 127.0.0.1 or [::1] or its port
 * is not 1 to 65535 written without leading zeros.
 */
std::optional<QString> withoutLoopbackPort(const QString &uri)
{
    QLatin1String host;
    if (uri.startsWith(loopbackV4))
        host = loopbackV4;
    else if (uri.startsWith(loopbackV6))
        host = loopbackV6;
    else
        return std::nullopt;
    QStringView rest = QStringView(uri).mid(host.size());
    if (rest.startsWith(u':')) {
        qsizetype digits = 1;
        while (digits < rest.size() && rest.at(digits) >= u'0' && rest.at(digits) <= u'9')
            ++digits;
        const QStringView port = rest.mid(1, digits - 1);
        // At most five digits are looked at, so the number below cannot overflow.
        if (port.isEmpty() || port.size() > 5 || port.front() == u'0' || port.toInt() > 65535)
            return std::nullopt;
        rest = rest.mid(digits);
    }
    // The host must end here: "http://127.0.0.1.evil.test" or "http://127.0.0.1@evil.test" are no loopback.
    if (!rest.isEmpty() && rest.front() != u'/' && rest.front() != u'?')
        return std::nullopt;
    return QString(host) + rest.toString();
}

} // namespace

std::optional<RedirectUriProblem> redirectUriProblem(const QString &uri)
{
    if (uri.size() > maxRedirectUriLength)
        return RedirectUriProblem::TooLong;
    const bool printableAscii = std::all_of(uri.cbegin(), uri.cend(), [](QChar c) {
        return c.unicode() > 0x20 && c.unicode() < 0x7f;
    });
    const QString scheme = schemeOf(uri);
    if (!printableAscii || scheme.isEmpty())
        return RedirectUriProblem::NotAbsolute;
    if (uri.contains(u'#'))
        return RedirectUriProblem::Fragment;
    if (uri.contains(u'*'))
        return RedirectUriProblem::Wildcard;
    static const QStringList forbidden{QStringLiteral("javascript"), QStringLiteral("data"), QStringLiteral("file"),
                                       QStringLiteral("vbscript"), QStringLiteral("about"), QStringLiteral("blob")};
    if (forbidden.contains(scheme))
        return RedirectUriProblem::SchemeNotAllowed;
    const std::optional<QStringView> authority = authorityOf(uri, scheme);
    if (authority && authority->contains(u'@'))
        return RedirectUriProblem::UserInfo;
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https")) {
        if (!authority || authority->isEmpty() || authority->startsWith(u':'))
            return RedirectUriProblem::NoHost;
        // Registered as written: "HTTP://127.0.0.1" would never match what clients send.
        if (scheme == QLatin1String("http") && !withoutLoopbackPort(uri))
            return RedirectUriProblem::HttpNotLoopback;
    }
    if (!QUrl(uri, QUrl::StrictMode).isValid())
        return RedirectUriProblem::NotAbsolute;
    return std::nullopt;
}

bool redirectUriMatches(const QString &registered, const QString &presented)
{
    if (presented.size() > maxRedirectUriLength)
        return false;
    if (presented == registered)
        return true;
    const std::optional<QString> loopback = withoutLoopbackPort(registered);
    return loopback && withoutLoopbackPort(presented) == loopback;
}

bool isRegisteredRedirectUri(const QStringList &registered, const QString &presented)
{
    return std::any_of(registered.cbegin(), registered.cend(),
                       [&presented](const QString &uri) { return redirectUriMatches(uri, presented); });
}

} // namespace Gatehouse::OidcProvider
