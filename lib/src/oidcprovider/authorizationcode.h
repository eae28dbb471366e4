#pragma once
/*!
 * \file authorizationcode.h  Authorization codes: 256 random bits, stored as their SHA-256 only,
 * single use, valid for codeLifetimeSeconds, bound to the client, the redirect URI and the PKCE
 * challenge they were issued with (RFC 6749 §4.1.3, RFC 7636 §4.6, RFC 9700 §2.1.1). Pure but for
 * the random bits.
 */
#include "oidcprovider/protocolerror.h"

#include <gatehouse/config.h>
#include <gatehouse/oidccodestore.h>

#include <optional>

namespace Gatehouse::OidcProvider {

inline constexpr qint64 codeLifetimeSeconds = 60;

struct NewCode
{
    QString code;  //!< goes to the client, never stored
    QString hash;  //!< codeHash(code): the store's key
};

NewCode newAuthorizationCode();
//! base64url(SHA-256(\a code)): how a code is looked up; comparing hashes leaks nothing of the code.
QString codeHash(const QString &code);

/*!
 * Why the redeemed \a code cannot be exchanged by \a client with \a redirectUri and PKCE
 * \a verifier (empty: none sent) at \a now; nullopt when it can. Every refusal is invalid_grant.
 */
std::optional<ProtocolError> checkRedemption(const OidcAuthorizationCode &code, const OidcClient &client,
                                             const QString &redirectUri, const QString &verifier, const QDateTime &now);

} // namespace Gatehouse::OidcProvider
