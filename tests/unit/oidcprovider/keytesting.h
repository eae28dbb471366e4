#pragma once
// What the key tests share: a compact JWS made with a SigningKey, checked by the OAuth client's
// own verifier (oauth/jws.h) against the published JWK, as a relying party would.
#include "oidcprovider/signingkey.h"

#include "crypto/base64url.h"
#include "oauth/jws.h"

#include <QJsonDocument>

namespace Gatehouse::Testing {

inline QString compactJws(const OidcProvider::SigningKey &key, const QByteArray &payload)
{
    const QJsonObject header{{QStringLiteral("alg"), key.alg()}, {QStringLiteral("kid"), key.kid()}};
    const QByteArray input = Crypto::base64UrlEncode(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
        + Crypto::base64UrlEncode(payload);
    return QString::fromLatin1(input + '.' + Crypto::base64UrlEncode(key.sign(input)));
}

//! Whether \a token verifies with \a publishedJwk, parsed as a relying party parses a JWKS.
inline bool verifiesWith(const QString &token, const QJsonObject &publishedJwk, QString *problem)
{
    const std::optional<OAuth::Jwk> jwk = OAuth::Jwk::fromJson(publishedJwk, problem);
    if (!jwk)
        return false;
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(token, problem);
    if (!jws)
        return false;
    if (!OAuth::keyFits(*jwk, jws->alg)) {
        *problem = QStringLiteral("the key does not fit %1").arg(jws->alg);
        return false;
    }
    return OAuth::verifySignature(*jws, *jwk);
}

//! The JWK members that hold private key material (RFC 7518 §6.2.2, §6.3.2, RFC 8037 §2).
inline const QStringList &privateMembers()
{
    static const QStringList members{QStringLiteral("d"),  QStringLiteral("p"),  QStringLiteral("q"),
                                     QStringLiteral("dp"), QStringLiteral("dq"), QStringLiteral("qi"),
                                     QStringLiteral("oth"), QStringLiteral("k")};
    return members;
}

} // namespace Gatehouse::Testing
