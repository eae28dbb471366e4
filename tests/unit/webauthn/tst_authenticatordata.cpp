// Authenticator data (WebAuthn §6.1) byte by byte: flags, counter, extensions and the checks
// that keep the AT/ED flags honest.
#include "webauthn/authenticatordata.h"
#include "webauthn/verificationerror.h"
#include "crypto/hash.h"

#include <QCborMap>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::WebAuthn;

namespace {

QByteArray header(quint8 flags, quint32 counter)
{
    QByteArray data = Crypto::sha256("localhost");
    data.append(char(flags));
    data.append(char(counter >> 24)).append(char(counter >> 16)).append(char(counter >> 8)).append(char(counter));
    return data;
}

QString errorOf(const QByteArray &data)
{
    try {
        AuthenticatorData::parse(data);
    } catch (const VerificationError &error) {
        return error.message();
    }
    return QStringLiteral("(accepted)");
}

} // namespace

class TestAuthenticatorData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsFlagsCounterAndExtensions()
    {
        const QCborMap extensions{{QStringLiteral("credProtect"), 2}};
        const AuthenticatorData data =
            AuthenticatorData::parse(header(0x01 | 0x04 | 0x80, 0x01020304) + QCborValue(extensions).toCbor());
        QCOMPARE(data.rpIdHash, Crypto::sha256("localhost"));
        QVERIFY(data.has(AuthenticatorData::UserPresent));
        QVERIFY(data.has(AuthenticatorData::UserVerified));
        QVERIFY(!data.has(AuthenticatorData::BackupEligible));
        QCOMPARE(data.signCount, 0x01020304u);
        QVERIFY(!data.attestedCredential);
        QCOMPARE(data.extensions.value(QStringLiteral("credProtect")).toInteger(), 2);
    }

    void refusesInconsistentData_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray() << "0 bytes, at least 37 expected";
        QTest::newRow("36 bytes") << header(0x01, 0).left(36) << "36 bytes, at least 37 expected";
        QTest::newRow("trailing bytes") << header(0x01, 0) + "x" << "1 unexpected bytes at the end";
        QTest::newRow("ED without extensions") << header(0x81, 0) << "authenticator extensions: no CBOR data";
        QTest::newRow("extensions not a map") << header(0x81, 0) + QCborValue(5).toCbor() << "authenticator extensions: expected a CBOR map";
        QTest::newRow("AT without data") << header(0x41, 0) << "attested credential data is truncated";
        QTest::newRow("credential ID length 0") << header(0x41, 0) + QByteArray(18, '\0') << "credential ID length 0 is not between 1 and 1023";
        QTest::newRow("credential ID length 1024")
            << header(0x41, 0) + QByteArray(16, '\0') + QByteArray::fromHex("0400") << "credential ID length 1024";
        QTest::newRow("credential ID truncated")
            << header(0x41, 0) + QByteArray(16, '\0') + QByteArray::fromHex("0010") + "short" << "credential ID is truncated";
        QTest::newRow("no public key")
            << header(0x41, 0) + QByteArray(16, '\0') + QByteArray::fromHex("0002") + "id" << "credential public key: no CBOR data";
        QTest::newRow("public key not CBOR")
            << header(0x41, 0) + QByteArray(16, '\0') + QByteArray::fromHex("0002") + "id" + QByteArray::fromHex("5f41")
            << "credential public key: malformed CBOR";
        QTest::newRow("BS without BE") << header(0x11, 0) << "backed up (BS) without being backup eligible (BE)";
    }

    void refusesInconsistentData()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, error);
        const QString actual = errorOf(data);
        QVERIFY2(actual.contains(error), qPrintable(actual));
    }
};

QTEST_GUILESS_MAIN(TestAuthenticatorData)
#include "tst_authenticatordata.moc"
