#include "twofactor/base32.h"

#include <QTest>

using namespace Gatehouse;

class TestBase32 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rfc4648_data();
    void rfc4648();
    void typedByPeople_data();
    void typedByPeople();
    void invalid_data();
    void invalid();
    void roundTrip();
};

void TestBase32::rfc4648_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("encoded");
    // RFC 4648 §10, without the padding (otpauth:// URIs carry none).
    QTest::newRow("empty") << QByteArray() << QString();
    QTest::newRow("f") << QByteArray("f") << QStringLiteral("MY");
    QTest::newRow("fo") << QByteArray("fo") << QStringLiteral("MZXQ");
    QTest::newRow("foo") << QByteArray("foo") << QStringLiteral("MZXW6");
    QTest::newRow("foob") << QByteArray("foob") << QStringLiteral("MZXW6YQ");
    QTest::newRow("fooba") << QByteArray("fooba") << QStringLiteral("MZXW6YTB");
    QTest::newRow("foobar") << QByteArray("foobar") << QStringLiteral("MZXW6YTBOI");
    QTest::newRow("rfc6238 key") << QByteArray("12345678901234567890")
                                 << QStringLiteral("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
}

void TestBase32::rfc4648()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, encoded);
    QCOMPARE(Base32::encode(bytes), encoded);
    QCOMPARE(Base32::decode(encoded), std::optional<QByteArray>(bytes));
}

void TestBase32::typedByPeople_data()
{
    QTest::addColumn<QString>("typed");
    QTest::newRow("padded") << QStringLiteral("MZXW6YTBOI======");
    QTest::newRow("lower case") << QStringLiteral("mzxw6ytboi");
    QTest::newRow("groups") << QStringLiteral("mzxw 6ytb oi");
    QTest::newRow("hyphens") << QStringLiteral("MZXW-6YTB-OI");
    QTest::newRow("trailing space") << QStringLiteral("MZXW6YTBOI \n");
}

void TestBase32::typedByPeople()
{
    QFETCH(QString, typed);
    QCOMPARE(Base32::decode(typed), std::optional<QByteArray>("foobar"));
}

void TestBase32::invalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("digit 1") << QStringLiteral("MZXW6YT1");
    QTest::newRow("digit 0") << QStringLiteral("MZXW60");
    QTest::newRow("one symbol") << QStringLiteral("M");
    QTest::newRow("three symbols") << QStringLiteral("MZX");
    QTest::newRow("six symbols") << QStringLiteral("MZXW6Y");
    QTest::newRow("padding inside") << QStringLiteral("MY==MY");
    QTest::newRow("not ASCII") << QStringLiteral("MZXWÄ");
}

void TestBase32::invalid()
{
    QFETCH(QString, text);
    QCOMPARE(Base32::decode(text), std::nullopt);
}

void TestBase32::roundTrip()
{
    for (int size = 0; size < 64; ++size) {
        QByteArray bytes;
        for (int i = 0; i < size; ++i)
            bytes.append(char(i * 37 + size));
        QCOMPARE(Base32::decode(Base32::encode(bytes)), std::optional<QByteArray>(bytes));
    }
}

QTEST_APPLESS_MAIN(TestBase32)
#include "tst_base32.moc"
