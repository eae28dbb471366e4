// JWK parsing and JWS verification with keys made here by OpenSSL: every supported algorithm
// verifies, and every way of forging or confusing one is refused.
#include "crypto/base64url.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {

QString b64(QByteArrayView data)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(data));
}

QByteArray bignum(EVP_PKEY *key, const char *name, int size = 0)
{
    BIGNUM *bn = nullptr;
    EVP_PKEY_get_bn_param(key, name, &bn);
    QByteArray out(size ? size : BN_num_bytes(bn), '\0');
    BN_bn2binpad(bn, reinterpret_cast<unsigned char *>(out.data()), int(out.size()));
    BN_free(bn);
    return out;
}

//! A key pair made by OpenSSL and its public JWK.
struct TestKey
{
    std::shared_ptr<EVP_PKEY> key;
    QJsonObject jwk;

    static TestKey rsa(int bits = 2048)
    {
        TestKey k;
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(bits)), EVP_PKEY_free);
        k.jwk = {{"kty", "RSA"}, {"n", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_RSA_N))}, {"e", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_RSA_E))}};
        return k;
    }
    static TestKey ec(const char *curve, const char *crv, int size)
    {
        TestKey k;
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve), EVP_PKEY_free);
        k.jwk = {{"kty", "EC"}, {"crv", crv}, {"x", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_EC_PUB_X, size))},
                 {"y", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_EC_PUB_Y, size))}};
        return k;
    }
    static TestKey ed25519()
    {
        TestKey k;
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"), EVP_PKEY_free);
        unsigned char raw[32];
        size_t length = sizeof raw;
        EVP_PKEY_get_raw_public_key(k.key.get(), raw, &length);
        k.jwk = {{"kty", "OKP"}, {"crv", "Ed25519"}, {"x", b64(QByteArrayView(reinterpret_cast<char *>(raw), qsizetype(length)))}};
        return k;
    }

    Jwk publicKey(QJsonObject extra = {}) const
    {
        QJsonObject j = jwk;
        for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
            j.insert(it.key(), *it);
        QString problem;
        const auto parsed = Jwk::fromJson(j, &problem);
        if (!parsed)
            qFatal("test key does not parse: %s", qPrintable(problem));
        return *parsed;
    }

    //! A compact JWS of \a claims with header alg \a alg, signed as \a alg says.
    QString sign(const QString &alg, const QJsonObject &claims = {{"sub", "x"}}, const QString &kid = {}) const
    {
        QJsonObject header{{"alg", alg}};
        if (!kid.isEmpty())
            header.insert("kid", kid);
        const QString input = b64(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
            + b64(QJsonDocument(claims).toJson(QJsonDocument::Compact));
        const QByteArray data = input.toLatin1();
        const char *digest = alg.endsWith("256") ? "SHA256" : alg.endsWith("384") ? "SHA384" : alg.endsWith("512") ? "SHA512" : nullptr;
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        EVP_PKEY_CTX *pctx = nullptr;
        EVP_DigestSignInit_ex(ctx, &pctx, alg == "EdDSA" ? nullptr : digest, nullptr, nullptr, key.get(), nullptr);
        if (alg.startsWith("PS")) {
            EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING);
            EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, RSA_PSS_SALTLEN_DIGEST);
        }
        size_t length = 0;
        EVP_DigestSign(ctx, nullptr, &length, reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()));
        QByteArray signature(qsizetype(length), '\0');
        EVP_DigestSign(ctx, reinterpret_cast<unsigned char *>(signature.data()), &length,
                       reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()));
        signature.resize(qsizetype(length));
        EVP_MD_CTX_free(ctx);
        if (alg.startsWith("ES")) {
            // DER -> JOSE's fixed-size r||s.
            const int size = alg == "ES256" ? 32 : alg == "ES384" ? 48 : 66;
            const unsigned char *p = reinterpret_cast<const unsigned char *>(signature.constData());
            ECDSA_SIG *sig = d2i_ECDSA_SIG(nullptr, &p, long(signature.size()));
            QByteArray raw(2 * size, '\0');
            BN_bn2binpad(ECDSA_SIG_get0_r(sig), reinterpret_cast<unsigned char *>(raw.data()), size);
            BN_bn2binpad(ECDSA_SIG_get0_s(sig), reinterpret_cast<unsigned char *>(raw.data()) + size, size);
            ECDSA_SIG_free(sig);
            signature = raw;
        }
        return input + '.' + b64(signature);
    }
};

CompactJws parsed(const QString &token)
{
    QString problem;
    const auto jws = CompactJws::parse(token, &problem);
    if (!jws)
        qFatal("token does not parse: %s", qPrintable(problem));
    return *jws;
}

} // namespace

class TestJws : public QObject
{
    Q_OBJECT

    // Made once: RSA key generation is slow.
    TestKey m_rsa, m_otherRsa, m_p256, m_p384, m_p521, m_ed, m_otherEd;

private Q_SLOTS:
    void initTestCase()
    {
        m_rsa = TestKey::rsa();
        m_otherRsa = TestKey::rsa();
        m_p256 = TestKey::ec("P-256", "P-256", 32);
        m_p384 = TestKey::ec("P-384", "P-384", 48);
        m_p521 = TestKey::ec("P-521", "P-521", 66);
        m_ed = TestKey::ed25519();
        m_otherEd = TestKey::ed25519();
    }

    void everyAlgorithmVerifies_data()
    {
        QTest::addColumn<QString>("alg");
        for (const char *alg : {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"})
            QTest::newRow(alg) << QString::fromLatin1(alg);
    }

    void everyAlgorithmVerifies()
    {
        QFETCH(QString, alg);
        const bool rsa = alg.startsWith("R") || alg.startsWith("P");
        const TestKey &key = rsa ? m_rsa : alg == "ES256" ? m_p256 : alg == "ES384" ? m_p384 : alg == "ES512" ? m_p521 : m_ed;
        const Jwk jwk = key.publicKey();
        QVERIFY(keyFits(jwk, alg));
        const CompactJws good = parsed(key.sign(alg));
        QCOMPARE(good.alg, alg);
        QVERIFY(verifySignature(good, jwk));

        CompactJws tampered = good;
        tampered.payload = "{\"sub\":\"y\"}";
        tampered.signingInput = tampered.signingInput.left(tampered.signingInput.indexOf('.') + 1) + b64(tampered.payload).toLatin1();
        QVERIFY(!verifySignature(tampered, jwk));

        CompactJws flipped = good;
        flipped.signature[flipped.signature.size() / 2] = char(flipped.signature.at(flipped.signature.size() / 2) ^ 0x01);
        QVERIFY(!verifySignature(flipped, jwk));

        CompactJws truncated = good;
        truncated.signature.chop(1);
        QVERIFY(!verifySignature(truncated, jwk));

        // Another key of the same kind does not verify it.
        const TestKey &other = rsa ? m_otherRsa : alg == "EdDSA" ? m_otherEd : alg == "ES256" ? m_p384 : m_p256;
        QVERIFY(!verifySignature(good, other.publicKey()));
    }

    void keysFitOnlyTheirAlgorithms()
    {
        const Jwk rsa = m_rsa.publicKey();
        const Jwk p256 = m_p256.publicKey();
        const Jwk ed = m_ed.publicKey();
        QVERIFY(keyFits(rsa, "RS256") && keyFits(rsa, "PS512"));
        QVERIFY(!keyFits(rsa, "ES256") && !keyFits(rsa, "EdDSA") && !keyFits(rsa, "HS256") && !keyFits(rsa, "none"));
        QVERIFY(keyFits(p256, "ES256"));
        QVERIFY(!keyFits(p256, "ES384") && !keyFits(p256, "RS256") && !keyFits(p256, "EdDSA"));
        QVERIFY(keyFits(ed, "EdDSA") && !keyFits(ed, "ES256"));
        const TestKey &key = m_rsa;
        QVERIFY(!keyFits(key.publicKey({{"alg", "RS256"}}), "PS256"));
        QVERIFY(keyFits(key.publicKey({{"alg", "PS256"}}), "PS256"));
        QVERIFY(!keyFits(key.publicKey({{"use", "enc"}}), "RS256"));
        QVERIFY(keyFits(key.publicKey({{"use", "sig"}}), "RS256"));
        QVERIFY(!keyFits(key.publicKey({{"key_ops", QJsonArray{"encrypt"}}}), "RS256"));
        QVERIFY(keyFits(key.publicKey({{"key_ops", QJsonArray{"verify"}}}), "RS256"));
        // An RSA signature with the header claiming ES256 is not tried with the RSA key.
        QVERIFY(!verifySignature(parsed(key.sign("RS256")), m_p256.publicKey()));
    }

    void hmac()
    {
        const QByteArray secret = "client-secret-client-secret-0001";
        const QString input = b64(R"({"alg":"HS256"})") + '.' + b64(R"({"sub":"x"})");
        unsigned char mac[32];
        size_t length = 0;
        EVP_Q_mac(nullptr, "HMAC", nullptr, "SHA256", nullptr, secret.constData(), size_t(secret.size()),
                  reinterpret_cast<const unsigned char *>(input.toLatin1().constData()), size_t(input.size()), mac, sizeof mac, &length);
        const CompactJws jws = parsed(input + '.' + b64(QByteArrayView(reinterpret_cast<char *>(mac), qsizetype(length))));
        QVERIFY(verifyHmac(jws, secret));
        QVERIFY(!verifyHmac(jws, "another-secret"));
        QVERIFY(!verifyHmac(jws, {}));
        CompactJws relabelled = jws;
        relabelled.alg = QStringLiteral("HS512");
        QVERIFY(!verifyHmac(relabelled, secret));
    }

    void malformedTokens_data()
    {
        QTest::addColumn<QString>("token");
        const QString payload = b64(R"({"sub":"x"})");
        QTest::newRow("two parts") << b64(R"({"alg":"RS256"})") + '.' + payload;
        QTest::newRow("four parts") << b64(R"({"alg":"RS256"})") + '.' + payload + ".AA.AA";
        QTest::newRow("padding") << b64(R"({"alg":"RS256"})") + "=." + payload + ".AA";
        QTest::newRow("header not JSON") << b64("alg") + '.' + payload + ".AA";
        QTest::newRow("alg not a string") << b64(R"({"alg":1})") + '.' + payload + ".AA";
        QTest::newRow("crit") << b64(R"({"alg":"RS256","crit":["exp"],"exp":1})") + '.' + payload + ".AA";
    }

    void malformedTokens()
    {
        QFETCH(QString, token);
        QString problem;
        QVERIFY(!CompactJws::parse(token, &problem));
        QVERIFY(!problem.isEmpty());
    }

    void unusableJwks_data()
    {
        QTest::addColumn<QJsonObject>("jwk");
        QTest::addColumn<QString>("problem");
        const QJsonObject rsa = m_rsa.jwk;
        const QJsonObject p256 = m_p256.jwk;
        QJsonObject withPrivate = rsa;
        withPrivate.insert("d", "AQAB");
        QJsonObject shortX = p256;
        shortX.insert("x", b64(QByteArray(31, 'x')));
        QJsonObject offCurve = p256;
        offCurve.insert("y", b64(QByteArray(32, '\x01')));
        QJsonObject wrongCurve = p256;
        wrongCurve.insert("crv", "secp256k1");
        QTest::newRow("private RSA member") << withPrivate << "private or secret key material";
        QTest::newRow("symmetric key") << QJsonObject{{"kty", "oct"}, {"k", "c2VjcmV0"}} << "private or secret key material";
        QTest::newRow("unknown type") << QJsonObject{{"kty", "XYZ"}} << "key type \"XYZ\" is not supported";
        QTest::newRow("short RSA modulus") << TestKey::rsa(1024).jwk << "too short";
        QTest::newRow("missing e") << QJsonObject{{"kty", "RSA"}, {"n", rsa.value("n")}} << "\"e\" is missing";
        QTest::newRow("short EC coordinate") << shortX << "must be 32 bytes";
        QTest::newRow("point off the curve") << offCurve << "";
        QTest::newRow("unsupported curve") << wrongCurve << "not supported";
        QTest::newRow("Ed25519 key of 31 bytes") << QJsonObject{{"kty", "OKP"}, {"crv", "Ed25519"}, {"x", b64(QByteArray(31, 'x'))}} << "32 bytes";
    }

    void unusableJwks()
    {
        QFETCH(QJsonObject, jwk);
        QFETCH(QString, problem);
        QString why;
        QVERIFY(!Jwk::fromJson(jwk, &why));
        QVERIFY2(why.contains(problem) && !why.isEmpty(), qPrintable(why));
    }

    void jwkSet()
    {
        QJsonObject withKid = m_rsa.jwk;
        withKid.insert("kid", "one");
        const QJsonObject doc{{"keys", QJsonArray{withKid, QJsonObject{{"kty", "oct"}, {"k", "c2VjcmV0"}, {"kid", "sym"}}}}};
        QString problem;
        const auto set = JwkSet::fromJson(QJsonDocument(doc).toJson(), &problem);
        QVERIFY(set);
        QCOMPARE(set->keys.size(), 1);
        QVERIFY(set->hasKid("one"));
        QVERIFY(!set->hasKid("sym"));
        QCOMPARE(set->skipped.size(), 1);
        QVERIFY(set->skipped.first().contains("sym"));
        QVERIFY(!JwkSet::fromJson("[]", &problem));
        QVERIFY(!JwkSet::fromJson(R"({"keys":{}})", &problem));
    }
};

QTEST_GUILESS_MAIN(TestJws)
#include "tst_jws.moc"
