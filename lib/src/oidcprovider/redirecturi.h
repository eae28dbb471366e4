#pragma once
/*!
 * \file redirecturi.h  Which redirect URIs a client may register, and whether the one a request
 * presents is one of them: exact string comparison (RFC 9700 §4.1), the one exception being the
 * port of a loopback IP literal over http (RFC 8252 §7.3). Pure; no normalisation anywhere, since
 * every normalisation is a way to make two different strings "match".
 */
#include <QString>
#include <QStringList>

#include <optional>

namespace Gatehouse::OidcProvider {

//! Why a redirect URI cannot be registered (oidcProvider.clients[i].redirectUris[j]).
enum class RedirectUriProblem {
    NotAbsolute,        //!< not an absolute URI with a scheme (or spaces, control characters)
    Fragment,           //!< has a '#' (RFC 6749 §3.1.2)
    UserInfo,           //!< has user information before the host ("https://a@b/")
    Wildcard,           //!< has a '*': matching is exact, a '*' would never mean "any"
    SchemeNotAllowed,   //!< javascript:, data:, file:, vbscript:, about:, blob:
    HttpNotLoopback,    //!< http to anything but 127.0.0.1 or [::1] (localhost included)
    NoHost,             //!< http(s) without a host
    TooLong,            //!< longer than maxRedirectUriLength
};

//! The longest redirect URI registered or presented; longer ones are refused before any parsing.
inline constexpr qsizetype maxRedirectUriLength = 2000;

//! Why \a uri cannot be a registered redirect URI, or nullopt when it can.
std::optional<RedirectUriProblem> redirectUriProblem(const QString &uri);

/*!
 * True when \a presented equals \a registered character for character, or when \a registered is
 * an http URI on the loopback IP literal 127.0.0.1 or [::1] and \a presented differs from it
 * only in the port (present, absent or another). \c localhost is a name, not a loopback IP
 * literal: it gets no such exception.
 */
bool redirectUriMatches(const QString &registered, const QString &presented);

//! True when \a presented matches one of \a registered (redirectUriMatches()).
bool isRegisteredRedirectUri(const QStringList &registered, const QString &presented);

} // namespace Gatehouse::OidcProvider
