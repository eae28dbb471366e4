#pragma once
/*!
 * \file idtoken.h  What the token endpoint issues for a redeemed code (OpenID Connect Core §2,
 * §5.4; RFC 9068): the claims of the ID token and of the access token, signed as compact JWS,
 * and the access token's verification at \c userinfo. Pure but for the signing.
 */
#include "oidcprovider/signingkeys.h"

#include <gatehouse/oidccodestore.h>

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Gatehouse::OidcProvider {

//! How long ID and access tokens are valid (the \c expires_in of the token response).
inline constexpr qint64 tokenLifetimeSeconds = 600;
// A key that stopped signing stays published until what it signed last has expired.
static_assert(KeySchedule::publishAfterSigning.count() >= tokenLifetimeSeconds + 60);

/*!
 * The claims of \a person (name, email, email_verified, picture, groups, as recorded at
 * sign-in) that \a scopes grant: \c profile name, preferred_username, picture; \c email email,
 * email_verified; \c groups groups. Absent values stay absent.
 */
QJsonObject scopedClaims(const QJsonObject &person, const QStringList &scopes);

//! The ID token's claims for \a code, redeemed by its client at \a now, issued by \a issuer; \c sid from its claims.
QJsonObject idTokenClaims(const QString &issuer, const OidcAuthorizationCode &code, const QDateTime &now);

/*!
 * The access token's claims (RFC 9068 §2.2): iss, sub, aud and client_id (the client: no other
 * resource server is known), iat, exp, jti, scope, auth_time, and the scoped claims, so that
 * userinfo answers from the token alone (a JWT session's person may be in no table); and
 * \c grant_id, \a grantId when not empty: the refresh grant whose revocation ends the token.
 */
QJsonObject accessTokenClaims(const QString &issuer, const OidcAuthorizationCode &code, const QDateTime &now,
                              const QString &grantId = {});

//! \a claims as a compact JWS signed by \a key, with \c typ \a type when not empty ("at+jwt").
QString signJwt(const SigningKey &key, const QByteArray &type, const QJsonObject &claims);

/*!
 * The claims of the access token \a token when it is one of ours: \c typ at+jwt, signed RS256
 * by a key of \a keys (by \c kid), issued by \a issuer, not expired at \a now; otherwise nullopt
 * with \a problem.
 */
std::optional<QJsonObject> verifyAccessToken(const QString &token, const SigningKeySet &keys, const QString &issuer,
                                             const QDateTime &now, QString *problem);

} // namespace Gatehouse::OidcProvider
