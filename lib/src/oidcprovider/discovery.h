#pragma once
/*!
 * \file discovery.h  The provider's metadata (OpenID Connect Discovery 1.0 §3, RFC 8414) and
 * where its endpoints live under the issuer. Pure.
 */
#include <QJsonObject>
#include <QString>

namespace Gatehouse::OidcProvider {

//! The endpoints' paths under the base path (routes of actions/routes.cpp).
namespace Paths {
inline constexpr QLatin1String discovery{".well-known/openid-configuration"};
inline constexpr QLatin1String authorize{"oidc/authorize"};
inline constexpr QLatin1String token{"oidc/token"};
inline constexpr QLatin1String userinfo{"oidc/userinfo"};
inline constexpr QLatin1String jwks{"oidc/jwks"};
inline constexpr QLatin1String revoke{"oidc/revoke"};
inline constexpr QLatin1String introspect{"oidc/introspect"};
inline constexpr QLatin1String endSession{"oidc/end-session"};
inline constexpr QLatin1String consent{"oidc/consent"};
} // namespace Paths

//! The scopes the provider serves.
QStringList supportedScopes();

//! The discovery document of the provider whose issuer is \a issuer (site URL + basePath).
QJsonObject discoveryDocument(const QString &issuer);

} // namespace Gatehouse::OidcProvider
