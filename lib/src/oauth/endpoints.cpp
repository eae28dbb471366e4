#include "oauth/endpoints.h"

#include <gatehouse/errors.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse::OAuth {

namespace {

QString withoutTrailingSlash(QString s)
{
    if (s.endsWith(QLatin1Char('/')))
        s.chop(1);
    return s;
}

} // namespace

std::optional<ServerMetadata> ServerMetadata::fromJson(const QByteArray &json, const QString &expectedIssuer,
                                                       QString *problem)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    if (!doc.isObject()) {
        *problem = QStringLiteral("the discovery document is not a JSON object");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    ServerMetadata m;
    m.issuer = o.value(QLatin1String("issuer")).toString();
    if (m.issuer.isEmpty()) {
        *problem = QStringLiteral("the discovery document has no \"issuer\"");
        return std::nullopt;
    }
    if (!expectedIssuer.isEmpty() && withoutTrailingSlash(m.issuer) != withoutTrailingSlash(expectedIssuer)) {
        *problem = QStringLiteral("the discovery document is for issuer \"%1\", not \"%2\"").arg(m.issuer, expectedIssuer);
        return std::nullopt;
    }
    const auto url = [&](const char *key, QUrl &target) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            return true;
        target = QUrl(v.toString());
        if (target.isValid() && (target.scheme() == QLatin1String("https") || target.scheme() == QLatin1String("http")))
            return true;
        *problem = QStringLiteral("\"%1\" of the discovery document is not an http(s) URL").arg(QLatin1String(key));
        return false;
    };
    if (!url("authorization_endpoint", m.authorizationEndpoint) || !url("token_endpoint", m.tokenEndpoint)
        || !url("userinfo_endpoint", m.userinfoEndpoint) || !url("jwks_uri", m.jwksUri)
        || !url("end_session_endpoint", m.endSessionEndpoint))
        return std::nullopt;
    for (const QJsonValue &alg : o.value(QLatin1String("id_token_signing_alg_values_supported")).toArray())
        m.idTokenSigningAlgs.append(alg.toString());
    m.issParameterSupported = o.value(QLatin1String("authorization_response_iss_parameter_supported")).toBool();
    return m;
}

bool needsDiscovery(const ProviderSettings &s, Needs needs)
{
    if (s.wellKnown.isEmpty())
        return false;
    return (needs.testFlag(Need::Authorization) && !s.authorization.isSet())
        || (needs.testFlag(Need::Token) && !s.token.isSet())
        || (needs.testFlag(Need::Userinfo) && !s.userinfo.isSet())
        || (needs.testFlag(Need::Jwks) && (s.jwksUri.isEmpty() || s.issuer.isEmpty()))
        || needs.testFlag(Need::EndSession);  // only discovery names it
}

Endpoints resolveEndpoints(const ProviderSettings &s, const ServerMetadata *metadata, Needs needs)
{
    Endpoints e;
    e.issuer = metadata ? metadata->issuer : s.issuer;
    e.authorization = s.authorization;
    e.token = s.token;
    e.userinfo = s.userinfo;
    e.jwksUri = s.jwksUri;
    if (metadata) {
        if (!e.authorization.isSet())
            e.authorization.url = metadata->authorizationEndpoint;
        if (!e.token.isSet())
            e.token.url = metadata->tokenEndpoint;
        if (!e.userinfo.isSet())
            e.userinfo.url = metadata->userinfoEndpoint;
        if (e.jwksUri.isEmpty())
            e.jwksUri = metadata->jwksUri;
        e.endSessionEndpoint = metadata->endSessionEndpoint;
        e.idTokenSigningAlgs = metadata->idTokenSigningAlgs;
        e.issParameterSupported = metadata->issParameterSupported;
    }
    const auto require = [&](Need need, bool present, const char *name) {
        if (needs.testFlag(need) && !present)
            throw InvalidEndpoints(QStringLiteral("provider \"%1\" has no %2 endpoint").arg(s.id, QLatin1String(name)));
    };
    require(Need::Authorization, e.authorization.isSet(), "authorization");
    require(Need::Token, e.token.isSet(), "token");
    require(Need::Userinfo, e.userinfo.isSet(), "userinfo");
    require(Need::Jwks, !e.jwksUri.isEmpty(), "jwks");
    if (needs.testFlag(Need::Jwks) && e.issuer.isEmpty())
        throw InvalidEndpoints(QStringLiteral("provider \"%1\" has no issuer to check id_tokens against").arg(s.id));
    return e;
}

} // namespace Gatehouse::OAuth
