#pragma once
/*!
 * \file clientcredentials.h  The \c client_credentials grant (RFC 6749 §4.4): a confidential
 * client acting for itself gets an access token whose subject is the client (RFC 9068 §2.2): no
 * person, so no ID token and no refresh token (§4.4.3). Pure.
 */
#include "oidcprovider/protocolerror.h"

#include <gatehouse/config.h>
#include <gatehouse/oidccodestore.h>

#include <optional>

namespace Gatehouse::OidcProvider {

inline const QString clientCredentialsGrantType = QStringLiteral("client_credentials");

//! Whether \a client may use the grant: confidential, and \c client_credentials in its \c grantTypes.
bool mayUseClientCredentials(const OidcClient &client);

/*!
 * The scope of a \c client_credentials token for \a client asking for \a requested
 * (space-separated; empty: all it may have): a subset of the client's \c scopes without
 * \c openid and \c offline_access, which speak of a person; otherwise invalid_scope.
 */
std::optional<ProtocolError> clientCredentialsScope(const OidcClient &client, const QString &requested, QString *scope);

//! What the access token for \a client with \a scope says, in the shape idtoken.h signs: \c sub is the client.
OidcAuthorizationCode clientCredentialsRecord(const OidcClient &client, const QString &scope);

} // namespace Gatehouse::OidcProvider
