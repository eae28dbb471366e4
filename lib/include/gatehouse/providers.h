#pragma once
/*!
 * \file providers.h  The built-in OAuth and OpenID Connect providers: GitHub, Google, Apple,
 * Microsoft Entra ID, Keycloak, ... as data (one JSON entry each: endpoints, scopes, profile
 * mapping, button style), usable with overrides.
 *
 * \code
 * config.providers << Gatehouse::builtinProvider("github", {{"clientId", id}, {"clientSecret", secret}});
 * config.providers << Gatehouse::builtinProvider("keycloak", {{"issuer", "https://sso.example/realms/main"}});
 * \endcode
 *
 * In the JSON configuration the same is \c {"id": "github"} plus any overrides. Client id and
 * secret not given are taken from \c AUTH_<ID>_ID and \c AUTH_<ID>_SECRET when signing in.
 * Providers that are run per tenant (Keycloak, Auth0, Okta, authentik, ZITADEL, Cognito, Azure AD
 * B2C, Microsoft Entra ID, FusionAuth, ...) have no issuer: give yours (or \c AUTH_<ID>_ISSUER).
 */
#include <gatehouse/global.h>
#include <gatehouse/provider.h>

#include <QJsonObject>
#include <QStringList>

namespace Gatehouse {

//! The ids of the built-in providers, sorted.
GATEHOUSE_EXPORT QStringList builtinProviderIds();

//! True when \a id names a built-in provider.
GATEHOUSE_EXPORT bool isBuiltinProvider(const QString &id);

/*!
 * The built-in provider \a id with \a overrides applied: objects merge key by key (so
 * \c {"authorization": {"params": {"scope": "..."}}} keeps the URL), any other value replaces
 * the built-in one. \c id, \c name and \c type may be overridden too (an \c id override makes a
 * second instance, e.g. \c "github-enterprise"). Throws AuthError \c InvalidProvider when there
 * is no built-in provider \a id.
 */
GATEHOUSE_EXPORT Provider builtinProvider(const QString &id, const QJsonObject &overrides = {});

} // namespace Gatehouse
