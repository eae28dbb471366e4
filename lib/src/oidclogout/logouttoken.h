#pragma once
/*!
 * \file logouttoken.h  The Logout Token (OpenID Connect Back-Channel Logout 1.0 §2.4): a JWT
 * with \c typ \c logout+jwt, signed like the client's ID tokens, naming the person (\c sub) and
 * the session (\c sid), never with a \c nonce (§2.4: it must not be taken for an ID token).
 */
#include "oidcprovider/signingkeys.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace Gatehouse::OidcLogout {

//! How long a Logout Token is valid: long enough for the retries, short against replay.
inline constexpr qint64 logoutTokenLifetimeSeconds = 120;
//! The event a Logout Token carries (§2.4).
inline constexpr QLatin1String backchannelLogoutEvent{"http://schemas.openid.net/event/backchannel-logout"};

//! Who is logged out of a client: the person, the session (empty: every session of the person).
struct LogoutSubject
{
    QString clientId;
    QString userId;
    QString sid;
};

/*!
 * The claims: iss \a issuer, aud the client, iat \a now, exp, jti \a jti, events, sub, and sid
 * when \a subject names a session; a client with \a sessionRequired gets no token without one
 * (the caller skips it), so that it never has to guess which session ended.
 */
QJsonObject logoutTokenClaims(const QString &issuer, const LogoutSubject &subject, const QDateTime &now, const QString &jti);

//! A random jti: 128 bits, base64url.
QString newLogoutTokenId();

//! \a claims signed by \a key as a compact JWS with \c typ \c logout+jwt.
QString signLogoutToken(const OidcProvider::SigningKey &key, const QJsonObject &claims);

} // namespace Gatehouse::OidcLogout
