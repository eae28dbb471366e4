#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

using namespace Gatehouse;

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysInOrderFirstThenTheRest()
    {
        const QJsonObject session{{QStringLiteral("expires"), QStringLiteral("2026-12-23T10:00:00.000Z")},
                                  {QStringLiteral("zeta"), 1},
                                  {QStringLiteral("user"), QJsonObject{{QStringLiteral("email"), QStringLiteral("a@b.test")},
                                                                      {QStringLiteral("name"), QJsonValue::Null}}}};
        QCOMPARE(toOrderedJson(session, {QStringLiteral("user"), QStringLiteral("expires"), QStringLiteral("name")}),
                 QByteArray("{\"user\":{\"name\":null,\"email\":\"a@b.test\"},\"expires\":\"2026-12-23T10:00:00.000Z\",\"zeta\":1}"));
    }

    //! The expected texts are what JavaScript's JSON.stringify prints for the same values.
    void scalarsAsJsonStringify_data()
    {
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("true") << QJsonValue(true) << QByteArray("true");
        QTest::newRow("false") << QJsonValue(false) << QByteArray("false");
        QTest::newRow("null") << QJsonValue(QJsonValue::Null) << QByteArray("null");
        QTest::newRow("integer") << QJsonValue(1763916305) << QByteArray("1763916305");
        QTest::newRow("negative") << QJsonValue(-42) << QByteArray("-42");
        QTest::newRow("2^53-1") << QJsonValue(9007199254740991.0) << QByteArray("9007199254740991");
        QTest::newRow("fraction") << QJsonValue(0.1) << QByteArray("0.1");
        QTest::newRow("small") << QJsonValue(1.5e-7) << QByteArray("1.5e-7");
        QTest::newRow("0.00001") << QJsonValue(0.00001) << QByteArray("0.00001");
        QTest::newRow("-123.456") << QJsonValue(-123.456) << QByteArray("-123.456");
        QTest::newRow("2^53") << QJsonValue(9007199254740992.0) << QByteArray("9007199254740992");
        QTest::newRow("1e21") << QJsonValue(1e21) << QByteArray("1e+21");
        QTest::newRow("-2.5e300") << QJsonValue(-2.5e300) << QByteArray("-2.5e+300");
        QTest::newRow("NaN") << QJsonValue(std::numeric_limits<double>::quiet_NaN()) << QByteArray("null");
        QTest::newRow("infinity") << QJsonValue(std::numeric_limits<double>::infinity()) << QByteArray("null");
        QTest::newRow("plain") << QJsonValue(QStringLiteral("Alice")) << QByteArray("\"Alice\"");
        QTest::newRow("empty") << QJsonValue(QString()) << QByteArray("\"\"");
        QTest::newRow("quote and backslash") << QJsonValue(QStringLiteral("a\"b\\c")) << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("controls") << QJsonValue(QStringLiteral("\b\f\n\r\t\x01\x1f"))
                                  << QByteArray("\"\\b\\f\\n\\r\\t\\u0001\\u001f\"");
        QTest::newRow("html stays") << QJsonValue(QStringLiteral("<script>/</script>")) << QByteArray("\"<script>/</script>\"");
        QTest::newRow("non-ASCII as UTF-8") << QJsonValue(QStringLiteral("Jürgen 😀 x\n"))
                                            << QByteArray("\"J\xc3\xbcrgen \xf0\x9f\x98\x80 x\\n\"");
        QTest::newRow("lone surrogates") << QJsonValue(QString(QChar(0xd83d)) + QStringLiteral("x") + QChar(0xde00) + QChar(0x7f))
                                         << QByteArray("\"\\ud83dx\\ude00\x7f\"");
    }

    void scalarsAsJsonStringify()
    {
        QFETCH(QJsonValue, value);
        QFETCH(QByteArray, json);
        QCOMPARE(toOrderedJson(value, {}), json);
        QCOMPARE(toOrderedJson(QJsonArray{value, value}, {}), "[" + json + "," + json + "]");
    }

    void parsesBackToTheSameValue()
    {
        const QJsonObject object{{QStringLiteral("s"), QStringLiteral("\"quoted\" \\ \u00e9\u4e2d\x02")},
                                 {QStringLiteral("n"), 12.375},
                                 {QStringLiteral("a"), QJsonArray{1, QStringLiteral("two"), QJsonObject{}, QJsonArray{}}},
                                 {QStringLiteral("k\"ey"), false}};
        QJsonParseError error;
        const QJsonDocument parsed = QJsonDocument::fromJson(toOrderedJson(object, {}), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(parsed.object(), object);
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
