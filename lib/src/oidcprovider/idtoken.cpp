#include "oidcprovider/idtoken.h"

#include "crypto/base64url.h"
#include "crypto/random.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"
#include "oidcprovider/refreshgrant.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::OidcProvider {

namespace {

void copy(const QJsonObject &from, QJsonObject &to, const QString &name)
{
    const QJsonValue value = from.value(name);
    if (!value.isUndefined() && !value.isNull())
        to.insert(name, value);
}

QStringList scopesOf(const OidcAuthorizationCode &code)
{
    return code.scope.split(u' ', Qt::SkipEmptyParts);
}

QJsonObject personOf(const OidcAuthorizationCode &code)
{
    return QJsonDocument::fromJson(code.claims.toUtf8()).object();
}

//! What both tokens of \a code say: the scoped claims, issuer, subject, audience and lifetime.
QJsonObject issuedClaims(const QString &issuer, const OidcAuthorizationCode &code, const QDateTime &now)
{
    QJsonObject claims = scopedClaims(personOf(code), scopesOf(code));
    const qint64 iat = now.toSecsSinceEpoch();
    claims.insert(QStringLiteral("iss"), issuer);
    claims.insert(QStringLiteral("sub"), code.userId);
    claims.insert(QStringLiteral("aud"), code.clientId);
    claims.insert(QStringLiteral("iat"), iat);
    claims.insert(QStringLiteral("exp"), iat + tokenLifetimeSeconds);
    return claims;
}

} // namespace

QJsonObject scopedClaims(const QJsonObject &person, const QStringList &scopes)
{
    QJsonObject claims;
    if (scopes.contains(QStringLiteral("profile"))) {
        copy(person, claims, QStringLiteral("name"));
        copy(person, claims, QStringLiteral("preferred_username"));
        copy(person, claims, QStringLiteral("picture"));
    }
    if (scopes.contains(QStringLiteral("email"))) {
        copy(person, claims, QStringLiteral("email"));
        copy(person, claims, QStringLiteral("email_verified"));
    }
    if (scopes.contains(QStringLiteral("groups")))
        copy(person, claims, QStringLiteral("groups"));
    return claims;
}

QJsonObject idTokenClaims(const QString &issuer, const OidcAuthorizationCode &code, const QDateTime &now)
{
    QJsonObject claims = issuedClaims(issuer, code, now);
    claims.insert(QStringLiteral("azp"), code.clientId);
    if (code.authTime.isValid())
        claims.insert(QStringLiteral("auth_time"), code.authTime.toSecsSinceEpoch());
    if (!code.nonce.isEmpty())
        claims.insert(QStringLiteral("nonce"), code.nonce);
    if (!code.amr.isEmpty())
        claims.insert(QStringLiteral("amr"), QJsonArray::fromStringList(code.amr));
    // Back-Channel Logout 1.0 §2.1: the session a Logout Token will name; in no other token.
    copy(personOf(code), claims, QStringLiteral("sid"));
    return claims;
}

QJsonObject accessTokenClaims(const QString &issuer, const OidcAuthorizationCode &code, const QDateTime &now,
                              const QString &grantId)
{
    QJsonObject claims = issuedClaims(issuer, code, now);
    claims.insert(QStringLiteral("client_id"), code.clientId);
    claims.insert(QStringLiteral("jti"), QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(16))));
    claims.insert(QStringLiteral("scope"), code.scope);
    if (code.authTime.isValid())
        claims.insert(QStringLiteral("auth_time"), code.authTime.toSecsSinceEpoch());
    if (!grantId.isEmpty())
        claims.insert(grantIdClaim, grantId);
    return claims;
}

QString signJwt(const SigningKey &key, const QByteArray &type, const QJsonObject &claims)
{
    QJsonObject header{{QStringLiteral("alg"), key.alg()}, {QStringLiteral("kid"), key.kid()}};
    if (!type.isEmpty())
        header.insert(QStringLiteral("typ"), QString::fromLatin1(type));
    const QByteArray input = Crypto::base64UrlEncode(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
        + Crypto::base64UrlEncode(QJsonDocument(claims).toJson(QJsonDocument::Compact));
    return QString::fromLatin1(input + '.' + Crypto::base64UrlEncode(key.sign(input)));
}

std::optional<QJsonObject> verifyAccessToken(const QString &token, const SigningKeySet &keys, const QString &issuer,
                                             const QDateTime &now, QString *problem)
{
    if (token.size() > 16384) {
        *problem = QStringLiteral("the token is too long");
        return std::nullopt;
    }
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(token, problem);
    if (!jws)
        return std::nullopt;
    // Only what this provider issues: RS256, typ at+jwt, a kid it publishes.
    if (jws->alg != u"RS256" || jws->header.value(QStringLiteral("typ")).toString() != u"at+jwt") {
        *problem = QStringLiteral("not an access token of this provider");
        return std::nullopt;
    }
    const SigningKey *signer = nullptr;
    const QList<SigningKey> published = keys.published();
    for (const SigningKey &key : published) {
        if (key.kid() == jws->kid && key.algorithm() == SigningAlgorithm::RS256)
            signer = &key;
    }
    if (!signer) {
        *problem = QStringLiteral("signed by an unknown key");
        return std::nullopt;
    }
    const std::optional<OAuth::Jwk> jwk = OAuth::Jwk::fromJson(signer->publicJwk(), problem);
    if (!jwk || !OAuth::verifySignature(*jws, *jwk)) {
        *problem = QStringLiteral("the signature does not verify");
        return std::nullopt;
    }
    const QJsonDocument payload = QJsonDocument::fromJson(jws->payload);
    if (!payload.isObject()) {
        *problem = QStringLiteral("the payload is not a JSON object");
        return std::nullopt;
    }
    const QJsonObject claims = payload.object();
    if (claims.value(QStringLiteral("iss")).toString() != issuer) {
        *problem = QStringLiteral("issued by another issuer");
        return std::nullopt;
    }
    const QJsonValue exp = claims.value(QStringLiteral("exp"));
    if (!exp.isDouble() || qint64(exp.toDouble()) <= now.toSecsSinceEpoch()) {
        *problem = QStringLiteral("the token has expired");
        return std::nullopt;
    }
    return claims;
}

} // namespace Gatehouse::OidcProvider
