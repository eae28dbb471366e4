#include "jose/jwe.h"

#include "crypto/base64url.h"
#include "crypto/random.h"
#include "jose/claimsjson.h"
#include "jose/logging.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonValue>
#include <QVarLengthArray>

#include <algorithm>
#include <array>

namespace Gatehouse::Jose {
namespace {

using Crypto::AesCbcHmacSha512;

// Most session tokens fit: no heap allocation for their ciphertext.
using Buffer = QVarLengthArray<char, 2048>;
using Candidates = QVarLengthArray<const DerivedKey *, 4>;

std::nullopt_t reject(const char *reason)
{
    qCDebug(lcJose, "JWE rejected: %s", reason);
    return std::nullopt;
}

bool refuse(const char *reason)
{
    reject(reason);
    return false;
}

// The five parts of a compact JWE: header.encryptedKey.iv.ciphertext.tag
bool split(QStringView token, std::array<QStringView, 5> &parts)
{
    qsizetype start = 0;
    for (size_t i = 0; i < parts.size() - 1; ++i) {
        const qsizetype dot = token.indexOf(u'.', start);
        if (dot < 0)
            return false;
        parts[i] = token.sliced(start, dot - start);
        start = dot + 1;
    }
    parts.back() = token.sliced(start);
    return !parts.back().contains(u'.');
}

template<size_t Size>
bool decodeFixed(QStringView encoded, std::array<char, Size> &out)
{
    return Crypto::base64UrlDecodedSize(encoded.size()) == qsizetype(Size)
        && Crypto::base64UrlDecode(encoded, out.data());
}

// For a header that is not byte-for-byte one of ours (another implementation may order or
// space it differently): check it and pick the keys to try.
bool candidatesFromHeader(QStringView encodedHeader, const KeySet &keys, Candidates &candidates)
{
    const std::optional<QByteArray> json = Crypto::base64UrlDecode(encodedHeader);
    if (!json)
        return refuse("protected header is not base64url");
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(*json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return refuse("protected header is not a JSON object");
    const QJsonObject header = document.object();
    if (header.value(QLatin1String("alg")) != QLatin1String("dir"))
        return refuse("alg is not dir");
    if (header.value(QLatin1String("enc")) != QLatin1String("A256CBC-HS512"))
        return refuse("enc is not A256CBC-HS512");
    if (header.contains(QLatin1String("zip")))
        return refuse("compressed tokens (zip) are not supported");
    if (header.contains(QLatin1String("crit")))
        return refuse("no critical header extension (crit) is understood");

    const QJsonValue kid = header.value(QLatin1String("kid"));
    if (kid.isUndefined()) {
        for (qsizetype i = 0; i < keys.size(); ++i)
            candidates.append(&keys.at(i));
        return true;
    }
    const DerivedKey *key = kid.isString() ? keys.findByKid(kid.toString()) : nullptr;
    if (!key)
        return refuse("no secret has this kid");
    candidates.append(key);
    return true;
}

// Auth.js's decode checks these claims (jose's jwtDecrypt with a 15 s clock tolerance).
bool claimsAreCurrent(const QJsonObject &claims)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    // Each claim looked up once: a lookup in a QJsonObject costs a few hundred instructions.
    const QJsonValue iat = claims.value(QLatin1String("iat"));
    const QJsonValue nbf = claims.value(QLatin1String("nbf"));
    const QJsonValue exp = claims.value(QLatin1String("exp"));
    for (const QJsonValue *value : {&iat, &nbf, &exp}) {
        if (!value->isUndefined() && !value->isDouble())
            return refuse("iat, nbf or exp is not a number");
    }
    if (exp.isDouble() && exp.toDouble() <= double(now - JweCodec::ClockTolerance))
        return refuse("expired");
    if (nbf.isDouble() && nbf.toDouble() > double(now + JweCodec::ClockTolerance))
        return refuse("not valid yet (nbf)");
    return true;
}

} // namespace

JweCodec::JweCodec(QStringList secrets)
    : m_keyRing(std::move(secrets))
{
}

QString JweCodec::encrypt(const QJsonObject &claims, const QString &salt, qint64 maxAge) const
{
    // One call to the random generator for both the jti and the IV.
    std::array<char, 16 + AesCbcHmacSha512::IvSize> random;
    Crypto::fillRandomBytes(random.data(), qsizetype(random.size()));
    const QByteArrayView randomView(random.data(), qsizetype(random.size()));

    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QString jti = Crypto::uuidFromRandomBytes(randomView.first(16));
    return seal(m_keyRing.keySet(salt).encryptionKey(), claimsJson(claims, {now, now + maxAge, jti}),
                randomView.sliced(16));
}

std::optional<QJsonObject> JweCodec::decrypt(QStringView token, const QString &salt) const
{
    const std::optional<QByteArray> payload = decryptRaw(token, salt);
    if (!payload)
        return std::nullopt;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(*payload, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return reject("payload is not a JSON object");
    QJsonObject claims = document.object();
    if (!claimsAreCurrent(claims))
        return std::nullopt;
    return claims;
}

QString JweCodec::encryptRaw(QByteArrayView payload, const QString &salt) const
{
    std::array<char, AesCbcHmacSha512::IvSize> iv;
    Crypto::fillRandomBytes(iv.data(), qsizetype(iv.size()));
    return seal(m_keyRing.keySet(salt).encryptionKey(), payload, QByteArrayView(iv.data(), qsizetype(iv.size())));
}

QString JweCodec::seal(const DerivedKey &key, QByteArrayView payload, QByteArrayView iv)
{
    const QByteArray &header = key.protectedHeader();
    Buffer ciphertext(AesCbcHmacSha512::ciphertextSize(payload.size()));
    std::array<char, AesCbcHmacSha512::TagSize> tag;
    key.cipher().encrypt(iv, payload, header, ciphertext.data(), tag.data());

    QString token(header.size() + 2 + Crypto::base64UrlEncodedSize(iv.size()) + 1
                      + Crypto::base64UrlEncodedSize(ciphertext.size()) + 1
                      + Crypto::base64UrlEncodedSize(qsizetype(tag.size())),
                  Qt::Uninitialized);
    auto *out = reinterpret_cast<char16_t *>(token.data());
    out = std::copy(header.cbegin(), header.cend(), out);
    *out++ = u'.';                                           // empty encrypted key: "dir"
    *out++ = u'.';
    out = Crypto::base64UrlEncode(iv, out);
    *out++ = u'.';
    out = Crypto::base64UrlEncode(QByteArrayView(ciphertext.data(), ciphertext.size()), out);
    *out++ = u'.';
    out = Crypto::base64UrlEncode(QByteArrayView(tag.data(), qsizetype(tag.size())), out);
    Q_ASSERT(out == reinterpret_cast<const char16_t *>(token.constData()) + token.size());
    return token;
}

std::optional<QByteArray> JweCodec::decryptRaw(QStringView token, const QString &salt) const
{
    std::array<QStringView, 5> parts;
    if (!split(token, parts))
        return reject("not five dot-separated parts");
    const auto [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts;
    if (!encryptedKey.isEmpty())
        return reject("encrypted key present, alg is not dir");

    const KeySet &keys = m_keyRing.keySet(salt);
    Candidates candidates;
    QByteArray aad;
    if (const DerivedKey *key = keys.findByProtectedHeader(encodedHeader)) {
        candidates.append(key);              // the usual case: a header we wrote ourselves
        aad = key->protectedHeader();
    } else {
        if (!candidatesFromHeader(encodedHeader, keys, candidates))
            return std::nullopt;
        aad = encodedHeader.toLatin1();      // valid base64url, so ASCII
    }

    std::array<char, AesCbcHmacSha512::IvSize> iv;
    if (!decodeFixed(encodedIv, iv))
        return reject("IV is not 16 bytes of base64url");
    std::array<char, AesCbcHmacSha512::TagSize> tag;
    if (!decodeFixed(encodedTag, tag))
        return reject("tag is not 32 bytes of base64url");
    const qsizetype ciphertextSize = Crypto::base64UrlDecodedSize(encodedCiphertext.size());
    if (ciphertextSize <= 0)
        return reject("ciphertext is empty or not base64url");
    Buffer ciphertext(ciphertextSize);
    if (!Crypto::base64UrlDecode(encodedCiphertext, ciphertext.data()))
        return reject("ciphertext is not base64url");

    const QByteArrayView ivView(iv.data(), qsizetype(iv.size()));
    const QByteArrayView tagView(tag.data(), qsizetype(tag.size()));
    const QByteArrayView ciphertextView(ciphertext.data(), ciphertext.size());
    for (const DerivedKey *key : candidates) {
        if (std::optional<QByteArray> payload = key->cipher().decrypt(ivView, ciphertextView, aad, tagView))
            return payload;
    }
    return reject("authentication tag does not match (wrong secret or salt, or tampered)");
}

} // namespace Gatehouse::Jose
