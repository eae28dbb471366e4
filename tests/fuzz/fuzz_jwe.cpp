// libFuzzer target for JWE decoding with a fixed secret (jose/jwe, jose/claimsjson): the session
// token, the cookie every request carries.
//
// Random bytes almost never get past the authentication tag, so the target is structure-aware: it
// builds valid tokens itself. Input: one option byte, then parts cut at "\n---\n".
//  - option bit 0 clear: the rest is a token as a client could send it (malformed ones).
//  - option bit 0 set: parts [protected header JSON, payload, edits]. The target seals the payload
//    with the real cipher of a key (bits 1-2: either secret of the ring, a secret outside it, or
//    another salt) under a protected header (bits 3-4: the key's own, the fuzzed JSON, or the
//    fuzzed bytes as they are), then applies the edits (3 bytes each: replace, insert, delete or
//    truncate at a position) to the token text and decrypts it.
// Properties: an unedited token of a key of the ring with its own header decrypts to its payload;
// claims that decrypt, encrypted again, decrypt to the same claims; claimsJson() writes exactly
// what QJsonDocument writes. Seeds: corpus/jwe (claims of tests/unit/jose, headers of other
// implementations, malformed tokens of tst_jwe.cpp).
#include "crypto/base64url.h"
#include "fuzzsupport.h"
#include "jose/claimsjson.h"
#include "jose/derivedkey.h"
#include "jose/jwe.h"

#include <gatehouse/jwt.h>

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;
using Gatehouse::Jose::DerivedKey;
using Gatehouse::Jose::JweCodec;

namespace {

const QString kSalt = QStringLiteral("authjs.session-token");
const QStringList kSecrets = {QStringLiteral("fuzz-secret-one-0123456789abcdef"),
                              QStringLiteral("fuzz-secret-two-0123456789abcdef")};

const JweCodec &codec()
{
    static const JweCodec instance(kSecrets);
    return instance;
}

const DerivedKey &sealingKey(int choice)
{
    static const DerivedKey first(kSecrets[0], kSalt);
    static const DerivedKey second(kSecrets[1], kSalt);
    static const DerivedKey outsider(QStringLiteral("a secret the ring does not hold"), kSalt);
    static const DerivedKey otherSalt(kSecrets[0], QStringLiteral("authjs.other-salt"));
    const DerivedKey *keys[] = {&first, &second, &outsider, &otherSalt};
    return *keys[choice & 3];
}

QByteArray seal(const DerivedKey &key, const QByteArray &header, const QByteArray &payload)
{
    static const QByteArray iv(16, '\x42');
    QByteArray ciphertext(Crypto::AesCbcHmacSha512::ciphertextSize(payload.size()), Qt::Uninitialized);
    QByteArray tag(Crypto::AesCbcHmacSha512::TagSize, Qt::Uninitialized);
    key.cipher().encrypt(iv, payload, header, ciphertext.data(), tag.data());
    return header + ".." + Crypto::base64UrlEncode(iv) + '.' + Crypto::base64UrlEncode(ciphertext) + '.'
        + Crypto::base64UrlEncode(tag);
}

void edit(QByteArray &token, QByteArrayView edits)
{
    for (qsizetype i = 0; i + 2 < edits.size() && !token.isEmpty(); i += 3) {
        const quint8 op = quint8(edits[i]);
        const qsizetype at = qsizetype(quint8(edits[i + 1])) * 7 % token.size();
        const char byte = edits[i + 2];
        switch (op & 3) {
        case 0: token[at] = byte; break;
        case 1: token.insert(at, byte); break;
        case 2: token.remove(at, 1); break;
        case 3: token.truncate(at); break;
        }
    }
}

void checkClaimsJson(const QJsonObject &claims)
{
    const Jose::IssuedClaims issued{1700000000, 1702592000, u"2f4e0a4c-9d1b-4c55-8a8f-6b0b5a7e2d11"};
    QJsonObject merged = claims;
    merged.insert(QStringLiteral("iat"), double(issued.iat));
    merged.insert(QStringLiteral("exp"), double(issued.exp));
    merged.insert(QStringLiteral("jti"), issued.jti.toString());
    const QByteArray expected = QJsonDocument(merged).toJson(QJsonDocument::Compact);
    const QByteArray written = Jose::claimsJson(claims, issued);
    FUZZ_CHECK(written == expected, QStringLiteral("claimsJson %1\nQt         %2")
                                        .arg(QString::fromUtf8(written), QString::fromUtf8(expected)));
}

void decrypt(const QString &token)
{
    const std::optional<QJsonObject> claims = codec().decrypt(token, kSalt);
    (void)Jwt::decode({token, kSecrets, kSalt});
    if (!claims)
        return;
    checkClaimsJson(*claims);
    // What decrypted once, issued again, decrypts to the same claims.
    const std::optional<QJsonObject> again = codec().decrypt(codec().encrypt(*claims, kSalt), kSalt);
    FUZZ_CHECK(again.has_value(), token);
    QJsonObject expected = *claims;
    QJsonObject actual = *again;
    for (const char *name : {"iat", "exp", "jti"}) {
        expected.remove(QLatin1String(name));
        actual.remove(QLatin1String(name));
    }
    FUZZ_CHECK(actual == expected, token);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    codec();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 options = input.byte();
    if (!(options & 1)) {
        decrypt(QString::fromUtf8(input.rest()));
        return 0;
    }

    const QList<QByteArray> parts = Fuzz::parts(input.rest(), 3);
    const int keyChoice = (options >> 1) & 3;
    const int headerChoice = (options >> 3) & 3;
    const DerivedKey &key = sealingKey(keyChoice);
    const QByteArray header = headerChoice == 1 ? Crypto::base64UrlEncode(parts[0])
        : headerChoice == 2                     ? parts[0]
                                                : key.protectedHeader();
    QByteArray token = seal(key, header, parts[1]);
    edit(token, parts[2]);

    const QString text = QString::fromLatin1(token);
    const std::optional<QByteArray> payload = codec().decryptRaw(text, kSalt);
    if (keyChoice < 2 && (headerChoice == 0 || headerChoice == 3) && parts[2].size() < 3)
        FUZZ_CHECK(payload == parts[1], QStringLiteral("a valid token did not decrypt: %1").arg(text));
    decrypt(text);
    return 0;
}
