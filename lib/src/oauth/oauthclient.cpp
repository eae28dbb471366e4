#include "oauth/oauthclient.h"

#include "core/futures.h"

#include "oauth/cachecontrol.h"
#include "oauth/idtoken.h"
#include "oauth/jws.h"
#include "oauth/logging.h"

#include <gatehouse/errors.h>

#include <QJsonDocument>
#include <QUrlQuery>

namespace Gatehouse::OAuth {

namespace {

QString urlForLog(const QUrl &url)
{
    return url.toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo | QUrl::RemoveFragment);
}

void requireResponse(const HttpResponse &response, const QString &what)
{
    if (!response.ok())
        throw CallbackRouteError(QStringLiteral("%1 failed: %2").arg(what, response.error));
}

//! Which keys could have signed \a jws; the outcome of trying them.
enum class KeyOutcome { Verified, NoMatchingKey, BadSignature };

KeyOutcome tryKeys(const CompactJws &jws, const JwkSet &set)
{
    if (!jws.kid.isEmpty() && !set.hasKid(jws.kid))
        return KeyOutcome::NoMatchingKey;
    bool candidate = false;
    for (const Jwk &key : set.keys) {
        if ((!jws.kid.isEmpty() && key.kid() != jws.kid) || !keyFits(key, jws.alg))
            continue;
        candidate = true;
        if (verifySignature(jws, key))
            return KeyOutcome::Verified;
    }
    return candidate ? KeyOutcome::BadSignature : KeyOutcome::NoMatchingKey;
}

[[noreturn]] void rejectToken(const QString &why)
{
    throw CallbackRouteError(QStringLiteral("id_token rejected: ") + why);
}

QJsonObject checkedClaims(const CompactJws &jws, const ProviderSettings &s, const Endpoints &e,
                          const std::optional<QString> &nonce)
{
    const QJsonDocument doc = QJsonDocument::fromJson(jws.payload);
    if (!doc.isObject())
        rejectToken(QStringLiteral("its payload is not a JSON object"));
    IdTokenRules rules;
    rules.issuer = e.issuer;
    rules.clientId = s.clientId;
    rules.nonce = nonce;
    rules.now = QDateTime::currentSecsSinceEpoch();
    checkIdTokenClaims(doc.object(), rules);
    return doc.object();
}

} // namespace

QJsonObject jsonBody(const HttpResponse &response, const QString &what)
{
    if (response.mediaType() == "application/x-www-form-urlencoded") {
        QJsonObject object;
        const QUrlQuery form(QString::fromUtf8(response.body).replace(QLatin1Char('+'), QLatin1Char(' ')));
        for (const auto &item : form.queryItems(QUrl::FullyDecoded))
            object.insert(item.first, item.second);
        return object;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(response.body, &error);
    if (!doc.isObject())
        throw CallbackRouteError(QStringLiteral("%1 answered status %2 with a body that is not a JSON object")
                                     .arg(what).arg(response.status));
    return doc.object();
}

QByteArray formEncode(const ParamList &params)
{
    QByteArray out;
    for (const auto &p : params) {
        if (!out.isEmpty())
            out += '&';
        out += QUrl::toPercentEncoding(p.first, "*", "~").replace("%20", "+") + '='
            + QUrl::toPercentEncoding(p.second, "*", "~").replace("%20", "+");
    }
    return out;
}

OAuthClient::OAuthClient() = default;
OAuthClient::~OAuthClient() = default;

QFuture<Endpoints> OAuthClient::endpoints(const ProviderSettings &settings, Needs needs) const
{
    if (!needsDiscovery(settings, needs))
        return QtFuture::makeReadyFuture(resolveEndpoints(settings, nullptr, needs));
    const QUrl url = settings.wellKnown;
    const QString expectedIssuer = settings.issuer;
    const int timeoutMs = settings.timeoutMs;
    const HttpClient &http = m_http;
    using Fetched = DocumentCache<ServerMetadata>::Fetched;
    return m_metadata
        .get(url.toString() + QLatin1Char(' ') + expectedIssuer, false,
             [&http, url, expectedIssuer, timeoutMs] {
                 HttpRequest request;
                 request.endpoint = "discovery";
                 request.url = url;
                 request.timeoutMs = timeoutMs;
                 request.headers.append({QByteArrayLiteral("Accept"), QByteArray("application/json")});
                 return http.send(request).then(QtFuture::Launch::Sync, [url, expectedIssuer](const HttpResponse &r) {
                     const QString what = QStringLiteral("discovery at %1").arg(urlForLog(url));
                     requireResponse(r, what);
                     if (r.status != 200)
                         throw CallbackRouteError(QStringLiteral("%1 answered status %2").arg(what).arg(r.status));
                     QString problem;
                     std::optional<ServerMetadata> metadata = ServerMetadata::fromJson(r.body, expectedIssuer, &problem);
                     if (!metadata)
                         throw CallbackRouteError(QStringLiteral("%1: %2").arg(what, problem));
                     return Fetched{std::make_shared<const ServerMetadata>(std::move(*metadata)), freshUntil(r)};
                 });
             })
        .then(QtFuture::Launch::Sync, [settings, needs](const std::shared_ptr<const ServerMetadata> &metadata) {
            return resolveEndpoints(settings, metadata.get(), needs);
        });
}

QFuture<QJsonObject> OAuthClient::requestTokens(const ProviderSettings &s, const Endpoints &e,
                                                const ParamList &grant) const
{
    ParamList body = grant;
    body += e.token.params;
    HttpRequest request;
    request.endpoint = "token";
    request.method = "POST";
    request.url = e.token.url;
    request.timeoutMs = s.timeoutMs;
    request.headers.append({QByteArrayLiteral("Content-Type"), QByteArray("application/x-www-form-urlencoded")});
    request.headers.append({QByteArrayLiteral("Accept"), QByteArray("application/json")});
    if (s.tokenEndpointAuthMethod == QLatin1String("client_secret_basic")) {
        const QByteArray credentials = formEncode({{s.clientId, s.clientSecret}}).replace('=', ':');
        request.headers.append({QByteArrayLiteral("Authorization"), QByteArray("Basic " + credentials.toBase64())});
    } else {
        body.append({QStringLiteral("client_id"), s.clientId});
        if (s.tokenEndpointAuthMethod == QLatin1String("client_secret_post"))
            body.append({QStringLiteral("client_secret"), s.clientSecret});
    }
    request.body = formEncode(body);
    const QString what = QStringLiteral("token request to %1").arg(urlForLog(request.url));
    return m_http.send(request).then(QtFuture::Launch::Sync, [what](const HttpResponse &r) {
        requireResponse(r, what);
        const QJsonObject tokens = jsonBody(r, what);
        if (r.status != 200) {
            const QString error = tokens.value(QLatin1String("error")).toString();
            throw CallbackRouteError(QStringLiteral("%1 answered status %2%3").arg(what).arg(r.status)
                                         .arg(error.isEmpty() ? QString() : QStringLiteral(": ") + error),
                                     tokens.value(QLatin1String("error_description")).toString());
        }
        if (tokens.value(QLatin1String("access_token")).toString().isEmpty())
            throw CallbackRouteError(QStringLiteral("%1: the response has no access_token").arg(what));
        return tokens;
    });
}

QFuture<QJsonObject> OAuthClient::userinfo(const ProviderSettings &s, const Endpoints &e, const QString &accessToken) const
{
    HttpRequest request;
    request.endpoint = "userinfo";
    request.url = e.userinfo.url;
    if (!e.userinfo.params.isEmpty()) {
        QUrlQuery query(request.url);
        for (const auto &p : e.userinfo.params)
            query.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(p.first)),
                               QString::fromLatin1(QUrl::toPercentEncoding(p.second)));
        request.url.setQuery(query);
    }
    request.timeoutMs = s.timeoutMs;
    request.headers.append({QByteArrayLiteral("Accept"), QByteArray("application/json")});
    request.headers.append({QByteArrayLiteral("Authorization"), QByteArray("Bearer " + accessToken.toUtf8())});
    const QString what = QStringLiteral("userinfo request to %1").arg(urlForLog(request.url));
    return m_http.send(request).then(QtFuture::Launch::Sync, [what](const HttpResponse &r) {
        requireResponse(r, what);
        if (r.status != 200)
            throw CallbackRouteError(QStringLiteral("%1 answered status %2").arg(what).arg(r.status));
        return jsonBody(r, what);
    });
}

QFuture<QUrl> OAuthClient::endSessionUrl(const ProviderSettings &settings, const QString &idTokenHint,
                                         const QString &postLogoutRedirectUri) const
{
    if (!settings.endSession || settings.wellKnown.isEmpty())
        return QtFuture::makeReadyFuture(QUrl());
    return endpoints(settings, Need::EndSession)
        .then(QtFuture::Launch::Sync, [settings, idTokenHint, postLogoutRedirectUri](const Endpoints &e) {
            QUrl url = e.endSessionEndpoint;
            if (url.isEmpty())
                return url;
            ParamList params = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
            params.append({QStringLiteral("client_id"), settings.clientId});
            if (!idTokenHint.isEmpty())
                params.append({QStringLiteral("id_token_hint"), idTokenHint});
            if (!postLogoutRedirectUri.isEmpty())
                params.append({QStringLiteral("post_logout_redirect_uri"), postLogoutRedirectUri});
            url.setQuery(QString::fromLatin1(formEncode(params)), QUrl::StrictMode);
            return url;
        });
}

QFuture<std::shared_ptr<const JwkSet>> OAuthClient::keySet(const QUrl &url, bool refresh, int timeoutMs) const
{
    const HttpClient &http = m_http;
    using Fetched = DocumentCache<JwkSet>::Fetched;
    return m_jwks.get(url.toString(), refresh, [&http, url, timeoutMs] {
        HttpRequest request;
        request.endpoint = "jwks";
        request.url = url;
        request.timeoutMs = timeoutMs;
        request.headers.append({QByteArrayLiteral("Accept"), QByteArray("application/json, application/jwk-set+json")});
        return http.send(request).then(QtFuture::Launch::Sync, [url](const HttpResponse &r) {
            const QString what = QStringLiteral("JWKS request to %1").arg(urlForLog(url));
            requireResponse(r, what);
            if (r.status != 200)
                throw CallbackRouteError(QStringLiteral("%1 answered status %2").arg(what).arg(r.status));
            QString problem;
            std::optional<JwkSet> set = JwkSet::fromJson(r.body, &problem);
            if (!set)
                throw CallbackRouteError(QStringLiteral("%1: %2").arg(what, problem));
            for (const QString &skipped : set->skipped)
                qCDebug(lcOAuth).noquote() << what << "skipped" << skipped;
            return Fetched{std::make_shared<const JwkSet>(std::move(*set)), freshUntil(r)};
        });
    });
}

QFuture<QJsonObject> OAuthClient::verifyIdToken(const ProviderSettings &s, const Endpoints &e, const QString &idToken,
                                                const std::optional<QString> &nonce) const
{
    try {
        return verifyParsed(s, e, idToken, nonce);
    } catch (...) {
        return failedFuture<QJsonObject>(std::current_exception());
    }
}

QFuture<QJsonObject> OAuthClient::verifyParsed(const ProviderSettings &s, const Endpoints &e, const QString &idToken,
                                               const std::optional<QString> &nonce) const
{
    QString problem;
    const std::optional<CompactJws> parsed = CompactJws::parse(idToken, &problem);
    if (!parsed)
        rejectToken(problem);
    const CompactJws jws = *parsed;
    if (isHmacAlgorithm(jws.alg)) {
        // Only a provider configured for HMAC id_tokens (keyed with the client secret) gets one.
        if (s.idTokenSignedResponseAlg != jws.alg)
            rejectToken(QStringLiteral("alg %1 is not allowed (HMAC id_tokens need client.id_token_signed_response_alg)").arg(jws.alg));
        if (!verifyHmac(jws, s.clientSecret.toUtf8()))
            rejectToken(QStringLiteral("the %1 signature does not verify with the client secret").arg(jws.alg));
        return QtFuture::makeReadyFuture(checkedClaims(jws, s, e, nonce));
    }
    if (!asymmetricAlgorithms().contains(jws.alg))
        rejectToken(QStringLiteral("alg \"%1\" is not accepted").arg(jws.alg));
    if (!s.idTokenSignedResponseAlg.isEmpty() && s.idTokenSignedResponseAlg != jws.alg)
        rejectToken(QStringLiteral("alg %1 is not the configured %2").arg(jws.alg, s.idTokenSignedResponseAlg));
    if (s.idTokenSignedResponseAlg.isEmpty() && !e.idTokenSigningAlgs.isEmpty() && !e.idTokenSigningAlgs.contains(jws.alg))
        rejectToken(QStringLiteral("alg %1 is not one the issuer announces").arg(jws.alg));

    const QUrl url = e.jwksUri;
    const int timeoutMs = s.timeoutMs;
    return keySet(url, false, timeoutMs)
        .then(QtFuture::Launch::Sync, [this, jws, url, timeoutMs](const std::shared_ptr<const JwkSet> &set) {
            const KeyOutcome outcome = tryKeys(jws, *set);
            if (outcome != KeyOutcome::NoMatchingKey)
                return QtFuture::makeReadyFuture(outcome);
            // The issuer may have rotated its keys since they were cached: fetch them once more.
            return keySet(url, true, timeoutMs).then(QtFuture::Launch::Sync, [jws](const std::shared_ptr<const JwkSet> &fresh) {
                return tryKeys(jws, *fresh);
            });
        })
        .unwrap()
        .then(QtFuture::Launch::Sync, [jws, s, e, nonce](KeyOutcome outcome) {
            if (outcome == KeyOutcome::NoMatchingKey)
                rejectToken(jws.kid.isEmpty() ? QStringLiteral("no key of the issuer's JWKS fits alg %1").arg(jws.alg)
                                              : QStringLiteral("the issuer's JWKS has no %1 key \"%2\"").arg(jws.alg, jws.kid));
            if (outcome == KeyOutcome::BadSignature)
                rejectToken(QStringLiteral("the %1 signature does not verify").arg(jws.alg));
            return checkedClaims(jws, s, e, nonce);
        });
}

} // namespace Gatehouse::OAuth
