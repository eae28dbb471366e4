#include "oidcprovider/jwks.h"
#include "oidcprovider/signingkey.h"

#include "keytesting.h"

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;
using namespace Gatehouse::Testing;

Q_DECLARE_METATYPE(SigningAlgorithm)

class TestSigningKey : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thumbprintRfc7638();
    void thumbprintOfOtherKeys();
    void algorithmNames();
    void generated_data();
    void generated();
    void signaturesVerify_data();
    void signaturesVerify();
    void pkcs8RoundTrip_data();
    void pkcs8RoundTrip();
    void pkcs8OfAnotherKind();
    void jwksHasPublicMembersOnly();
};

namespace {

void algorithms()
{
    QTest::addColumn<SigningAlgorithm>("algorithm");
    QTest::newRow("RS256") << SigningAlgorithm::RS256;
    QTest::newRow("ES256") << SigningAlgorithm::ES256;
    QTest::newRow("EdDSA") << SigningAlgorithm::EdDSA;
}

} // namespace

void TestSigningKey::thumbprintRfc7638()
{
    // RFC 7638 §3.1: the RSA key and its thumbprint; members beyond the required ones do not count.
    const QJsonObject jwk{
        {"kty", "RSA"},
        {"n", "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMs"
              "tn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn"
              "1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"},
        {"e", "AQAB"},
        {"alg", "RS256"},
        {"kid", "2011-04-29"}};
    QCOMPARE(jwkThumbprint(jwk), QStringLiteral("NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"));
}

void TestSigningKey::thumbprintOfOtherKeys()
{
    // RFC 8037 Appendix A.3: the Ed25519 key's thumbprint.
    const QJsonObject ed25519{{"crv", "Ed25519"}, {"kty", "OKP"}, {"x", "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}};
    QCOMPARE(jwkThumbprint(ed25519), QStringLiteral("kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"));
    QCOMPARE(jwkThumbprint({{"kty", "oct"}, {"k", "c2VjcmV0"}}), QString());
    QCOMPARE(jwkThumbprint({{"kty", "OKP"}, {"crv", "Ed25519"}}), QString());
    QCOMPARE(jwkThumbprint({{"kty", "OKP"}, {"crv", "Ed25519\",\"x\":\"A"}, {"x", "B"}}), QString());
}

void TestSigningKey::algorithmNames()
{
    QCOMPARE(algorithmNamed(QStringLiteral("RS256")), std::optional(SigningAlgorithm::RS256));
    QCOMPARE(algorithmNamed(QStringLiteral("ES256")), std::optional(SigningAlgorithm::ES256));
    QCOMPARE(algorithmNamed(QStringLiteral("EdDSA")), std::optional(SigningAlgorithm::EdDSA));
    for (const char *other : {"none", "HS256", "rs256", "RS384", "Ed25519", ""})
        QVERIFY2(!algorithmNamed(QLatin1String(other)), other);
}

void TestSigningKey::generated_data()
{
    QTest::addColumn<SigningAlgorithm>("algorithm");
    QTest::addColumn<QString>("kty");
    QTest::addColumn<QString>("crv");
    QTest::addColumn<QStringList>("members");
    QTest::newRow("RS256") << SigningAlgorithm::RS256 << "RSA" << "" << QStringList{"alg", "e", "kid", "kty", "n", "use"};
    QTest::newRow("ES256") << SigningAlgorithm::ES256 << "EC" << "P-256"
                           << QStringList{"alg", "crv", "kid", "kty", "use", "x", "y"};
    QTest::newRow("EdDSA") << SigningAlgorithm::EdDSA << "OKP" << "Ed25519"
                           << QStringList{"alg", "crv", "kid", "kty", "use", "x"};
}

void TestSigningKey::generated()
{
    QFETCH(SigningAlgorithm, algorithm);
    QFETCH(QString, kty);
    QFETCH(QString, crv);
    QFETCH(QStringList, members);
    const SigningKey key = SigningKey::generate(algorithm);
    const QJsonObject jwk = key.publicJwk();
    QCOMPARE(jwk.keys(), members);
    QCOMPARE(jwk.value("kty").toString(), kty);
    QCOMPARE(jwk.value("crv").toString(), crv);
    QCOMPARE(jwk.value("alg").toString(), algorithmName(algorithm));
    QCOMPARE(jwk.value("use").toString(), QStringLiteral("sig"));
    QCOMPARE(jwk.value("kid").toString(), key.kid());
    QCOMPARE(key.kid(), jwkThumbprint(jwk));
    QCOMPARE(key.kid().size(), 43);  // SHA-256, base64url
    if (algorithm == SigningAlgorithm::RS256) {
        QCOMPARE(Crypto::base64UrlDecode(QStringView(jwk.value("n").toString()))->size(), 256);  // 2048 bits
        QCOMPARE(jwk.value("e").toString(), QStringLiteral("AQAB"));
    }
    // A relying party's parser takes it (it refuses private members and small RSA keys).
    QString problem;
    QVERIFY2(OAuth::Jwk::fromJson(jwk, &problem), qPrintable(problem));
    // Each key is new.
    QVERIFY(SigningKey::generate(algorithm).kid() != key.kid());
}

void TestSigningKey::signaturesVerify_data()
{
    algorithms();
}

void TestSigningKey::signaturesVerify()
{
    QFETCH(SigningAlgorithm, algorithm);
    const SigningKey key = SigningKey::generate(algorithm);
    const QString token = compactJws(key, R"({"iss":"https://auth.example.test/auth","sub":"1"})");
    QString problem;
    QVERIFY2(verifiesWith(token, key.publicJwk(), &problem), qPrintable(problem));
    if (algorithm == SigningAlgorithm::ES256)
        QCOMPARE(Crypto::base64UrlDecode(QStringView(token).mid(token.lastIndexOf(u'.') + 1))->size(), 64);

    // Another payload under the same signature, or another key of the same kind: no.
    const qsizetype firstDot = token.indexOf(u'.');
    const qsizetype lastDot = token.lastIndexOf(u'.');
    const QString forged = token.left(firstDot + 1) + QString::fromLatin1(Crypto::base64UrlEncode(R"({"sub":"2"})"))
        + token.mid(lastDot);
    QVERIFY(!verifiesWith(forged, key.publicJwk(), &problem));
    QVERIFY(!verifiesWith(token, SigningKey::generate(algorithm).publicJwk(), &problem));
}

void TestSigningKey::pkcs8RoundTrip_data()
{
    algorithms();
}

void TestSigningKey::pkcs8RoundTrip()
{
    QFETCH(SigningAlgorithm, algorithm);
    const SigningKey key = SigningKey::generate(algorithm);
    const std::optional<SigningKey> again = SigningKey::fromPkcs8(algorithm, key.privatePkcs8());
    QVERIFY(again);
    QCOMPARE(again->kid(), key.kid());
    QCOMPARE(again->publicJwk(), key.publicJwk());
    QString problem;
    QVERIFY2(verifiesWith(compactJws(*again, "{}"), key.publicJwk(), &problem), qPrintable(problem));
    // Trailing bytes, a truncated key, nothing at all: no key.
    QVERIFY(!SigningKey::fromPkcs8(algorithm, key.privatePkcs8() + '\0'));
    QVERIFY(!SigningKey::fromPkcs8(algorithm, key.privatePkcs8().chopped(1)));
    QVERIFY(!SigningKey::fromPkcs8(algorithm, QByteArray()));
}

void TestSigningKey::pkcs8OfAnotherKind()
{
    // A key opens only as the algorithm its row names.
    const QByteArray rsa = SigningKey::generate(SigningAlgorithm::RS256).privatePkcs8();
    const QByteArray ec = SigningKey::generate(SigningAlgorithm::ES256).privatePkcs8();
    const QByteArray ed = SigningKey::generate(SigningAlgorithm::EdDSA).privatePkcs8();
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::ES256, rsa));
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::EdDSA, rsa));
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::RS256, ec));
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::EdDSA, ec));
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::RS256, ed));
    QVERIFY(!SigningKey::fromPkcs8(SigningAlgorithm::ES256, ed));
}

void TestSigningKey::jwksHasPublicMembersOnly()
{
    const QList<SigningKey> keys{SigningKey::generate(SigningAlgorithm::RS256), SigningKey::generate(SigningAlgorithm::ES256),
                                 SigningKey::generate(SigningAlgorithm::EdDSA)};
    const QJsonObject set = jwks(keys);
    QCOMPARE(set.keys(), QStringList{"keys"});
    const QJsonArray published = set.value("keys").toArray();
    QCOMPARE(published.size(), 3);
    for (qsizetype i = 0; i < published.size(); ++i) {
        const QJsonObject jwk = published.at(i).toObject();
        for (const QString &member : privateMembers())
            QVERIFY2(!jwk.contains(member), qPrintable(member));
        QCOMPARE(jwk.value("kid").toString(), keys.at(i).kid());
    }
    // What a relying party fetches: the whole document parses and every key is usable.
    QString problem;
    const std::optional<OAuth::JwkSet> parsed = OAuth::JwkSet::fromJson(QJsonDocument(set).toJson(), &problem);
    QVERIFY2(parsed, qPrintable(problem));
    QCOMPARE(parsed->keys.size(), 3);
    QVERIFY2(parsed->skipped.isEmpty(), qPrintable(parsed->skipped.join(", ")));
}

QTEST_APPLESS_MAIN(TestSigningKey)
#include "tst_signingkey.moc"
