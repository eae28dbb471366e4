#pragma once
/*!
 * \file sessionid.h  The \c sid of a Gatehouse session (OpenID Connect Back-Channel Logout 1.0
 * §2.1): stable for the session's life, the same on every server sharing the secret, and never
 * the session token itself. HMAC-SHA256 of the session's handle under a key derived from the
 * first configured secret, so that knowing a sid tells nothing of the session and a sid cannot
 * be guessed without the secret.
 */
#include <QDateTime>
#include <QString>
#include <QStringList>

namespace Gatehouse::OidcProvider {

//! The sid of the database session with \a sessionToken; empty without a secret or token.
QString databaseSessionId(const QStringList &secrets, const QString &sessionToken);

/*!
 * The sid of a JWT session of \a userId that began at \a signInTime (its \c auth_time, which
 * the session keeps while it rolls); empty when either is unknown.
 */
QString jwtSessionId(const QStringList &secrets, const QString &userId, const QDateTime &signInTime);

} // namespace Gatehouse::OidcProvider
