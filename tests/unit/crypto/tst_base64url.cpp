#include "crypto/base64url.h"
#include "crypto/random.h"

#include <QTest>

using namespace Gatehouse::Crypto;

class TestBase64Url : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectors_data();
    void vectors();
    void roundTripMatchesQt();
    void rejects_data();
    void rejects();
    void sizes();
};

void TestBase64Url::vectors_data()
{
    QTest::addColumn<QByteArray>("decoded");
    QTest::addColumn<QByteArray>("encoded");
    // RFC 4648 §10, without padding, plus the two characters that differ from base64.
    QTest::newRow("empty") << QByteArray() << QByteArray();
    QTest::newRow("f") << QByteArray("f") << QByteArray("Zg");
    QTest::newRow("fo") << QByteArray("fo") << QByteArray("Zm8");
    QTest::newRow("foo") << QByteArray("foo") << QByteArray("Zm9v");
    QTest::newRow("foob") << QByteArray("foob") << QByteArray("Zm9vYg");
    QTest::newRow("fooba") << QByteArray("fooba") << QByteArray("Zm9vYmE");
    QTest::newRow("foobar") << QByteArray("foobar") << QByteArray("Zm9vYmFy");
    QTest::newRow("url alphabet") << QByteArray::fromHex("fbffbf") << QByteArray("-_-_");
    QTest::newRow("jose header") << QByteArray(R"({"alg":"dir","enc":"A256CBC-HS512"})")
        << QByteArray("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0");
}

void TestBase64Url::vectors()
{
    QFETCH(QByteArray, decoded);
    QFETCH(QByteArray, encoded);

    QCOMPARE(base64UrlEncode(decoded), encoded);

    QString wide(base64UrlEncodedSize(decoded.size()), Qt::Uninitialized);
    char16_t *end = base64UrlEncode(decoded, reinterpret_cast<char16_t *>(wide.data()));
    QCOMPARE(end - reinterpret_cast<char16_t *>(wide.data()), encoded.size());
    QCOMPARE(wide, QString::fromLatin1(encoded));

    QCOMPARE(base64UrlDecode(QByteArrayView(encoded)), std::optional<QByteArray>(decoded));
    QCOMPARE(base64UrlDecode(QStringView(wide)), std::optional<QByteArray>(decoded));
}

void TestBase64Url::roundTripMatchesQt()
{
    for (int size = 0; size < 200; ++size) {
        const QByteArray data = randomBytes(size);
        const QByteArray expected =
            data.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
        QCOMPARE(base64UrlEncode(data), expected);
        QCOMPARE(base64UrlDecode(QByteArrayView(expected)), std::optional<QByteArray>(data));
    }
}

void TestBase64Url::rejects_data()
{
    QTest::addColumn<QString>("encoded");
    QTest::newRow("padding") << QStringLiteral("Zg==");
    QTest::newRow("one padding char") << QStringLiteral("Zm8=");
    QTest::newRow("impossible length") << QStringLiteral("Zm9vY");
    QTest::newRow("single char") << QStringLiteral("Z");
    QTest::newRow("unused bits set, 1 byte") << QStringLiteral("Zh");
    QTest::newRow("unused bits set, 2 bytes") << QStringLiteral("Zm9");
    QTest::newRow("plus") << QStringLiteral("Zm+v");
    QTest::newRow("slash") << QStringLiteral("Zm/v");
    QTest::newRow("space") << QStringLiteral("Zm 9v");
    QTest::newRow("dot") << QStringLiteral("Zm9v.");
    QTest::newRow("NUL") << QString(QStringLiteral("Zm9v") + QChar(0) + QStringLiteral("Zm8"));
    QTest::newRow("latin-1") << QStringLiteral("Zm9\u00e9");
    QTest::newRow("non-latin-1 with ASCII low byte") << QString(QStringLiteral("Zm9") + QChar(0x0141));
}

void TestBase64Url::rejects()
{
    QFETCH(QString, encoded);
    QCOMPARE(base64UrlDecode(QStringView(encoded)), std::nullopt);
    if (encoded.size() == encoded.toLatin1().size() && QString::fromLatin1(encoded.toLatin1()) == encoded)
        QCOMPARE(base64UrlDecode(QByteArrayView(encoded.toLatin1())), std::nullopt);
}

void TestBase64Url::sizes()
{
    for (qsizetype size = 0; size < 64; ++size) {
        const qsizetype length = base64UrlEncodedSize(size);
        QCOMPARE(length, base64UrlEncode(randomBytes(size)).size());
        QCOMPARE(base64UrlDecodedSize(length), size);
    }
    QCOMPARE(base64UrlDecodedSize(1), -1);
    QCOMPARE(base64UrlDecodedSize(5), -1);
}

QTEST_GUILESS_MAIN(TestBase64Url)
#include "tst_base64url.moc"
