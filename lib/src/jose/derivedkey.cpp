#include "jose/derivedkey.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"

namespace Gatehouse::Jose {

DerivedKey::DerivedKey(const QString &secret, const QString &salt)
    : DerivedKey(deriveKey(secret, salt))
{
}

DerivedKey::DerivedKey(QByteArray &&key)
    : m_cipher(key)
    , m_kid(thumbprint(key))
    , m_protectedHeader(Crypto::base64UrlEncode(
          R"({"alg":"dir","enc":"A256CBC-HS512","kid":")" + m_kid + R"("})"))
{
    key.fill('\0');
}

QByteArray DerivedKey::deriveKey(const QString &secret, const QString &salt)
{
    const QByteArray saltBytes = salt.toUtf8();
    return Crypto::hkdfSha256(secret.toUtf8(), saltBytes,
                              "Auth.js Generated Encryption Key (" + saltBytes + ')',
                              Crypto::AesCbcHmacSha512::KeySize);
}

QByteArray DerivedKey::thumbprint(QByteArrayView key)
{
    // RFC 7638: the required members of an "oct" JWK, sorted, without whitespace.
    QByteArray jwk = R"({"k":")" + Crypto::base64UrlEncode(key) + R"(","kty":"oct"})";
    const QByteArray kid = Crypto::base64UrlEncode(Crypto::sha512(jwk));
    jwk.fill('\0');
    return kid;
}

} // namespace Gatehouse::Jose
