#include "oidcprovider/keybox.h"

#include "keytesting.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;
using namespace Gatehouse::Testing;

Q_DECLARE_METATYPE(SigningAlgorithm)

class TestKeyBox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sealAndOpen_data();
    void sealAndOpen();
    void otherSecret();
    void rotatedSecrets();
    void boundToItsRow();
    void damaged();
};

namespace {

const QString secretA = QStringLiteral("first-secret-0123456789abcdef-0123456789");
const QString secretB = QStringLiteral("second-secret-0123456789abcdef-012345678");

} // namespace

void TestKeyBox::sealAndOpen_data()
{
    QTest::addColumn<SigningAlgorithm>("algorithm");
    QTest::newRow("RS256") << SigningAlgorithm::RS256;
    QTest::newRow("ES256") << SigningAlgorithm::ES256;
    QTest::newRow("EdDSA") << SigningAlgorithm::EdDSA;
}

void TestKeyBox::sealAndOpen()
{
    QFETCH(SigningAlgorithm, algorithm);
    const KeyBox box({secretA});
    const SigningKey key = SigningKey::generate(algorithm);
    const OidcSigningKeyRecord record = box.seal(key, 3);
    QCOMPARE(record.kid, key.kid());
    QCOMPARE(record.alg, key.alg());
    QCOMPARE(record.generation, 3);
    QVERIFY(record.createdAt.isValid());
    // A JWE: five parts, dir + A256CBC-HS512, and the key's bytes nowhere in it.
    QCOMPARE(record.sealedKey.count(u'.'), 4);
    QVERIFY(!record.sealedKey.contains(QString::fromLatin1(Crypto::base64UrlEncode(key.privatePkcs8()).left(40))));

    const std::optional<SigningKey> opened = KeyBox({secretA}).open(record);
    QVERIFY(opened);
    QCOMPARE(opened->kid(), key.kid());
    QString problem;
    QVERIFY2(verifiesWith(compactJws(*opened, "{}"), key.publicJwk(), &problem), qPrintable(problem));
}

void TestKeyBox::otherSecret()
{
    const OidcSigningKeyRecord record = KeyBox({secretA}).seal(SigningKey::generate(SigningAlgorithm::ES256), 1);
    QVERIFY(!KeyBox({secretB}).open(record));
}

void TestKeyBox::rotatedSecrets()
{
    // AUTH_SECRET rotated: the new secret first, the old one still listed, opens old seals.
    const OidcSigningKeyRecord old = KeyBox({secretA}).seal(SigningKey::generate(SigningAlgorithm::EdDSA), 1);
    QVERIFY(KeyBox({secretB, secretA}).open(old));
}

void TestKeyBox::boundToItsRow()
{
    const KeyBox box({secretA});
    const OidcSigningKeyRecord rsa = box.seal(SigningKey::generate(SigningAlgorithm::RS256), 1);
    const OidcSigningKeyRecord other = box.seal(SigningKey::generate(SigningAlgorithm::RS256), 2);
    OidcSigningKeyRecord swapped = rsa;
    swapped.sealedKey = other.sealedKey;  // another row's sealed key copied here
    QVERIFY(!box.open(swapped));
    OidcSigningKeyRecord renamed = rsa;
    renamed.kid = other.kid;
    QVERIFY(!box.open(renamed));
    OidcSigningKeyRecord relabelled = rsa;
    relabelled.alg = QStringLiteral("ES256");
    QVERIFY(!box.open(relabelled));
    OidcSigningKeyRecord unknown = rsa;
    unknown.alg = QStringLiteral("none");
    QVERIFY(!box.open(unknown));
    QVERIFY(box.open(rsa));
}

void TestKeyBox::damaged()
{
    const KeyBox box({secretA});
    OidcSigningKeyRecord record = box.seal(SigningKey::generate(SigningAlgorithm::ES256), 1);
    const qsizetype last = record.sealedKey.size() - 2;
    record.sealedKey[last] = record.sealedKey.at(last) == u'A' ? u'B' : u'A';
    QVERIFY(!box.open(record));
    record.sealedKey.clear();
    QVERIFY(!box.open(record));
}

QTEST_APPLESS_MAIN(TestKeyBox)
#include "tst_keybox.moc"
