#include "jose/jwe.h"

#include "crypto/aescbchmacsha512.h"
#include "crypto/base64url.h"
#include "crypto/random.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <cjose/cjose.h>

#include <atomic>
#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Jose;

namespace {

const QString referenceSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");
const QString sessionSalt = QStringLiteral("authjs.session-token");

QByteArray sessionKey(const QString &secret = referenceSecret)
{
    return DerivedKey::deriveKey(secret, sessionSalt);
}

QJsonObject sampleClaims()
{
    return QJsonObject{
        {QStringLiteral("name"), QStringLiteral("Alice")},
        {QStringLiteral("email"), QStringLiteral("alice@example.test")},
        {QStringLiteral("picture"), QJsonValue::Null},
        {QStringLiteral("sub"), QStringLiteral("c2f3a1e0-0000-4000-8000-000000000001")},
    };
}

// --- cjose, an independent JOSE implementation, for cross-checks -----------------------------

struct CjoseDeleter
{
    void operator()(cjose_jwk_t *jwk) const { cjose_jwk_release(jwk); }
    void operator()(cjose_header_t *header) const { cjose_header_release(header); }
    void operator()(cjose_jwe_t *jwe) const { cjose_jwe_release(jwe); }
    void operator()(char *text) const { cjose_get_dealloc()(text); }
    void operator()(uint8_t *bytes) const { cjose_get_dealloc()(bytes); }
};
template<typename T>
using CjosePtr = std::unique_ptr<T, CjoseDeleter>;

CjosePtr<cjose_jwk_t> cjoseKey(const QByteArray &key)
{
    cjose_err err;
    return CjosePtr<cjose_jwk_t>(cjose_jwk_create_oct_spec(
        reinterpret_cast<const uint8_t *>(key.constData()), size_t(key.size()), &err));
}

// A compact JWE made by cjose with {"alg":"dir","enc":"A256CBC-HS512"} (+ kid).
QString cjoseEncrypt(const QByteArray &key, const QByteArray &payload, const QByteArray &kid = {})
{
    cjose_err err;
    const auto jwk = cjoseKey(key);
    const CjosePtr<cjose_header_t> header(cjose_header_new(&err));
    if (!jwk || !header || !cjose_header_set(header.get(), CJOSE_HDR_ALG, CJOSE_HDR_ALG_DIR, &err)
        || !cjose_header_set(header.get(), CJOSE_HDR_ENC, CJOSE_HDR_ENC_A256CBC_HS512, &err)
        || (!kid.isEmpty() && !cjose_header_set(header.get(), CJOSE_HDR_KID, kid.constData(), &err))) {
        qWarning("cjose setup failed: %s", err.message);
        return {};
    }
    const CjosePtr<cjose_jwe_t> jwe(cjose_jwe_encrypt(jwk.get(), header.get(),
                                                      reinterpret_cast<const uint8_t *>(payload.constData()),
                                                      size_t(payload.size()), &err));
    const CjosePtr<char> compact(jwe ? cjose_jwe_export(jwe.get(), &err) : nullptr);
    if (!compact) {
        qWarning("cjose encryption failed: %s", err.message);
        return {};
    }
    return QString::fromLatin1(compact.get());
}

std::optional<QByteArray> cjoseDecrypt(const QByteArray &key, const QString &token)
{
    cjose_err err;
    const QByteArray compact = token.toLatin1();
    const CjosePtr<cjose_jwe_t> jwe(cjose_jwe_import(compact.constData(), size_t(compact.size()), &err));
    const auto jwk = cjoseKey(key);
    if (!jwe || !jwk)
        return std::nullopt;
    size_t size = 0;
    const CjosePtr<uint8_t> content(cjose_jwe_decrypt(jwe.get(), jwk.get(), &size, &err));
    if (!content)
        return std::nullopt;
    return QByteArray(reinterpret_cast<const char *>(content.get()), qsizetype(size));
}

// --- tokens with arbitrary headers, correctly encrypted and authenticated under \a key -------

QString craftToken(const QByteArray &headerJson, const QByteArray &payload,
                   const QByteArray &key = sessionKey(), const QByteArray &encryptedKey = {})
{
    const QByteArray header = Crypto::base64UrlEncode(headerJson);
    const Crypto::AesCbcHmacSha512 cipher(key);
    const QByteArray iv = Crypto::randomBytes(16);
    QByteArray ciphertext(Crypto::AesCbcHmacSha512::ciphertextSize(payload.size()), Qt::Uninitialized);
    QByteArray tag(Crypto::AesCbcHmacSha512::TagSize, Qt::Uninitialized);
    cipher.encrypt(iv, payload, header, ciphertext.data(), tag.data());
    return QString::fromLatin1(header + '.' + Crypto::base64UrlEncode(encryptedKey) + '.'
                               + Crypto::base64UrlEncode(iv) + '.' + Crypto::base64UrlEncode(ciphertext)
                               + '.' + Crypto::base64UrlEncode(tag));
}

QByteArray kidOf(const QString &secret, const QString &salt = sessionSalt)
{
    return DerivedKey(secret, salt).kid();
}

QByteArray headerWithKid(const QByteArray &kid)
{
    return R"({"alg":"dir","enc":"A256CBC-HS512","kid":")" + kid + R"("})";
}

QByteArray claimsJson(const QJsonObject &claims)
{
    return QJsonDocument(claims).toJson(QJsonDocument::Compact);
}

QJsonObject currentClaims()
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QJsonObject claims = sampleClaims();
    claims.insert(QStringLiteral("iat"), now);
    claims.insert(QStringLiteral("exp"), now + 3600);
    return claims;
}

} // namespace

class TestJwe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip();
    void addsIatExpJti();
    void replacesIatExpJti();
    void tokenShape();
    void rawRoundTrip_data();
    void rawRoundTrip();
    void cjoseDecryptsOurTokens();
    void weDecryptCjoseTokens_data();
    void weDecryptCjoseTokens();
    void wrongSecretOrSalt();
    void rotationByKid();
    void rotationWithoutKid();
    void expiry();
    void claimTypes_data();
    void claimTypes();
    void payloadMustBeAnObject_data();
    void payloadMustBeAnObject();
    void headerChecks_data();
    void headerChecks();
    void everyCharacterTampered();
    void everyByteTampered();
    void truncated();
    void garbage_data();
    void garbage();
    void randomMutations();
    void hugeInput();
    void concurrentUse();
};

void TestJwe::roundTrip()
{
    const JweCodec codec({referenceSecret});
    QJsonObject claims = sampleClaims();
    claims.insert(QStringLiteral("nested"), QJsonObject{{QStringLiteral("roles"), QJsonArray{1, u"admin"_qs, true}}});
    claims.insert(QStringLiteral("unicode"), QStringLiteral("\u00e9\u6f22\U0001F600"));
    const QString token = codec.encrypt(claims, sessionSalt, 3600);
    const std::optional<QJsonObject> decoded = codec.decrypt(token, sessionSalt);
    QVERIFY(decoded);
    for (auto it = claims.constBegin(); it != claims.constEnd(); ++it)
        QCOMPARE(decoded->value(it.key()), it.value());
}

void TestJwe::addsIatExpJti()
{
    const JweCodec codec({referenceSecret});
    const qint64 before = QDateTime::currentSecsSinceEpoch();
    const std::optional<QJsonObject> decoded = codec.decrypt(codec.encrypt(sampleClaims(), sessionSalt, 1234), sessionSalt);
    const qint64 after = QDateTime::currentSecsSinceEpoch();
    QVERIFY(decoded);
    QVERIFY(decoded->value(u"iat").isDouble());
    const qint64 iat = decoded->value(u"iat").toInteger();
    QVERIFY(iat >= before && iat <= after);
    QCOMPARE(decoded->value(u"exp").toInteger(), iat + 1234);
    QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"))
                .match(decoded->value(u"jti").toString()).hasMatch());

    // The default lifetime is Auth.js's 30 days.
    const std::optional<QJsonObject> defaults = codec.decrypt(codec.encrypt({}, sessionSalt), sessionSalt);
    QVERIFY(defaults);
    QCOMPARE(defaults->value(u"exp").toInteger() - defaults->value(u"iat").toInteger(), 2592000);
    QCOMPARE(defaults->size(), 3);

    const auto other = codec.decrypt(codec.encrypt({}, sessionSalt), sessionSalt);
    QVERIFY(other && other->value(u"jti") != defaults->value(u"jti"));
}

void TestJwe::replacesIatExpJti()
{
    const JweCodec codec({referenceSecret});
    QJsonObject claims = sampleClaims();
    claims.insert(QStringLiteral("iat"), 1);
    claims.insert(QStringLiteral("exp"), 2);
    claims.insert(QStringLiteral("jti"), QStringLiteral("fixed"));
    const std::optional<QJsonObject> decoded = codec.decrypt(codec.encrypt(claims, sessionSalt, 60), sessionSalt);
    QVERIFY(decoded);
    QVERIFY(decoded->value(u"iat").toInteger() > 1);
    QCOMPARE(decoded->value(u"exp").toInteger(), decoded->value(u"iat").toInteger() + 60);
    QVERIFY(decoded->value(u"jti").toString() != u"fixed");
}

void TestJwe::tokenShape()
{
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt);
    const QStringList parts = token.split(QLatin1Char('.'));
    QCOMPARE(parts.size(), 5);
    QCOMPARE(Crypto::base64UrlDecode(QStringView(parts[0])).value_or("<invalid>"),
             headerWithKid("yR0dwiAjRB__TGcyJtdgjuFfhIWQh_Psm3DZHM2G6gPsZakr85i3QXiIWOlHxKHDYFiSZHSuXorkPVkqvl_Pnw"));
    QCOMPARE(parts[1], QString());
    QCOMPARE(Crypto::base64UrlDecode(QStringView(parts[2])).value_or("").size(), 16);
    QCOMPARE(Crypto::base64UrlDecode(QStringView(parts[3])).value_or("").size() % 16, 0);
    QCOMPARE(Crypto::base64UrlDecode(QStringView(parts[4])).value_or("").size(), 32);

    // A fresh IV every time.
    QVERIFY(codec.encrypt(sampleClaims(), sessionSalt).split(QLatin1Char('.'))[2] != parts[2]);
}

void TestJwe::rawRoundTrip_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("one block minus one") << QByteArray(15, 'x');
    QTest::newRow("one block") << QByteArray(16, 'x');
    QTest::newRow("binary") << Crypto::randomBytes(777);
    QTest::newRow("beyond the stack buffer") << Crypto::randomBytes(10000);
}

void TestJwe::rawRoundTrip()
{
    QFETCH(QByteArray, payload);
    const JweCodec codec({referenceSecret});
    QCOMPARE(codec.decryptRaw(codec.encryptRaw(payload, sessionSalt), sessionSalt).value_or("<rejected>"), payload);
}

void TestJwe::cjoseDecryptsOurTokens()
{
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt, 60);
    const std::optional<QByteArray> payload = cjoseDecrypt(sessionKey(), token);
    QVERIFY2(payload, "cjose rejected a Gatehouse token");
    const QJsonObject claims = QJsonDocument::fromJson(*payload).object();
    QCOMPARE(claims.value(u"email"), QJsonValue(u"alice@example.test"_qs));
    QCOMPARE(claims.value(u"exp").toInteger() - claims.value(u"iat").toInteger(), 60);

    const QByteArray binary = Crypto::randomBytes(3000);
    QCOMPARE(cjoseDecrypt(sessionKey(), codec.encryptRaw(binary, sessionSalt)).value_or("<rejected>"), binary);

    // ... and cjose agrees that the wrong key fails.
    QVERIFY(!cjoseDecrypt(sessionKey(QStringLiteral("another secret")), token));
}

void TestJwe::weDecryptCjoseTokens_data()
{
    QTest::addColumn<QByteArray>("kid");
    QTest::newRow("with our kid") << kidOf(referenceSecret);
    QTest::newRow("without kid") << QByteArray();
}

void TestJwe::weDecryptCjoseTokens()
{
    QFETCH(QByteArray, kid);
    const JweCodec codec({referenceSecret});
    const QJsonObject claims = currentClaims();
    const QString token = cjoseEncrypt(sessionKey(), claimsJson(claims), kid);
    QVERIFY(!token.isEmpty());
    QCOMPARE(codec.decrypt(token, sessionSalt).value_or(QJsonObject()), claims);

    const QByteArray binary = Crypto::randomBytes(100);
    QCOMPARE(codec.decryptRaw(cjoseEncrypt(sessionKey(), binary, kid), sessionSalt).value_or("<rejected>"), binary);

    // Made with another key: rejected.
    QVERIFY(!codec.decrypt(cjoseEncrypt(sessionKey(QStringLiteral("another secret")), claimsJson(claims), kid), sessionSalt));
}

void TestJwe::wrongSecretOrSalt()
{
    const QString token = JweCodec({referenceSecret}).encrypt(sampleClaims(), sessionSalt);
    QVERIFY(!JweCodec({QStringLiteral("another secret")}).decrypt(token, sessionSalt));
    QVERIFY(!JweCodec({referenceSecret + u' '}).decrypt(token, sessionSalt));
    QVERIFY(!JweCodec({referenceSecret}).decrypt(token, QStringLiteral("__Secure-authjs.session-token")));
    QVERIFY(!JweCodec({referenceSecret}).decrypt(token, QStringLiteral("authjs.pkce.code_verifier")));

    // Same key derivation but a kid that is not ours: not tried.
    const QString foreignKid = craftToken(headerWithKid(kidOf(QStringLiteral("another secret"))),
                                          claimsJson(currentClaims()));
    QVERIFY(!JweCodec({referenceSecret}).decrypt(foreignKid, sessionSalt));
}

void TestJwe::rotationByKid()
{
    const QString oldSecret = QStringLiteral("old-secret-0123456789abcdef0123456789");
    const QString newSecret = QStringLiteral("new-secret-0123456789abcdef0123456789");
    const JweCodec before({oldSecret});
    const JweCodec during({newSecret, oldSecret});
    const JweCodec after({newSecret});

    const QString oldToken = before.encrypt(sampleClaims(), sessionSalt);
    QVERIFY(during.decrypt(oldToken, sessionSalt));
    QVERIFY(!after.decrypt(oldToken, sessionSalt));

    const QString newToken = during.encrypt(sampleClaims(), sessionSalt);
    QVERIFY(newToken.startsWith(QString::fromLatin1(DerivedKey(newSecret, sessionSalt).protectedHeader())));
    QVERIFY(after.decrypt(newToken, sessionSalt));
    QVERIFY(!before.decrypt(newToken, sessionSalt));

    // The order of the secrets only decides which one encrypts.
    QVERIFY(JweCodec({oldSecret, newSecret}).decrypt(newToken, sessionSalt));
}

void TestJwe::rotationWithoutKid()
{
    const QString oldSecret = QStringLiteral("old-secret-0123456789abcdef0123456789");
    const QString newSecret = QStringLiteral("new-secret-0123456789abcdef0123456789");
    const QByteArray noKid = R"({"alg":"dir","enc":"A256CBC-HS512"})";
    const QJsonObject claims = currentClaims();
    const JweCodec both({newSecret, oldSecret});
    QCOMPARE(both.decrypt(craftToken(noKid, claimsJson(claims), sessionKey(oldSecret)), sessionSalt).value_or(QJsonObject()), claims);
    QCOMPARE(both.decrypt(craftToken(noKid, claimsJson(claims), sessionKey(newSecret)), sessionSalt).value_or(QJsonObject()), claims);
    QVERIFY(!both.decrypt(craftToken(noKid, claimsJson(claims), sessionKey(referenceSecret)), sessionSalt));
}

void TestJwe::expiry()
{
    const JweCodec codec({referenceSecret});
    QVERIFY2(!codec.decrypt(codec.encrypt(sampleClaims(), sessionSalt, -60), sessionSalt), "expired a minute ago");
    QVERIFY2(!codec.decrypt(codec.encrypt(sampleClaims(), sessionSalt, -16), sessionSalt), "beyond the 15 s tolerance");
    QVERIFY2(codec.decrypt(codec.encrypt(sampleClaims(), sessionSalt, -5), sessionSalt), "within the 15 s tolerance");
    // The raw layer does not look at claims.
    QVERIFY(codec.decryptRaw(codec.encrypt(sampleClaims(), sessionSalt, -60), sessionSalt));

    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QJsonObject notYet = sampleClaims();
    notYet.insert(QStringLiteral("nbf"), now + 600);
    QVERIFY(!codec.decrypt(craftToken(headerWithKid(kidOf(referenceSecret)), claimsJson(notYet)), sessionSalt));
    notYet.insert(QStringLiteral("nbf"), now + 5);
    QVERIFY(codec.decrypt(craftToken(headerWithKid(kidOf(referenceSecret)), claimsJson(notYet)), sessionSalt));

    QJsonObject noExp = sampleClaims();   // Auth.js accepts a token without exp, so do we
    QVERIFY(codec.decrypt(craftToken(headerWithKid(kidOf(referenceSecret)), claimsJson(noExp)), sessionSalt));
}

void TestJwe::claimTypes_data()
{
    QTest::addColumn<QString>("claim");
    QTest::addColumn<QJsonValue>("value");
    const qint64 later = QDateTime::currentSecsSinceEpoch() + 3600;
    QTest::newRow("exp as string") << u"exp"_qs << QJsonValue(QString::number(later));
    QTest::newRow("exp null") << u"exp"_qs << QJsonValue(QJsonValue::Null);
    QTest::newRow("iat as string") << u"iat"_qs << QJsonValue(u"0"_qs);
    QTest::newRow("nbf as bool") << u"nbf"_qs << QJsonValue(false);
    QTest::newRow("exp as array") << u"exp"_qs << QJsonValue(QJsonArray{later});
}

void TestJwe::claimTypes()
{
    QFETCH(QString, claim);
    QFETCH(QJsonValue, value);
    QJsonObject claims = currentClaims();
    claims.insert(claim, value);
    const JweCodec codec({referenceSecret});
    const QString token = craftToken(headerWithKid(kidOf(referenceSecret)), claimsJson(claims));
    QVERIFY(codec.decryptRaw(token, sessionSalt));
    QVERIFY(!codec.decrypt(token, sessionSalt));
}

void TestJwe::payloadMustBeAnObject_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::newRow("array") << QByteArray("[1,2]");
    QTest::newRow("string") << QByteArray("\"claims\"");
    QTest::newRow("number") << QByteArray("42");
    QTest::newRow("null") << QByteArray("null");
    QTest::newRow("not json") << QByteArray("{\"a\":");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("binary") << QByteArray("\xff\xfe{}", 4);
}

void TestJwe::payloadMustBeAnObject()
{
    QFETCH(QByteArray, payload);
    const JweCodec codec({referenceSecret});
    const QString token = codec.encryptRaw(payload, sessionSalt);
    QCOMPARE(codec.decryptRaw(token, sessionSalt).value_or("<rejected>"), payload);
    QVERIFY(!codec.decrypt(token, sessionSalt));
}

void TestJwe::headerChecks_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("encryptedKey");
    QTest::addColumn<bool>("accepted");
    const QByteArray kid = kidOf(referenceSecret);

    QTest::newRow("ours") << headerWithKid(kid) << QByteArray() << true;
    QTest::newRow("other member order") << R"({"kid":")" + kid + R"(","enc":"A256CBC-HS512","alg":"dir"})" << QByteArray() << true;
    QTest::newRow("whitespace") << R"({ "alg": "dir", "enc": "A256CBC-HS512", "kid": ")" + kid + R"(" })" << QByteArray() << true;
    QTest::newRow("extra member") << R"({"alg":"dir","enc":"A256CBC-HS512","typ":"JWT","kid":")" + kid + R"("})" << QByteArray() << true;
    QTest::newRow("no kid") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512"})") << QByteArray() << true;

    QTest::newRow("encrypted key present") << headerWithKid(kid) << QByteArray(16, 'k') << false;
    QTest::newRow("alg A256KW") << R"({"alg":"A256KW","enc":"A256CBC-HS512","kid":")" + kid + R"("})" << QByteArray() << false;
    QTest::newRow("alg none") << QByteArray(R"({"alg":"none","enc":"A256CBC-HS512"})") << QByteArray() << false;
    QTest::newRow("alg missing") << QByteArray(R"({"enc":"A256CBC-HS512"})") << QByteArray() << false;
    QTest::newRow("alg not a string") << QByteArray(R"({"alg":1,"enc":"A256CBC-HS512"})") << QByteArray() << false;
    QTest::newRow("enc A128CBC-HS256") << QByteArray(R"({"alg":"dir","enc":"A128CBC-HS256"})") << QByteArray() << false;
    QTest::newRow("enc A256GCM") << QByteArray(R"({"alg":"dir","enc":"A256GCM"})") << QByteArray() << false;
    QTest::newRow("enc missing") << QByteArray(R"({"alg":"dir"})") << QByteArray() << false;
    QTest::newRow("enc lower case") << QByteArray(R"({"alg":"dir","enc":"a256cbc-hs512"})") << QByteArray() << false;
    QTest::newRow("zip") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512","zip":"DEF"})") << QByteArray() << false;
    QTest::newRow("crit") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512","crit":["exp"],"exp":1})") << QByteArray() << false;
    QTest::newRow("kid of another secret") << headerWithKid(kidOf(u"x"_qs)) << QByteArray() << false;
    QTest::newRow("kid of another salt") << headerWithKid(kidOf(referenceSecret, u"authjs.state"_qs)) << QByteArray() << false;
    QTest::newRow("kid not a string") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512","kid":7})") << QByteArray() << false;
    QTest::newRow("kid null") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512","kid":null})") << QByteArray() << false;
    QTest::newRow("array") << QByteArray(R"(["dir","A256CBC-HS512"])") << QByteArray() << false;
    QTest::newRow("not json") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512")") << QByteArray() << false;
    QTest::newRow("empty") << QByteArray() << QByteArray() << false;
}

void TestJwe::headerChecks()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, encryptedKey);
    QFETCH(bool, accepted);
    const QJsonObject claims = currentClaims();
    const JweCodec codec({referenceSecret});
    const QString token = craftToken(header, claimsJson(claims), sessionKey(), encryptedKey);
    QCOMPARE(codec.decrypt(token, sessionSalt).has_value(), accepted);
    QCOMPARE(codec.decryptRaw(token, sessionSalt).has_value(), accepted);
    if (accepted)
        QCOMPARE(*codec.decrypt(token, sessionSalt), claims);
}

void TestJwe::everyCharacterTampered()
{
    static const QString alphabet =
        QStringLiteral("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt);
    QVERIFY(codec.decrypt(token, sessionSalt));
    for (qsizetype i = 0; i < token.size(); ++i) {
        if (token.at(i) == u'.')
            continue;
        // Replace with the next base64url character: always still decodable as base64url, so
        // this reaches the MAC (or the strict unused-bits check on a part's last character).
        QString tampered = token;
        tampered[i] = alphabet.at((alphabet.indexOf(token.at(i)) + 1) % alphabet.size());
        QVERIFY2(!codec.decryptRaw(tampered, sessionSalt), qPrintable(u"accepted with character %1 changed"_qs.arg(i)));
    }
}

void TestJwe::everyByteTampered()
{
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt);
    const QStringList parts = token.split(QLatin1Char('.'));
    for (int part : {0, 2, 3, 4}) {
        const QByteArray bytes = Crypto::base64UrlDecode(QStringView(parts[part])).value_or(QByteArray());
        QVERIFY(!bytes.isEmpty());
        for (qsizetype i = 0; i < bytes.size(); ++i) {
            for (char mask : {char(0x01), char(0x80)}) {
                QByteArray flipped = bytes;
                flipped[i] = char(flipped[i] ^ mask);
                QStringList tampered = parts;
                tampered[part] = QString::fromLatin1(Crypto::base64UrlEncode(flipped));
                QVERIFY2(!codec.decryptRaw(tampered.join(QLatin1Char('.')), sessionSalt),
                         qPrintable(u"accepted with byte %1 of part %2 flipped"_qs.arg(i).arg(part)));
            }
        }
    }
    // A non-empty encrypted key part, whatever it holds.
    QStringList withKey = parts;
    withKey[1] = QStringLiteral("AA");
    QVERIFY(!codec.decryptRaw(withKey.join(QLatin1Char('.')), sessionSalt));
    // Parts swapped.
    QStringList swapped = parts;
    swapped.swapItemsAt(2, 4);
    QVERIFY(!codec.decryptRaw(swapped.join(QLatin1Char('.')), sessionSalt));
}

void TestJwe::truncated()
{
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt);
    for (qsizetype length = 0; length < token.size(); ++length)
        QVERIFY2(!codec.decryptRaw(QStringView(token).first(length), sessionSalt), qPrintable(QString::number(length)));
    for (qsizetype start = 1; start < token.size(); ++start)
        QVERIFY(!codec.decryptRaw(QStringView(token).sliced(start), sessionSalt));
    QVERIFY(!codec.decryptRaw(QString(token + u'A'), sessionSalt));
    QVERIFY(!codec.decryptRaw(QString(token + u'.'), sessionSalt));
    QVERIFY(!codec.decryptRaw(QString(token + u"=="_qs), sessionSalt));
    QVERIFY(!codec.decryptRaw(QString(u' ' + token), sessionSalt));
    QVERIFY(!codec.decryptRaw(QString(token + u'\0'), sessionSalt));
}

void TestJwe::garbage_data()
{
    QTest::addColumn<QString>("token");
    QTest::newRow("empty") << QString();
    QTest::newRow("dot") << u"."_qs;
    QTest::newRow("four dots") << u"...."_qs;
    QTest::newRow("five dots") << u"....."_qs;
    QTest::newRow("letters") << u"a.b.c.d.e"_qs;
    QTest::newRow("jws") << u"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"_qs;
    QTest::newRow("only header") << u"eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0...."_qs;
    QTest::newRow("non-ascii") << u"\u00e9\u00e9.\u00e9.\u00e9.\u00e9.\u00e9"_qs;
    QTest::newRow("surrogates") << u"eyJ\U0001F600....."_qs;
    QTest::newRow("NULs") << QString(40, QChar(0));
    QTest::newRow("random latin-1") << QString::fromLatin1(Crypto::randomBytes(300));
    QTest::newRow("random base64url parts") << QString::fromLatin1(
        Crypto::base64UrlEncode(Crypto::randomBytes(60)) + '.' + '.' + Crypto::base64UrlEncode(Crypto::randomBytes(16))
        + '.' + Crypto::base64UrlEncode(Crypto::randomBytes(64)) + '.' + Crypto::base64UrlEncode(Crypto::randomBytes(32)));
}

void TestJwe::garbage()
{
    QFETCH(QString, token);
    const JweCodec codec({referenceSecret});
    QVERIFY(!codec.decrypt(token, sessionSalt));
    QVERIFY(!codec.decryptRaw(token, sessionSalt));
}

void TestJwe::randomMutations()
{
    const JweCodec codec({referenceSecret});
    const QString token = codec.encrypt(sampleClaims(), sessionSalt);
    const QString pool = QStringLiteral("Aa0-_.=+/ \u00e9\u0141") + QChar(0);
    QRandomGenerator random(20240601);
    for (int round = 0; round < 3000; ++round) {
        QString mutated = token;
        const int edits = 1 + int(random.bounded(3));
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = random.bounded(int(mutated.size()));
            switch (random.bounded(3)) {
            case 0: mutated[at] = pool.at(random.bounded(int(pool.size()))); break;
            case 1: mutated.remove(at, 1); break;
            default: mutated.insert(at, pool.at(random.bounded(int(pool.size())))); break;
            }
        }
        if (mutated != token)
            QVERIFY2(!codec.decryptRaw(mutated, sessionSalt), qPrintable(mutated));
    }
}

void TestJwe::hugeInput()
{
    const JweCodec codec({referenceSecret});
    const QString header = QString::fromLatin1(DerivedKey(referenceSecret, sessionSalt).protectedHeader());
    // 8 MiB of valid base64url ciphertext: parsed and authenticated, then refused.
    const QString bigCiphertext = header + u".."_qs + QString(22, u'A') + u'.' + QString(8 << 20, u'A')
        + u'.' + QString(43, u'A');
    QVERIFY(!codec.decryptRaw(bigCiphertext, sessionSalt));
    const QString bigHeader = QString(4 << 20, u'e') + u"...."_qs;
    QVERIFY(!codec.decryptRaw(bigHeader, sessionSalt));
    QVERIFY(!codec.decrypt(QString(8 << 20, u'.'), sessionSalt));
}

void TestJwe::concurrentUse()
{
    const JweCodec codec({referenceSecret, QStringLiteral("older secret")});
    std::atomic<int> failures{0};
    QList<QThread *> threads;
    for (int t = 0; t < 4; ++t) {
        threads.append(QThread::create([&codec, &failures, t] {
            const QString salt = t % 2 ? sessionSalt : u"authjs.pkce.code_verifier"_qs;
            for (int i = 0; i < 300; ++i) {
                QJsonObject claims{{u"thread"_qs, t}, {u"i"_qs, i}};
                const std::optional<QJsonObject> back = codec.decrypt(codec.encrypt(claims, salt), salt);
                if (!back || back->value(u"i").toInt() != i || back->value(u"thread").toInt() != t)
                    ++failures;
            }
        }));
    }
    for (QThread *thread : std::as_const(threads))
        thread->start();
    for (QThread *thread : std::as_const(threads)) {
        QVERIFY(thread->wait(120000));
        delete thread;
    }
    QCOMPARE(failures.load(), 0);
}

QTEST_GUILESS_MAIN(TestJwe)
#include "tst_jwe.moc"
