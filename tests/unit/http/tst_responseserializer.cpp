#include "http/responseserializer.h"

#include <QtTest>

using namespace Gatehouse;

namespace {

const QByteArray kDate = "Sun, 06 Nov 1994 08:49:37 GMT";

AuthResponse jsonResponse()
{
    AuthResponse response;
    response.status = 200;
    response.headers = {{"Content-Type", "application/json"}, {"Cache-Control", "no-store"}};
    response.body = R"({"ok":true})";
    return response;
}

SetCookie cookie(const QString &name, const QString &value)
{
    SetCookie c;
    c.name = name;
    c.value = value;
    return c;
}

} // namespace

class TestResponseSerializer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainResponse();
    void cookiesEachOnOwnLine();
    void connectionHeaders_data();
    void connectionHeaders();
    void headOmitsBody();
    void bodylessStatuses_data();
    void bodylessStatuses();
    void unsafeHeadersDropped();
    void invalidStatusBecomes500();
    void errorResponse();
    void reasonPhrases_data();
    void reasonPhrases();
};

void TestResponseSerializer::plainResponse()
{
    QCOMPARE(serializeResponse(jsonResponse(), {}, kDate),
             QByteArray("HTTP/1.1 200 OK\r\n"
                        "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                        "Content-Type: application/json\r\n"
                        "Cache-Control: no-store\r\n"
                        "Content-Length: 11\r\n"
                        "\r\n"
                        R"({"ok":true})"));
}

void TestResponseSerializer::cookiesEachOnOwnLine()
{
    AuthResponse response;
    response.status = 302;
    response.headers = {{"Location", "http://localhost/"}};
    response.cookies = {cookie("a", "1"), cookie("b", "2")};
    const QByteArray wire = serializeResponse(response, {}, kDate);
    QVERIFY(wire.startsWith("HTTP/1.1 302 Found\r\n"));
    QVERIFY(wire.contains("\r\nLocation: http://localhost/\r\n"));
    QVERIFY(wire.contains("\r\nSet-Cookie: " + response.cookies[0].toHeaderValue() + "\r\n"));
    QVERIFY(wire.contains("\r\nSet-Cookie: " + response.cookies[1].toHeaderValue() + "\r\n"));
    QCOMPARE(wire.count("Set-Cookie:"), 2);
    QVERIFY(wire.endsWith("Content-Length: 0\r\n\r\n"));
}

void TestResponseSerializer::connectionHeaders_data()
{
    QTest::addColumn<bool>("close");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("keep-alive default") << false << false << QByteArray();
    QTest::newRow("close") << true << false << QByteArray("Connection: close\r\n");
    QTest::newRow("http/1.0 keep-alive") << false << true << QByteArray("Connection: keep-alive\r\n");
}

void TestResponseSerializer::connectionHeaders()
{
    QFETCH(bool, close);
    QFETCH(bool, keepAlive);
    QFETCH(QByteArray, expected);
    AuthResponse response = jsonResponse();
    // The handler's own connection-level headers never reach the wire.
    response.headers += {{"connection", "upgrade"},
                         {"Content-Length", "999"},
                         {"Transfer-Encoding", "chunked"}};
    WireOptions options;
    options.close = close;
    options.keepAliveHeader = keepAlive;
    const QByteArray wire = serializeResponse(response, options, kDate);
    QVERIFY(!wire.contains("upgrade"));
    QVERIFY(!wire.contains("999"));
    QVERIFY(!wire.contains("chunked"));
    QVERIFY(wire.contains("Content-Length: 11\r\n" + expected + "\r\n{"));
}

void TestResponseSerializer::headOmitsBody()
{
    WireOptions options;
    options.omitBody = true;
    const QByteArray wire = serializeResponse(jsonResponse(), options, kDate);
    QVERIFY(wire.endsWith("Content-Length: 11\r\n\r\n"));
}

void TestResponseSerializer::bodylessStatuses_data()
{
    QTest::addColumn<int>("status");
    QTest::newRow("204") << 204;
    QTest::newRow("304") << 304;
    QTest::newRow("101") << 101;
}

void TestResponseSerializer::bodylessStatuses()
{
    QFETCH(int, status);
    AuthResponse response = jsonResponse();
    response.status = status;
    const QByteArray wire = serializeResponse(response, {}, kDate);
    QVERIFY(!wire.contains("Content-Length"));
    QVERIFY(wire.endsWith("Cache-Control: no-store\r\n\r\n"));
}

void TestResponseSerializer::unsafeHeadersDropped()
{
    AuthResponse response = jsonResponse();
    response.headers = {{"Location", "http://a/\r\nSet-Cookie: evil=1"},
                        {"Bad Name", "x"},
                        {"X-Nul", QByteArray("a\0b", 3)},
                        {"X-Lf", "a\nb"},
                        {"X-Cr", "a\rb"},
                        {"X-Fine", "yes"}};
    response.cookies = {cookie("ok", "1")};
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("dropped response header"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("dropped response header"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("dropped response header"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("dropped response header"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("dropped response header"));
    const QByteArray wire = serializeResponse(response, {}, kDate);
    QVERIFY(!wire.contains("evil"));
    QVERIFY(!wire.contains("Bad Name"));
    QVERIFY(!wire.contains("X-Nul"));
    QVERIFY(!wire.contains("X-Lf"));
    QVERIFY(!wire.contains("X-Cr"));
    QVERIFY(wire.contains("\r\nX-Fine: yes\r\n"));
    QCOMPARE(wire.count("Set-Cookie:"), 1);
}

void TestResponseSerializer::invalidStatusBecomes500()
{
    AuthResponse response = jsonResponse();
    response.status = 42;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("invalid status 42"));
    QVERIFY(serializeResponse(response, {}, kDate).startsWith("HTTP/1.1 500 Internal Server Error\r\n"));
    QCOMPARE(wireStatus(42), 500);
    QCOMPARE(wireStatus(418), 418);
}

void TestResponseSerializer::errorResponse()
{
    QCOMPARE(serializeErrorResponse(413, kDate),
             QByteArray("HTTP/1.1 413 Content Too Large\r\n"
                        "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                        "Content-Type: text/plain; charset=utf-8\r\n"
                        "Content-Length: 18\r\n"
                        "Connection: close\r\n"
                        "\r\n"
                        "Content Too Large\n"));
}

void TestResponseSerializer::reasonPhrases_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("phrase");
    QTest::newRow("200") << 200 << QByteArray("OK");
    QTest::newRow("302") << 302 << QByteArray("Found");
    QTest::newRow("408") << 408 << QByteArray("Request Timeout");
    QTest::newRow("431") << 431 << QByteArray("Request Header Fields Too Large");
    QTest::newRow("unassigned") << 299 << QByteArray("Unknown Status");
}

void TestResponseSerializer::reasonPhrases()
{
    QFETCH(int, status);
    QFETCH(QByteArray, phrase);
    QCOMPARE(reasonPhrase(status), phrase);
}

QTEST_GUILESS_MAIN(TestResponseSerializer)
#include "tst_responseserializer.moc"
