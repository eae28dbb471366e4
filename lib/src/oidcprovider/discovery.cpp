#include "oidcprovider/discovery.h"

#include <gatehouse/config.h>

#include <QJsonArray>

namespace Gatehouse::OidcProvider {

namespace {

QJsonArray array(const QStringList &values)
{
    return QJsonArray::fromStringList(values);
}

} // namespace

QStringList supportedScopes()
{
    return {QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups"),
            QStringLiteral("offline_access")};
}

QJsonObject discoveryDocument(const QString &issuer)
{
    const auto at = [&issuer](QLatin1String path) -> QString { return issuer + QLatin1Char('/') + path; };
    return {
        {QStringLiteral("issuer"), issuer},
        {QStringLiteral("authorization_endpoint"), at(Paths::authorize)},
        {QStringLiteral("token_endpoint"), at(Paths::token)},
        {QStringLiteral("userinfo_endpoint"), at(Paths::userinfo)},
        {QStringLiteral("jwks_uri"), at(Paths::jwks)},
        {QStringLiteral("revocation_endpoint"), at(Paths::revoke)},
        {QStringLiteral("introspection_endpoint"), at(Paths::introspect)},
        {QStringLiteral("end_session_endpoint"), at(Paths::endSession)},
        {QStringLiteral("introspection_endpoint_auth_methods_supported"),
         array({QStringLiteral("client_secret_basic"), QStringLiteral("client_secret_post"), QStringLiteral("none")})},
        {QStringLiteral("revocation_endpoint_auth_methods_supported"),
         array({QStringLiteral("client_secret_basic"), QStringLiteral("client_secret_post"), QStringLiteral("none")})},
        {QStringLiteral("response_types_supported"), array({QStringLiteral("code")})},
        {QStringLiteral("response_modes_supported"), array({QStringLiteral("query")})},
        {QStringLiteral("grant_types_supported"), array({QStringLiteral("authorization_code"), QStringLiteral("refresh_token"),
                                                        QStringLiteral("client_credentials")})},
        {QStringLiteral("subject_types_supported"), array({QStringLiteral("public")})},
        {QStringLiteral("id_token_signing_alg_values_supported"), array(OidcProviderOptions::signingAlgorithms())},
        {QStringLiteral("token_endpoint_auth_methods_supported"),
         array({QStringLiteral("client_secret_basic"), QStringLiteral("client_secret_post"), QStringLiteral("none")})},
        {QStringLiteral("code_challenge_methods_supported"), array({QStringLiteral("S256")})},
        {QStringLiteral("scopes_supported"), array(supportedScopes())},
        {QStringLiteral("claims_supported"),
         array({QStringLiteral("sub"), QStringLiteral("iss"), QStringLiteral("aud"), QStringLiteral("exp"),
                QStringLiteral("iat"), QStringLiteral("auth_time"), QStringLiteral("nonce"), QStringLiteral("amr"),
                QStringLiteral("azp"), QStringLiteral("name"), QStringLiteral("preferred_username"),
                QStringLiteral("picture"), QStringLiteral("email"), QStringLiteral("email_verified"),
                QStringLiteral("groups"), QStringLiteral("sid")})},
        {QStringLiteral("claims_parameter_supported"), false},
        {QStringLiteral("request_parameter_supported"), false},
        {QStringLiteral("request_uri_parameter_supported"), false},
        {QStringLiteral("authorization_response_iss_parameter_supported"), true},
        // OpenID Back-Channel Logout 1.0 §2.1: Logout Tokens, with sid in them and in ID tokens.
        {QStringLiteral("backchannel_logout_supported"), true},
        {QStringLiteral("backchannel_logout_session_supported"), true},
    };
}

} // namespace Gatehouse::OidcProvider
