#pragma once
/*!
 * \file refreshgrant.h  Refresh tokens (RFC 6749 §6, OpenID Connect Core §11, RFC 9700 §4.14):
 * a grant for an authorization whose scope has \c offline_access, tokens of 256 random bits
 * stored as SHA-256 only, rotated on every use; the checks of a \c refresh_token request. Pure
 * but for the random bits.
 */
#include "oidcprovider/authorizationcode.h"
#include "oidcprovider/protocolerror.h"

#include <gatehouse/config.h>
#include <gatehouse/oidcgrantstore.h>

#include <optional>

namespace Gatehouse::OidcProvider {

//! The access token's claim naming the grant it was issued from (its revocation ends the token).
inline const QString grantIdClaim = QStringLiteral("grant_id");

//! Whether an authorization of \a client for \a scopes gets a refresh token.
bool offersRefreshToken(const OidcClient &client, const QStringList &scopes);

//! A new refresh token (256 random bits, base64url) and its hash, the store's key (as codeHash()).
NewCode newRefreshToken();
//! base64url(SHA-256(\a token)).
QString refreshTokenHash(const QString &token);

/*!
 * The key under which the redeemed \a code is kept with the grant it issued, as a spent refresh
 * token of it (OidcGrantStore::addOidcGrant()): not codeHash(), so that no refresh token is
 * taken for a code and no code for a refresh token.
 */
QString redeemedCodeMark(const QString &code);

//! The grant of the redeemed \a code (its person, scope and sign-in), valid \a lifetimeSeconds from \a now.
OidcGrant grantOf(const OidcAuthorizationCode &code, const QDateTime &now, qint64 lifetimeSeconds);

/*!
 * Why the redemption \a redeemed of a refresh token presented by \a client cannot be answered,
 * nullopt when it can: every refusal is invalid_grant. A token of another client is refused
 * after it was spent (the caller revokes its grant: a token in another's hands is a leaked one).
 */
std::optional<ProtocolError> checkRefresh(const OidcRefreshRedemption &redeemed, const OidcClient &client);

/*!
 * The scope of the tokens issued for a refresh with \a requested (space-separated; empty: all of
 * \a granted) on a grant of \a granted: a subset only (RFC 6749 §6), else invalid_scope.
 */
std::optional<ProtocolError> narrowScope(const QString &granted, const QString &requested, QString *scope);

/*!
 * What the tokens of a refresh on \a grant with \a scope say, in the shape idtoken.h signs: the
 * grant's person and sign-in, no nonce (OpenID Connect Core §12.2).
 */
OidcAuthorizationCode refreshedRecord(const OidcGrant &grant, const QString &scope);

} // namespace Gatehouse::OidcProvider
