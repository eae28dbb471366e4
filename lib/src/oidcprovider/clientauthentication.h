#pragma once
/*!
 * \file clientauthentication.h  Who is calling the token endpoint (RFC 6749 §2.3, OpenID Connect
 * Core §9): \c client_secret_basic, \c client_secret_post, or \c none for a public client (whose
 * proof is PKCE). Exactly one method per request. Secrets are compared in constant time. Pure.
 */
#include "oidcprovider/parameters.h"
#include "oidcprovider/protocolerror.h"

#include <gatehouse/config.h>

#include <QByteArray>

namespace Gatehouse::OidcProvider {

struct ClientAuthentication
{
    const OidcClient *client = nullptr;  //!< set when authenticated
    std::optional<ProtocolError> error;  //!< invalid_client (401) or invalid_request (400)
    bool usedBasic = false;              //!< the Authorization header was tried: the 401 names Basic
};

/*!
 * Authenticates the caller from \a authorization (the Authorization header, empty when absent)
 * and the body \a parameters against \a clients.
 */
ClientAuthentication authenticateClient(const QByteArray &authorization, const Parameters &parameters,
                                        const QList<OidcClient> &clients);

/*!
 * The client id a request names before anything is checked: the user part of Basic credentials,
 * else \c client_id; empty when it names none (for counting attempts per client).
 */
QString claimedClientId(const QByteArray &authorization, const Parameters &parameters);

//! The client of \a clients with \a clientId (compared exactly), or null.
const OidcClient *findClient(const QList<OidcClient> &clients, const QString &clientId);

//! Whether \a presented is \a configured, in time that depends on neither (both hashed first).
bool secretMatches(const QString &configured, const QString &presented);

} // namespace Gatehouse::OidcProvider
