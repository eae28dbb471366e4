#include <gatehouse/httpserverpool.h>

#include "rawhttpclient.h"
#include "testhandler.h"

#include <QLoggingCategory>
#include <QTcpServer>
#include <QtTest>

#include <memory>
#include <vector>

#include <sys/resource.h>

using namespace Gatehouse;
using namespace std::chrono_literals;

namespace {

const QByteArray kGet = "GET /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n";

//! Limits short enough for the timeout tests to run quickly.
ServerLimits shortLimits()
{
    ServerLimits limits;
    limits.maxBodySize = 1024;
    limits.maxHeaderSize = 1024;
    limits.headerTimeout = 300ms;
    limits.bodyTimeout = 300ms;
    limits.idleTimeout = 300ms;
    return limits;
}

QStringList g_logLines;
QMutex g_logMutex;
QtMessageHandler g_previousHandler = nullptr;

void captureHttpLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && qstrcmp(context.category, "gatehouse.http") == 0) {
        QMutexLocker lock(&g_logMutex);
        g_logLines.append(message);
    }
    g_previousHandler(type, context, message);
}

} // namespace

class TestHttpServerPool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void responseOnTheWire();
    void requestConversion_data();
    void requestConversion();
    void methods_data();
    void methods();
    void asynchronousHandlers_data();
    void asynchronousHandlers();
    void pipelinedResponsesInOrder();
    void failingHandlers_data();
    void failingHandlers();
    void clientGoneBeforeResponse();
    void oversizedBodyRefused_data();
    void oversizedBodyRefused();
    void oversizedHeadersRefused();
    void slowHeadersDropped();
    void slowBodyDropped();
    void silentConnectionDropped();
    void idleConnectionClosed();
    void connectionCloseHonoured();
    void bodilessAnswersKeepTheConnection();
    void webSocketUpgradeRefused();
    void expectContinueAnswered();
    void http10_data();
    void http10();
    void descriptorLimitWarning();
    void threadsShareThePort();
    void connectionsSpreadEvenly();
    void listenErrors();
    void stopClosesConnections();
    void logLine();

private:
    quint16 start(const ServerLimits &limits = ServerLimits(), int threads = 1);

    std::unique_ptr<TestHandler> m_handler;
    std::unique_ptr<HttpServerPool> m_pool;
};

void TestHttpServerPool::init()
{
    m_handler = std::make_unique<TestHandler>();
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false"));
}

void TestHttpServerPool::cleanup()
{
    m_pool.reset();
}

quint16 TestHttpServerPool::start(const ServerLimits &limits, int threads)
{
    m_pool = std::make_unique<HttpServerPool>(m_handler->handler());
    m_pool->setLimits(limits);
    m_pool->setThreadCount(threads);
    const quint16 port = m_pool->listen(QHostAddress::LocalHost, 0);
    if (port == 0)
        qWarning() << "listen failed:" << m_pool->errorString();
    return port;
}

void TestHttpServerPool::responseOnTheWire()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/cookies HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 302);
    QCOMPARE(response->value("Location"), QByteArray("http://127.0.0.1/next"));
    QCOMPARE(response->value("Content-Type"), QByteArray("text/plain"));
    QCOMPARE(response->value("Content-Length"), QByteArray("5"));
    QVERIFY(response->value("Date").endsWith(" GMT"));
    QCOMPARE(response->values("Set-Cookie"),
             QByteArrayList({"authjs.csrf-token=abc%7Cdef; Path=/; HttpOnly; SameSite=Lax",
                             "authjs.callback-url=http%3A%2F%2F127.0.0.1%2F; Path=/; HttpOnly; SameSite=Lax"}));
    QCOMPARE(response->body, QByteArray("hello"));
    QVERIFY(client.isConnected());
}

void TestHttpServerPool::requestConversion_data()
{
    QTest::addColumn<QByteArray>("hostHeader");
    QTest::addColumn<QString>("expectedUrl");  // {port}: the server's port
    QTest::newRow("host") << QByteArray("Host: example.com\r\n")
                          << QStringLiteral("http://example.com/auth/x?a=1&b=%2F");
    QTest::newRow("host and port") << QByteArray("Host: example.com:8080\r\n")
                                   << QStringLiteral("http://example.com:8080/auth/x?a=1&b=%2F");
    QTest::newRow("default port") << QByteArray("Host: Example.COM:80\r\n")
                                  << QStringLiteral("http://example.com/auth/x?a=1&b=%2F");
    QTest::newRow("ipv6 literal") << QByteArray("Host: [::1]:9000\r\n")
                                  << QStringLiteral("http://[::1]:9000/auth/x?a=1&b=%2F");
    // A missing or invalid Host is refused (tst_requestframing).
}

void TestHttpServerPool::requestConversion()
{
    QFETCH(QByteArray, hostHeader);
    QFETCH(QString, expectedUrl);
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("POST /auth/x?a=1&b=%2F HTTP/1.1\r\n" + hostHeader
                + "Cookie: a=1\r\nX-Custom: one\r\nx-custom: two\r\n"
                  "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\n\r\n"
                  "u=alice");
    QVERIFY(client.readResponse());

    QCOMPARE(m_handler->requestCount(), 1);
    const AuthRequest request = m_handler->requests().first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.url.toString(QUrl::FullyEncoded),
             expectedUrl.replace(QLatin1String("{port}"), QString::number(port)));
    QCOMPARE(request.body, QByteArray("u=alice"));
    QCOMPARE(request.remoteAddress, QHostAddress(QHostAddress::LocalHost));
    const QList<QPair<QByteArray, QByteArray>> expectedTail = {
        {"Cookie", "a=1"},
        {"X-Custom", "one"},
        {"x-custom", "two"},
        {"Content-Type", "application/x-www-form-urlencoded"},
        {"Content-Length", "7"}};
    QCOMPARE(request.headers.mid(request.headers.size() - expectedTail.size()), expectedTail);
}

void TestHttpServerPool::methods_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<bool>("withBody");
    QTest::newRow("GET") << QByteArray("GET") << true;
    QTest::newRow("HEAD") << QByteArray("HEAD") << false;
    QTest::newRow("OPTIONS") << QByteArray("OPTIONS") << true;
    QTest::newRow("DELETE") << QByteArray("DELETE") << true;
    QTest::newRow("PATCH") << QByteArray("PATCH") << true;
    QTest::newRow("PROPFIND") << QByteArray("PROPFIND") << true;
    QTest::newRow("lower-case custom") << QByteArray("purge") << true;
}

void TestHttpServerPool::methods()
{
    QFETCH(QByteArray, method);
    QFETCH(bool, withBody);
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send(method + " /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse(withBody);
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QCOMPARE(response->value("Content-Length"), QByteArray("5"));
    QCOMPARE(response->body, withBody ? QByteArray("hello") : QByteArray());
    QCOMPARE(m_handler->requests().first().method, method);

    // After a HEAD answer the next response starts right away: no body was sent.
    client.send(kGet);
    const auto next = client.readResponse();
    QVERIFY(next);
    QCOMPARE(next->body, QByteArray("hello"));
}

void TestHttpServerPool::asynchronousHandlers_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("finished later on the serving thread") << QByteArray("/auth/later");
    QTest::newRow("finished on another thread") << QByteArray("/auth/thread");
}

void TestHttpServerPool::asynchronousHandlers()
{
    QFETCH(QByteArray, path);
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    for (int i = 0; i < 2; ++i) {
        client.send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(response->body, QByteArray("later"));
    }
}

void TestHttpServerPool::pipelinedResponsesInOrder()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/slow HTTP/1.1\r\nHost: a\r\n\r\n"
                "GET /auth/now HTTP/1.1\r\nHost: a\r\n\r\n"
                "GET /auth/later HTTP/1.1\r\nHost: a\r\n\r\n");
    const auto first = client.readResponse();
    const auto second = client.readResponse();
    const auto third = client.readResponse();
    QVERIFY(first && second && third);
    QCOMPARE(first->body, QByteArray("later"));
    QCOMPARE(second->body, QByteArray("hello"));
    QCOMPARE(third->body, QByteArray("later"));
}

void TestHttpServerPool::failingHandlers_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("handler throws") << QByteArray("/auth/throw");
    QTest::newRow("future holds an exception") << QByteArray("/auth/broken");
}

void TestHttpServerPool::failingHandlers()
{
    QFETCH(QByteArray, path);
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 500);
    QVERIFY(!response->body.contains("failure"));  // the exception's message is not shown

    client.send(kGet);
    const auto next = client.readResponse();
    QVERIFY(next);
    QCOMPARE(next->status, 200);
}

void TestHttpServerPool::clientGoneBeforeResponse()
{
    const quint16 port = start();
    QVERIFY(port);
    {
        RawHttpClient client(port);
        client.send("GET /auth/slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
        QTRY_COMPARE(m_handler->requestCount(), 1);
        client.socket().abort();
    }
    // The slow response finishes after its connection is gone; the server keeps serving.
    QTest::qWait(500);
    RawHttpClient next(port);
    next.send(kGet);
    const auto response = next.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 200);
}

void TestHttpServerPool::oversizedBodyRefused_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::newRow("content-length") << QByteArray(
        "POST /auth/x HTTP/1.1\r\nHost: a\r\nContent-Length: 10000000\r\n\r\n") + QByteArray(200, 'x');
    QTest::newRow("expect 100-continue") << QByteArray(
        "POST /auth/x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2000\r\n\r\n");
    QTest::newRow("chunked") << QByteArray(
        "POST /auth/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n")
        + QByteArray(2048, 'x');
}

void TestHttpServerPool::oversizedBodyRefused()
{
    QFETCH(QByteArray, request);
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    client.send(request);
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 413);  // not "100 Continue" first
    QCOMPARE(response->value("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed());
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerPool::oversizedHeadersRefused()
{
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/x HTTP/1.1\r\nHost: a\r\nX-Filler: " + QByteArray(2000, 'f') + "\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 431);
    QVERIFY(client.waitForClosed());
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerPool::slowHeadersDropped()
{
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/x HTTP/1.1\r\nHost: a\r\n");
    // A slowloris client: a header line every 50 ms for up to 3 s, each well within any idle
    // timeout, never finishing its headers.
    int lines = 0;
    while (client.isConnected() && lines < 60) {
        client.send("X-Dribble: " + QByteArray::number(lines++) + "\r\n");
        QTest::qWait(50);
    }
    QVERIFY(client.waitForClosed());
    QVERIFY2(lines < 60, "the connection outlived the header timeout");
    QVERIFY(client.pending().startsWith("HTTP/1.1 408 Request Timeout\r\n"));
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerPool::slowBodyDropped()
{
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("POST /auth/x HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n");
    int bytes = 0;
    while (client.isConnected() && bytes < 60) {
        client.send("x");
        ++bytes;
        QTest::qWait(50);
    }
    QVERIFY(client.waitForClosed());
    QVERIFY2(bytes < 60, "the connection outlived the body timeout");
    QVERIFY(client.pending().startsWith("HTTP/1.1 408 Request Timeout\r\n"));
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerPool::silentConnectionDropped()
{
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    QVERIFY(client.isConnected());
    QVERIFY(client.waitForClosed());
    QVERIFY(client.pending().startsWith("HTTP/1.1 408 Request Timeout\r\n"));
}

void TestHttpServerPool::idleConnectionClosed()
{
    ServerLimits limits = shortLimits();
    limits.idleTimeout = 1000ms;
    const quint16 port = start(limits);
    QVERIFY(port);
    // A connection in use outlives the idle timeout: requests 50 ms apart for 1.5 idle timeouts.
    // A gap is measured, not assumed: if a loaded machine stalled this test for a whole idle
    // timeout between two requests, the server was right to close, and the round starts over.
    bool outlived = false;
    for (int round = 0; round < 5 && !outlived; ++round) {
        RawHttpClient client(port);
        QElapsedTimer inUse;
        inUse.start();
        QElapsedTimer gap;
        gap.start();
        bool stalled = false;
        while (!stalled && inUse.elapsed() < 1500) {
            client.send(kGet);
            const auto response = client.readResponse();
            stalled = gap.elapsed() >= 1000;   // since the previous answer was read
            if (stalled)
                break;
            QVERIFY(response);
            QCOMPARE(response->status, 200);
            QVERIFY(response->value("Connection").isEmpty());  // keep-alive
            gap.restart();
            QTest::qWait(50);
        }
        outlived = !stalled;
        if (!outlived)
            continue;
        // ...and is closed once idle, without another word.
        QVERIFY(client.waitForClosed());
        QVERIFY(client.pending().isEmpty());
    }
    QVERIFY2(outlived, "every round stalled for a whole idle timeout");
}

// nginx's upstream keepalive pool reuses a connection only after an answer it has read whole:
// a bodiless 200, 401 or 403 (the forward-auth checks) leaves the connection open.
void TestHttpServerPool::bodilessAnswersKeepTheConnection()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    for (const int status : {200, 401, 403, 200}) {
        client.send("GET /auth/bare/" + QByteArray::number(status) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, status);
        QCOMPARE(response->value("Content-Length"), QByteArray("0"));
        QCOMPARE(response->value("Connection"), QByteArray());  // HTTP/1.1: kept alive
        QCOMPARE(response->body, QByteArray());
        QVERIFY(client.isConnected());
    }
    QCOMPARE(m_handler->requestCount(), 4);
}

void TestHttpServerPool::connectionCloseHonoured()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    // A request pipelined after the closing one is not processed.
    client.send("GET /auth/later HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n" + kGet);
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->body, QByteArray("later"));
    QCOMPARE(response->value("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed());
    QVERIFY(client.pending().isEmpty());
    QCOMPARE(m_handler->requestCount(), 1);
}

void TestHttpServerPool::webSocketUpgradeRefused()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/x HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 501);
    QVERIFY(client.waitForClosed());
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerPool::expectContinueAnswered()
{
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    const QByteArray head = "POST /auth/x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n";
    client.send(head);
    const auto interim = client.readResponse();
    QVERIFY(interim);
    QCOMPARE(interim->status, 100);
    QCOMPARE(m_handler->requestCount(), 0);
    client.send("u=bob");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QCOMPARE(m_handler->requests().first().body, QByteArray("u=bob"));

    // A client that sends its body without waiting gets no interim response.
    client.send(head + "u=eve");
    const auto next = client.readResponse();
    QVERIFY(next);
    QCOMPARE(next->status, 200);
    QCOMPARE(m_handler->requests().last().body, QByteArray("u=eve"));
}

void TestHttpServerPool::http10_data()
{
    QTest::addColumn<QByteArray>("connectionHeader");
    QTest::addColumn<bool>("staysOpen");
    QTest::newRow("no keep-alive") << QByteArray() << false;
    QTest::newRow("keep-alive") << QByteArray("Connection: keep-alive\r\n") << true;
}

void TestHttpServerPool::http10()
{
    QFETCH(QByteArray, connectionHeader);
    QFETCH(bool, staysOpen);
    const quint16 port = start();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/session HTTP/1.0\r\n" + connectionHeader + "\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QCOMPARE(response->value("Connection"), staysOpen ? QByteArray("keep-alive") : QByteArray("close"));
    if (!staysOpen) {
        QVERIFY(client.waitForClosed());
        return;
    }
    client.send("GET /auth/session HTTP/1.0\r\n" + connectionHeader + "\r\n");
    QVERIFY(client.readResponse());
}

void TestHttpServerPool::descriptorLimitWarning()
{
    rlimit original{};
    QCOMPARE(getrlimit(RLIMIT_NOFILE, &original), 0);
    rlimit low = original;
    low.rlim_cur = 512;
    QCOMPARE(setrlimit(RLIMIT_NOFILE, &low), 0);
    QTest::ignoreMessage(QtWarningMsg,
                         "the open file limit (512) leaves too little room for 1000 connections; "
                         "raise it (ulimit -n, LimitNOFILE=) or lower maxConnections");
    const quint16 port = start();
    QCOMPARE(setrlimit(RLIMIT_NOFILE, &original), 0);
    QVERIFY(port);  // a warning, not a failure
}

void TestHttpServerPool::threadsShareThePort()
{
    const quint16 port = start(ServerLimits(), 2);
    QVERIFY(port);
    std::vector<std::unique_ptr<RawHttpClient>> clients;
    for (int i = 0; i < 32; ++i) {
        clients.push_back(std::make_unique<RawHttpClient>(port));
        clients.back()->send(kGet);
    }
    for (auto &client : clients) {
        const auto response = client->readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
    }
    QCOMPARE(m_handler->requestCount(), 32);
    QCOMPARE(m_handler->threadCount(), 2);
}

void TestHttpServerPool::connectionsSpreadEvenly()
{
    // The kernel picks a thread's socket by a hash of the connection's addresses: 64 connections
    // over 2 threads would be split 32/32 about 1 time in 10. The pool moves each new connection
    // to the thread that serves fewer.
    const quint16 port = start(ServerLimits(), 2);
    QVERIFY(port);
    std::vector<std::unique_ptr<RawHttpClient>> clients;
    for (int i = 0; i < 64; ++i) {
        clients.push_back(std::make_unique<RawHttpClient>(port));
        clients.back()->send(kGet);
        const auto response = clients.back()->readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
    }
    QCOMPARE(m_handler->requestsPerThread(), QList<int>({32, 32}));
    for (auto &client : clients) {  // the connections stay open and keep their thread
        client->send(kGet);
        QVERIFY(client->readResponse());
    }
    QCOMPARE(m_handler->requestsPerThread(), QList<int>({64, 64}));
}

void TestHttpServerPool::listenErrors()
{
    QTcpServer occupant;
    QVERIFY(occupant.listen(QHostAddress::LocalHost, 0));
    HttpServerPool pool(m_handler->handler());
    pool.setThreadCount(2);
    QCOMPARE(pool.listen(QHostAddress::LocalHost, occupant.serverPort()), quint16(0));
    QVERIFY(!pool.isListening());
    QVERIFY2(pool.errorString().contains(QStringLiteral("127.0.0.1:%1").arg(occupant.serverPort())),
             qPrintable(pool.errorString()));
    QVERIFY2(pool.errorString().contains(QLatin1String("listens there already")), qPrintable(pool.errorString()));

    const quint16 port = pool.listen(QHostAddress::LocalHost, 0);
    QVERIFY(port);
    QCOMPARE(pool.serverPort(), port);
    QCOMPARE(pool.listen(QHostAddress::LocalHost, 0), quint16(0));
    QVERIFY(pool.errorString().contains(QLatin1String("already listening")));

    // A second server on the same port is refused, although the first one's sockets share
    // their port (SO_REUSEPORT): it would otherwise take part of the first one's connections.
    HttpServerPool second(m_handler->handler());
    second.setThreadCount(2);
    QCOMPARE(second.listen(QHostAddress::LocalHost, port), quint16(0));
    QVERIFY2(second.errorString().contains(QLatin1String("listens there already")), qPrintable(second.errorString()));
    QVERIFY(!second.isListening());
    for (int i = 0; i < 8; ++i) {  // every request still reaches the first server
        RawHttpClient client(port);
        client.send(kGet);
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
    }

    // Once the first one stops, the port is free again.
    pool.stop();
    QCOMPARE(second.listen(QHostAddress::LocalHost, port), port);
}

void TestHttpServerPool::stopClosesConnections()
{
    const quint16 port = start(ServerLimits(), 2);
    QVERIFY(port);
    RawHttpClient client(port);
    client.send(kGet);
    QVERIFY(client.readResponse());
    m_pool->stop();
    QVERIFY(!m_pool->isListening());
    QVERIFY(client.waitForClosed());

    QTcpSocket refused;
    refused.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!refused.waitForConnected(2000));
}

void TestHttpServerPool::logLine()
{
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=true"));
    g_logLines.clear();
    g_previousHandler = qInstallMessageHandler(captureHttpLog);
    const quint16 port = start(shortLimits());
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/callback/x?code=secret-code HTTP/1.1\r\nHost: a\r\n"
                "Cookie: authjs.session-token=secret-token\r\n\r\n");
    QVERIFY(client.readResponse());
    client.send("POST /auth/x HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n");
    QVERIFY(client.readResponse());
    RawHttpClient leaving(port);
    leaving.send("GET /auth/slow HTTP/1.1\r\nHost: a\r\n\r\n");
    QTRY_COMPARE(m_handler->requestCount(), 2);
    leaving.reset();
    const auto logLines = [] {
        QMutexLocker lock(&g_logMutex);
        return g_logLines.size();
    };
    QTRY_COMPARE(logLines(), qsizetype(3));
    m_pool.reset();
    qInstallMessageHandler(g_previousHandler);

    const QStringList expected = {
        QStringLiteral("^GET /auth/callback/x 200 \\d+us 127\\.0\\.0\\.1$"),
        QStringLiteral("^POST /auth/x 413 \\d+us 127\\.0\\.0\\.1$"),
        QStringLiteral("^GET /auth/slow 499 \\d+us 127\\.0\\.0\\.1$")};
    QMutexLocker lock(&g_logMutex);
    QCOMPARE(g_logLines.size(), expected.size());
    for (const QString &pattern : expected) {
        QVERIFY2(!g_logLines.filter(QRegularExpression(pattern)).isEmpty(),
                 qPrintable(g_logLines.join(QLatin1Char('\n'))));
    }
}

QTEST_GUILESS_MAIN(TestHttpServerPool)
#include "tst_httpserverpool.moc"
