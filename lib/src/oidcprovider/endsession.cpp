#include "oidcprovider/endsession.h"

#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

namespace Gatehouse::OidcProvider {

namespace {

const OidcClient *clientNamed(const QList<OidcClient> &clients, const QString &id)
{
    for (const OidcClient &client : clients) {
        if (client.clientId == id)
            return &client;
    }
    return nullptr;
}

//! The hint's audience: a string, or an array of one (what this provider issues is a string).
QString audienceOf(const QJsonObject &claims)
{
    const QJsonValue aud = claims.value(QStringLiteral("aud"));
    if (aud.isString())
        return aud.toString();
    const QJsonArray list = aud.toArray();
    return list.size() == 1 ? list.at(0).toString() : QString();
}

EndSessionCheck refused(const QString &why)
{
    EndSessionCheck check;
    check.pageError = why;
    return check;
}

} // namespace

std::optional<QJsonObject> verifyIdTokenHint(const QString &hint, const SigningKeySet &keys, const QString &issuer,
                                             QString *problem)
{
    if (hint.size() > maxParameterLength) {
        *problem = QStringLiteral("the id_token_hint is too long");
        return std::nullopt;
    }
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(hint, problem);
    if (!jws)
        return std::nullopt;
    // An access token is no ID token, though the same keys sign it.
    if (jws->header.value(QStringLiteral("typ")).toString() == u"at+jwt") {
        *problem = QStringLiteral("the id_token_hint is an access token");
        return std::nullopt;
    }
    const SigningKey *key = keys.keyWithKid(jws->kid);
    const std::optional<OAuth::Jwk> jwk =
        key ? OAuth::Jwk::fromJson(key->publicJwk(), problem) : std::optional<OAuth::Jwk>();
    if (!jwk || !OAuth::keyFits(*jwk, jws->alg) || !OAuth::verifySignature(*jws, *jwk)) {
        *problem = QStringLiteral("the id_token_hint is not signed by this provider");
        return std::nullopt;
    }
    const QJsonDocument payload = QJsonDocument::fromJson(jws->payload);
    if (!payload.isObject() || payload.object().value(QStringLiteral("iss")).toString() != issuer) {
        *problem = QStringLiteral("the id_token_hint was issued by another issuer");
        return std::nullopt;
    }
    return payload.object();
}

EndSessionCheck checkEndSessionRequest(const Parameters &p, const std::optional<QJsonObject> &hintClaims,
                                       const QList<OidcClient> &clients)
{
    if (p.tooLarge)
        return refused(QStringLiteral("the request is too large"));
    if (!p.repeated.isEmpty())
        return refused(QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated));
    EndSessionCheck check;
    EndSessionRequest &r = check.request;
    const QString clientId = p.value(QStringLiteral("client_id"));
    if (!clientId.isEmpty()) {
        r.client = clientNamed(clients, clientId);
        if (!r.client)
            return refused(QStringLiteral("unknown client_id"));
    }
    if (hintClaims) {
        const OidcClient *audience = clientNamed(clients, audienceOf(*hintClaims));
        if (!audience)
            return refused(QStringLiteral("the id_token_hint was issued to no configured client"));
        if (r.client && r.client != audience)
            return refused(QStringLiteral("client_id is not the id_token_hint's audience"));
        r.client = audience;
        r.hintSubject = hintClaims->value(QStringLiteral("sub")).toString();
        if (r.hintSubject.isEmpty())
            return refused(QStringLiteral("the id_token_hint has no sub"));
    }
    const QString uri = p.value(QStringLiteral("post_logout_redirect_uri"));
    if (!uri.isEmpty()) {
        if (!r.client)
            return refused(QStringLiteral("post_logout_redirect_uri needs client_id or id_token_hint"));
        // Exactly as registered, as redirect URIs are (RFC 9700 §4.1): a near miss is an open redirect.
        if (!r.client->postLogoutRedirectUris.contains(uri))
            return refused(QStringLiteral("post_logout_redirect_uri is not registered for the client"));
        r.postLogoutRedirectUri = uri;
        r.state = p.value(QStringLiteral("state"));
    }
    return check;
}

QByteArray postLogoutLocation(const EndSessionRequest &request)
{
    QByteArray location = request.postLogoutRedirectUri.toUtf8();
    if (!request.state.isEmpty())
        location += (location.contains('?') ? '&' : '?') + QByteArrayLiteral("state=") + QUrl::toPercentEncoding(request.state);
    return location;
}

} // namespace Gatehouse::OidcProvider
