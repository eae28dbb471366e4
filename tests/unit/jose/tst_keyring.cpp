#include "jose/keyring.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"

#include <QSet>
#include <QTest>
#include <QThread>

#include <stdexcept>

using namespace Gatehouse::Jose;

namespace {
const QString referenceSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");
}

class TestKeyRing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kidMatchesAuthJs_data();
    void kidMatchesAuthJs();
    void protectedHeader();
    void keysDependOnSecretAndSalt();
    void keySetFollowsSecretOrder();
    void findByKid();
    void keySetsAreCachedPerSalt();
    void concurrentFirstUseDerivesOnce();
    void invalidSecretsThrow_data();
    void invalidSecretsThrow();
};

void TestKeyRing::kidMatchesAuthJs_data()
{
    QTest::addColumn<QString>("salt");
    QTest::addColumn<QByteArray>("kid");
    // Observed in the @auth/core 0.41.3 reference transcript with the secret above.
    QTest::newRow("session") << QStringLiteral("authjs.session-token")
        << QByteArray("yR0dwiAjRB__TGcyJtdgjuFfhIWQh_Psm3DZHM2G6gPsZakr85i3QXiIWOlHxKHDYFiSZHSuXorkPVkqvl_Pnw");
    QTest::newRow("secure session") << QStringLiteral("__Secure-authjs.session-token")
        << QByteArray("ZKFD_23HXTcaUwBvQCNLPEf9JDFNCEVi2w-mlQ6nuHXNnjfervJ1kDHpmW9hrP0xmsYHZUOXw7jNJQ_u0uzFfQ");
    QTest::newRow("pkce") << QStringLiteral("authjs.pkce.code_verifier")
        << QByteArray("2cM3qQRlT5Ffk6PaNw9Na1kqhucwfXkDWMy_Ct_yh6MnoNhBsqxabECAlpvofPFqE9hl0w06y05p3oAIEwMCSQ");
}

void TestKeyRing::kidMatchesAuthJs()
{
    QFETCH(QString, salt);
    QFETCH(QByteArray, kid);
    QCOMPARE(DerivedKey(referenceSecret, salt).kid(), kid);
    QCOMPARE(DerivedKey::thumbprint(DerivedKey::deriveKey(referenceSecret, salt)), kid);
}

void TestKeyRing::protectedHeader()
{
    const DerivedKey key(referenceSecret, QStringLiteral("authjs.session-token"));
    QCOMPARE(Gatehouse::Crypto::base64UrlDecode(QByteArrayView(key.protectedHeader())).value_or("<invalid>"),
             R"({"alg":"dir","enc":"A256CBC-HS512","kid":")" + key.kid() + R"("})");
    QCOMPARE(DerivedKey::deriveKey(referenceSecret, QStringLiteral("authjs.session-token")).size(), 64);
}

void TestKeyRing::keysDependOnSecretAndSalt()
{
    const QString salt = QStringLiteral("authjs.session-token");
    const QByteArray key = DerivedKey::deriveKey(referenceSecret, salt);
    QCOMPARE(DerivedKey::deriveKey(referenceSecret, salt), key);
    QVERIFY(DerivedKey::deriveKey(referenceSecret + QLatin1Char('x'), salt) != key);
    QVERIFY(DerivedKey::deriveKey(referenceSecret, salt + QLatin1Char('x')) != key);
    // Secret and salt enter HKDF as UTF-8, as in Auth.js.
    QCOMPARE(DerivedKey::deriveKey(QStringLiteral("s\u00e9cret"), QStringLiteral("n\u00e4me")),
             Gatehouse::Crypto::hkdfSha256("s\xc3\xa9" "cret", "n\xc3\xa4me",
                                           "Auth.js Generated Encryption Key (n\xc3\xa4me)", 64));
}

void TestKeyRing::keySetFollowsSecretOrder()
{
    const KeyRing ring({QStringLiteral("new-secret"), QStringLiteral("old-secret")});
    const KeySet &keys = ring.keySet(QStringLiteral("authjs.session-token"));
    QCOMPARE(keys.size(), 2);
    QCOMPARE(&keys.encryptionKey(), &keys.at(0));
    QCOMPARE(keys.at(0).kid(), DerivedKey(QStringLiteral("new-secret"), QStringLiteral("authjs.session-token")).kid());
    QCOMPARE(keys.at(1).kid(), DerivedKey(QStringLiteral("old-secret"), QStringLiteral("authjs.session-token")).kid());
}

void TestKeyRing::findByKid()
{
    const KeyRing ring({QStringLiteral("new-secret"), QStringLiteral("old-secret")});
    const KeySet &keys = ring.keySet(QStringLiteral("authjs.session-token"));
    QCOMPARE(keys.findByKid(QString::fromLatin1(keys.at(1).kid())), &keys.at(1));
    QCOMPARE(keys.findByProtectedHeader(QString::fromLatin1(keys.at(1).protectedHeader())), &keys.at(1));
    QCOMPARE(keys.findByKid(QString::fromLatin1(keys.at(1).kid().chopped(1))), nullptr);
    QCOMPARE(keys.findByKid(u""), nullptr);
    QCOMPARE(keys.findByProtectedHeader(u"eyJhbGciOiJkaXIifQ"), nullptr);
}

void TestKeyRing::keySetsAreCachedPerSalt()
{
    const KeyRing ring({referenceSecret});
    const KeySet &session = ring.keySet(QStringLiteral("authjs.session-token"));
    const KeySet &pkce = ring.keySet(QStringLiteral("authjs.pkce.code_verifier"));
    QVERIFY(&session != &pkce);
    QCOMPARE(&ring.keySet(QStringLiteral("authjs.session-token")), &session);
    QCOMPARE(&ring.keySet(QStringLiteral("authjs.pkce.code_verifier")), &pkce);
    QVERIFY(session.encryptionKey().kid() != pkce.encryptionKey().kid());
}

void TestKeyRing::concurrentFirstUseDerivesOnce()
{
    const KeyRing ring({referenceSecret, QStringLiteral("older")});
    const QStringList salts = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    constexpr int threadCount = 8;
    QList<QList<const KeySet *>> seen(threadCount);
    QList<QThread *> threads;
    for (int t = 0; t < threadCount; ++t) {
        threads.append(QThread::create([&, t] {
            for (int round = 0; round < 200; ++round)
                seen[t].append(&ring.keySet(salts.at(round % salts.size())));
        }));
    }
    for (QThread *thread : std::as_const(threads))
        thread->start();
    for (QThread *thread : std::as_const(threads)) {
        QVERIFY(thread->wait(60000));
        delete thread;
    }
    for (int t = 0; t < threadCount; ++t) {
        for (int round = 0; round < 200; ++round)
            QCOMPARE(seen[t][round], &ring.keySet(salts.at(round % salts.size())));
    }
}

void TestKeyRing::invalidSecretsThrow_data()
{
    QTest::addColumn<QStringList>("secrets");
    QTest::newRow("none") << QStringList();
    QTest::newRow("empty") << QStringList{QString()};
    QTest::newRow("empty after a good one") << QStringList{referenceSecret, QString()};
}

void TestKeyRing::invalidSecretsThrow()
{
    QFETCH(QStringList, secrets);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyRing ring(secrets));
}

QTEST_GUILESS_MAIN(TestKeyRing)
#include "tst_keyring.moc"
