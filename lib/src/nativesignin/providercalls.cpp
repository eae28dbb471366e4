#include "nativesignin/providercalls.h"

#include "oauth/idtoken.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QUrlQuery>

namespace Gatehouse::NativeSignInDetail {

namespace {

using Reason = NativeSignInError::Reason;

QString urlForMessage(const QUrl &url)
{
    return url.toString(QUrl::RemoveQuery | QUrl::RemoveUserInfo | QUrl::RemoveFragment);
}

//! The response of \a request, or a Network error naming \a what.
void requireAnswer(const OAuth::HttpResponse &response, const QString &what)
{
    if (!response.ok())
        throw NativeSignInError(Reason::Network, QStringLiteral("%1 failed: %2").arg(what, response.error));
}

QJsonObject jsonObject(const OAuth::HttpResponse &response, const QString &what)
{
    const QJsonDocument doc = QJsonDocument::fromJson(response.body);
    if (!doc.isObject())
        throw NativeSignInError(Reason::InvalidResponse,
                                QStringLiteral("%1 answered status %2 without a JSON object").arg(what).arg(response.status));
    return doc.object();
}

OAuth::HttpRequest getJson(const QUrl &url, QByteArray endpoint, QByteArray accept = "application/json")
{
    OAuth::HttpRequest request;
    request.url = url;
    request.endpoint = std::move(endpoint);
    request.headers.append({QByteArrayLiteral("Accept"), std::move(accept)});
    return request;
}

[[noreturn]] void rejectIdToken(const QString &why)
{
    throw NativeSignInError(Reason::InvalidIdToken, QStringLiteral("the ID token is rejected: ") + why);
}

} // namespace

bool isLoopbackHost(const QString &host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

QString urlProblem(const QUrl &url, const QString &what, bool httpAllowed)
{
    if (!url.isValid() || url.host().isEmpty())
        return QStringLiteral("%1 is not a URL").arg(what);
    if (url.scheme() == QLatin1String("https"))
        return {};
    if (url.scheme() == QLatin1String("http") && httpAllowed && isLoopbackHost(url.host()))
        return {};
    return QStringLiteral("%1 (%2) must be https (http only on a loopback address, for an issuer there)")
        .arg(what, urlForMessage(url));
}

OAuth::HttpRequest discoveryRequest(const QUrl &issuer)
{
    QString base = issuer.toString();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return getJson(QUrl(base + QStringLiteral("/.well-known/openid-configuration")), "discovery");
}

std::shared_ptr<const OAuth::ServerMetadata> metadataOf(const OAuth::HttpResponse &response, const QUrl &issuer)
{
    const QString what = QStringLiteral("discovery at %1").arg(urlForMessage(issuer));
    requireAnswer(response, what);
    if (response.status != 200)
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1 answered status %2").arg(what).arg(response.status));
    QString problem;
    std::optional<OAuth::ServerMetadata> metadata = OAuth::ServerMetadata::fromJson(response.body, issuer.toString(), &problem);
    if (!metadata)
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1: %2").arg(what, problem));
    const bool httpAllowed = issuer.scheme() == QLatin1String("http");
    for (const auto &[url, name] : {std::pair{metadata->authorizationEndpoint, "authorization_endpoint"},
                                    std::pair{metadata->tokenEndpoint, "token_endpoint"},
                                    std::pair{metadata->jwksUri, "jwks_uri"}}) {
        if (url.isEmpty())
            throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1: no %2").arg(what, QLatin1String(name)));
        problem = urlProblem(url, QLatin1String(name), httpAllowed);
        if (!problem.isEmpty())
            throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1: %2").arg(what, problem));
    }
    return std::make_shared<const OAuth::ServerMetadata>(std::move(*metadata));
}

NativeSignInError providerRefusal(const QString &who, const QString &error, const QString &description)
{
    const QString detail = description.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(description);
    return NativeSignInError(Reason::ProviderError, QStringLiteral("%1 refused: %2%3").arg(who, error, detail), error, description);
}

OAuth::HttpRequest tokenRequest(const OAuth::ServerMetadata &metadata, const Form &form)
{
    OAuth::HttpRequest request = getJson(metadata.tokenEndpoint, "token");
    request.method = "POST";
    request.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/x-www-form-urlencoded")});
    QByteArrayList parts;
    for (const auto &[name, value] : form)
        parts.append(QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value));
    request.body = parts.join('&');
    return request;
}

NativeSignInTokens tokensOf(const OAuth::HttpResponse &response, const QStringList &asked)
{
    const QString what = QStringLiteral("the token endpoint");
    requireAnswer(response, what);
    const QJsonObject json = jsonObject(response, what);
    const QString error = json.value(QLatin1String("error")).toString();
    if (response.status != 200 || !error.isEmpty()) {
        if (error.isEmpty())
            throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1 answered status %2").arg(what).arg(response.status));
        throw providerRefusal(what, error, json.value(QLatin1String("error_description")).toString());
    }
    NativeSignInTokens tokens;
    tokens.accessToken = json.value(QLatin1String("access_token")).toString();
    tokens.tokenType = json.value(QLatin1String("token_type")).toString();
    tokens.refreshToken = json.value(QLatin1String("refresh_token")).toString();
    tokens.idToken = json.value(QLatin1String("id_token")).toString();
    if (tokens.accessToken.isEmpty())
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1 answered no access_token").arg(what));
    // RFC 6749 §5.1: the type is case-insensitive; a bearer token is all this helper can use.
    if (tokens.tokenType.compare(QLatin1String("Bearer"), Qt::CaseInsensitive) != 0)
        throw NativeSignInError(Reason::InvalidResponse,
                                QStringLiteral("%1 answered token_type \"%2\", not Bearer").arg(what, tokens.tokenType));
    tokens.tokenType = QStringLiteral("Bearer");
    const QJsonValue expiresIn = json.value(QLatin1String("expires_in"));
    if (expiresIn.isDouble() && expiresIn.toDouble() > 0)
        tokens.expiresAt = response.received.addSecs(qint64(expiresIn.toDouble()));
    const QString scope = json.value(QLatin1String("scope")).toString();
    tokens.scopes = scope.isEmpty() ? asked : scope.split(u' ', Qt::SkipEmptyParts);
    return tokens;
}

OAuth::HttpRequest jwksRequest(const QUrl &jwksUri)
{
    return getJson(jwksUri, "jwks", "application/json, application/jwk-set+json");
}

std::shared_ptr<const OAuth::JwkSet> keysOf(const OAuth::HttpResponse &response)
{
    const QString what = QStringLiteral("the JWK Set request");
    requireAnswer(response, what);
    if (response.status != 200)
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1 answered status %2").arg(what).arg(response.status));
    QString problem;
    std::optional<OAuth::JwkSet> set = OAuth::JwkSet::fromJson(response.body, &problem);
    if (!set)
        throw NativeSignInError(Reason::InvalidResponse, QStringLiteral("%1: %2").arg(what, problem));
    return std::make_shared<const OAuth::JwkSet>(std::move(*set));
}

OAuth::CompactJws parseIdToken(const QString &idToken, const OAuth::ServerMetadata &metadata)
{
    if (idToken.isEmpty())
        rejectIdToken(QStringLiteral("the token endpoint answered none (was \"openid\" granted?)"));
    QString problem;
    std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(idToken, &problem);
    if (!jws)
        rejectIdToken(problem);
    if (!OAuth::asymmetricAlgorithms().contains(jws->alg))
        rejectIdToken(QStringLiteral("alg \"%1\" is not accepted").arg(jws->alg));
    if (!metadata.idTokenSigningAlgs.isEmpty() && !metadata.idTokenSigningAlgs.contains(jws->alg))
        rejectIdToken(QStringLiteral("alg %1 is not one the issuer announces").arg(jws->alg));
    return *jws;
}

KeyOutcome tryKeys(const OAuth::CompactJws &jws, const OAuth::JwkSet &set)
{
    bool candidate = false;
    for (const OAuth::Jwk &key : set.keys) {
        if ((!jws.kid.isEmpty() && key.kid() != jws.kid) || !OAuth::keyFits(key, jws.alg))
            continue;
        candidate = true;
        if (OAuth::verifySignature(jws, key))
            return KeyOutcome::Verified;
    }
    return candidate ? KeyOutcome::BadSignature : KeyOutcome::NoMatchingKey;
}

QJsonObject verifiedClaims(const OAuth::CompactJws &jws, KeyOutcome outcome, const QString &issuer, const QString &clientId,
                           const std::optional<QString> &nonce, const QString &subject)
{
    if (outcome == KeyOutcome::NoMatchingKey)
        rejectIdToken(QStringLiteral("the issuer's JWK Set has no %1 key \"%2\"").arg(jws.alg, jws.kid));
    if (outcome == KeyOutcome::BadSignature)
        rejectIdToken(QStringLiteral("the %1 signature does not verify").arg(jws.alg));
    const QJsonDocument doc = QJsonDocument::fromJson(jws.payload);
    if (!doc.isObject())
        rejectIdToken(QStringLiteral("its payload is not a JSON object"));
    const QJsonObject claims = doc.object();
    OAuth::IdTokenRules rules;
    rules.issuer = issuer;
    rules.clientId = clientId;
    rules.now = QDateTime::currentSecsSinceEpoch();
    // A refreshed ID token need not repeat the nonce (OpenID Connect Core §12.2); if it does,
    // it is the provider's own word over TLS, not something a browser carried.
    const QJsonValue carried = claims.value(QLatin1String("nonce"));
    rules.nonce = nonce ? nonce : (carried.isString() ? std::optional<QString>(carried.toString()) : std::nullopt);
    try {
        OAuth::checkIdTokenClaims(claims, rules);
    } catch (const AuthError &e) {
        rejectIdToken(e.message());
    }
    if (!subject.isEmpty() && claims.value(QLatin1String("sub")).toString() != subject)
        rejectIdToken(QStringLiteral("it names another subject than the sign-in did"));
    return claims;
}

} // namespace Gatehouse::NativeSignInDetail
