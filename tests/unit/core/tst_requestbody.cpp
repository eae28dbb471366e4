#include "core/requestbody.h"

#include <QTest>

using namespace Gatehouse;

class TestRequestBody : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void form()
    {
        const QJsonObject o = parseRequestBody("application/x-www-form-urlencoded; charset=UTF-8",
                                               "csrfToken=abc&username=al+ice&password=p%26w%3D&empty=&flag");
        QCOMPARE(o.value("csrfToken").toString(), QStringLiteral("abc"));
        QCOMPARE(o.value("username").toString(), QStringLiteral("al ice"));
        QCOMPARE(o.value("password").toString(), QStringLiteral("p&w="));
        QCOMPARE(o.value("empty").toString(), QString());
        QVERIFY(o.contains("flag"));
    }
    void json()
    {
        const QJsonObject o = parseRequestBody("application/json", R"({"csrfToken":"x","data":{"a":1}})");
        QCOMPARE(o.value("csrfToken").toString(), QStringLiteral("x"));
        QCOMPARE(o.value("data").toObject().value("a").toInt(), 1);
    }
    void rejected_data()
    {
        QTest::addColumn<QByteArray>("type");
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("malformed json") << QByteArray("application/json") << QByteArray("{\"a\":");
        QTest::newRow("json array") << QByteArray("application/json") << QByteArray("[1,2]");
        QTest::newRow("text") << QByteArray("text/plain") << QByteArray("csrfToken=x");
        QTest::newRow("none") << QByteArray() << QByteArray("csrfToken=x");
    }
    void rejected()
    {
        QFETCH(QByteArray, type);
        QFETCH(QByteArray, body);
        QVERIFY(parseRequestBody(type, body).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRequestBody)
#include "tst_requestbody.moc"
