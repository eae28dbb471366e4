#include "oauth/providersettings.h"

#include "core/jsonnumber.h"

#include <gatehouse/autherror.h>
#include <gatehouse/errors.h>

#include <QJsonArray>

namespace Gatehouse::OAuth {

namespace {

[[noreturn]] void invalid(const ProviderSettings &s, const QString &what)
{
    throw InvalidProvider(QStringLiteral("provider \"%1\": %2").arg(s.id, what));
}

bool isHttpUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
        && !url.host().isEmpty();
}

QString paramValue(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble()) {
        const std::optional<qint64> whole = jsonInteger(v);
        return whole ? QString::number(*whole) : QString::number(v.toDouble());
    }
    return v.toString();
}

Endpoint readEndpoint(const ProviderSettings &s, const QJsonValue &value, const QString &key)
{
    Endpoint endpoint;
    if (value.isUndefined() || value.isNull())
        return endpoint;
    QJsonObject params;
    if (value.isString()) {
        endpoint.url = QUrl(value.toString());
    } else if (value.isObject()) {
        const QJsonValue url = value.toObject().value(QLatin1String("url"));
        if (!url.isUndefined())
            endpoint.url = QUrl(url.toString());
        params = value.toObject().value(QLatin1String("params")).toObject();
    } else {
        invalid(s, QStringLiteral("\"%1\" must be a URL or an object {url, params}").arg(key));
    }
    if (!endpoint.url.isEmpty() && !isHttpUrl(endpoint.url))
        invalid(s, QStringLiteral("\"%1\" is not an http(s) URL").arg(key));
    for (auto it = params.constBegin(); it != params.constEnd(); ++it)
        endpoint.params.append({it.key(), paramValue(*it)});
    return endpoint;
}

QString environment(const QString &id, const char *suffix)
{
    QString name = id.toUpper();
    name.replace(QLatin1Char('-'), QLatin1Char('_'));
    return qEnvironmentVariable(qPrintable(QStringLiteral("AUTH_") + name + QLatin1String(suffix)));
}

} // namespace

ProviderSettings ProviderSettings::fromProvider(const Provider &provider, const QString &configRedirectProxyUrl)
{
    ProviderSettings s;
    s.id = provider.id;
    s.type = provider.type;
    const QJsonObject &o = provider.options;
    s.clientId = o.value(QLatin1String("clientId")).toString();
    if (s.clientId.isEmpty())
        s.clientId = environment(s.id, "_ID");
    s.clientSecret = o.value(QLatin1String("clientSecret")).toString();
    if (s.clientSecret.isEmpty())
        s.clientSecret = environment(s.id, "_SECRET");
    s.issuer = o.value(QLatin1String("issuer")).toString();
    if (s.issuer.isEmpty())
        s.issuer = environment(s.id, "_ISSUER");
    if (s.clientId.isEmpty())
        invalid(s, QStringLiteral("\"clientId\" is missing (or set AUTH_%1_ID)").arg(s.id.toUpper().replace(QLatin1Char('-'), QLatin1Char('_'))));

    if (o.contains(QLatin1String("wellKnown")))
        s.wellKnown = QUrl(o.value(QLatin1String("wellKnown")).toString());
    else if (!s.issuer.isEmpty())
        s.wellKnown = QUrl(s.issuer.endsWith(QLatin1Char('/')) ? s.issuer.chopped(1) + QLatin1String("/.well-known/openid-configuration")
                                                               : s.issuer + QLatin1String("/.well-known/openid-configuration"));
    if (!s.wellKnown.isEmpty() && !isHttpUrl(s.wellKnown))
        invalid(s, QStringLiteral("\"issuer\" / \"wellKnown\" is not an http(s) URL"));
    s.authorization = readEndpoint(s, o.value(QLatin1String("authorization")), QStringLiteral("authorization"));
    s.token = readEndpoint(s, o.value(QLatin1String("token")), QStringLiteral("token"));
    s.userinfo = readEndpoint(s, o.value(QLatin1String("userinfo")), QStringLiteral("userinfo"));
    if (o.contains(QLatin1String("jwks_endpoint"))) {
        s.jwksUri = QUrl(o.value(QLatin1String("jwks_endpoint")).toString());
        if (!isHttpUrl(s.jwksUri))
            invalid(s, QStringLiteral("\"jwks_endpoint\" is not an http(s) URL"));
    }
    if (s.isOidc() && s.issuer.isEmpty() && s.wellKnown.isEmpty())
        invalid(s, QStringLiteral("an oidc provider needs \"issuer\" or \"wellKnown\""));
    if (s.wellKnown.isEmpty() && (!s.authorization.isSet() || !s.token.isSet()))
        invalid(s, QStringLiteral("needs \"authorization\" and \"token\" endpoints, or \"issuer\" for discovery"));

    const QJsonObject client = o.value(QLatin1String("client")).toObject();
    if (client.contains(QLatin1String("token_endpoint_auth_method")))
        s.tokenEndpointAuthMethod = client.value(QLatin1String("token_endpoint_auth_method")).toString();
    static const QStringList methods = {QStringLiteral("client_secret_basic"), QStringLiteral("client_secret_post"),
                                        QStringLiteral("none")};
    if (!methods.contains(s.tokenEndpointAuthMethod))
        invalid(s, QStringLiteral("client.token_endpoint_auth_method \"%1\" is not one of %2")
                       .arg(s.tokenEndpointAuthMethod, methods.join(QStringLiteral(", "))));
    if (s.tokenEndpointAuthMethod != QLatin1String("none") && s.clientSecret.isEmpty())
        invalid(s, QStringLiteral("\"clientSecret\" is missing (or set client.token_endpoint_auth_method to \"none\")"));
    s.idTokenSignedResponseAlg = client.value(QLatin1String("id_token_signed_response_alg")).toString();
    if (s.idTokenSignedResponseAlg == QLatin1String("none"))
        invalid(s, QStringLiteral("unsigned id_tokens (alg \"none\") are never accepted"));

    const QJsonValue checks = o.value(QLatin1String("checks"));
    if (checks.isArray()) {
        s.pkce = false;
        for (const QJsonValue &c : checks.toArray()) {
            const QString check = c.toString();
            if (check == QLatin1String("pkce"))
                s.pkce = true;
            else if (check == QLatin1String("state"))
                s.state = true;
            else if (check == QLatin1String("nonce") && s.isOidc())
                s.nonce = true;
            else if (check != QLatin1String("none"))
                invalid(s, QStringLiteral("check \"%1\" is not one of none, state, pkce%2")
                               .arg(check, s.isOidc() ? QStringLiteral(", nonce") : QString()));
        }
    }
    s.redirectProxyUrl = o.value(QLatin1String("redirectProxyUrl")).toString(configRedirectProxyUrl);
    while (s.redirectProxyUrl.endsWith(QLatin1Char('/')))
        s.redirectProxyUrl.chop(1);
    if (!s.redirectProxyUrl.isEmpty()) {
        if (!isHttpUrl(QUrl(s.redirectProxyUrl)))
            invalid(s, QStringLiteral("\"redirectProxyUrl\" is not an http(s) URL"));
        s.state = true;
    }
    s.useIdToken = s.isOidc() && o.value(QLatin1String("idToken")).toBool(true);
    s.profileMapping = o.value(QLatin1String("profileMapping")).toObject();
    s.profileFromToken = o.value(QLatin1String("profileFromToken")).toString();
    if (!s.useIdToken && s.profileFromToken.isEmpty() && !s.userinfo.isSet() && s.wellKnown.isEmpty())
        invalid(s, QStringLiteral("needs a \"userinfo\" endpoint (or \"issuer\" for discovery)"));
    const QJsonValue timeout = o.value(QLatin1String("httpOptions")).toObject().value(QLatin1String("timeout"));
    if (!timeout.isUndefined()) {
        if (!timeout.isDouble() || timeout.toDouble() < 1)
            invalid(s, QStringLiteral("httpOptions.timeout must be a positive number of milliseconds"));
        s.timeoutMs = int(qMin(timeout.toDouble(), 600000.0));
    }
    s.endSession = o.value(QLatin1String("endSession")).toBool(false);
    if (o.contains(QLatin1String("groups"))) {
        const QJsonObject groups = o.value(QLatin1String("groups")).toObject();
        GroupsClaim claim;
        claim.claim = groups.value(QLatin1String("claim")).toString(claim.claim);
        const QString mode = groups.value(QLatin1String("mode")).toString();
        claim.merge = mode == QLatin1String("merge");
        if (!o.value(QLatin1String("groups")).isObject() || claim.claim.isEmpty()
            || (!claim.merge && mode != QLatin1String("replace")))
            invalid(s, QStringLiteral("\"groups\" must be {\"claim\": \"<claim path>\", \"mode\": \"replace\" or \"merge\"} (the mode has no default)"));
        s.groups = claim;
    }
    return s;
}

} // namespace Gatehouse::OAuth
