// HttpServerPool's connection limits over loopback: at the cap the connections idle the longest
// make room for new ones, connections in the middle of a request are never evicted, one address
// holds at most maxConnectionsPerAddress (a trusted proxy any number), and the log says so once.
// The flood of 1,500 connections against gatehouse-server is in tests/integration/server.
#include <gatehouse/httpserverpool.h>

#include "rawhttpclient.h"
#include "testhandler.h"

#include <QLoggingCategory>
#include <QtTest>

#include <memory>
#include <vector>

using namespace Gatehouse;

namespace {

const QByteArray kGet = "GET /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n";
const QHostAddress kFirst(QStringLiteral("127.0.0.1"));
const QHostAddress kSecond(QStringLiteral("127.0.0.2"));

QStringList g_lines;
QMutex g_linesMutex;
QtMessageHandler g_previousHandler = nullptr;

void captureHttpLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && qstrcmp(context.category, "gatehouse.http") == 0) {
        QMutexLocker lock(&g_linesMutex);
        g_lines.append(QStringLiteral("%1 %2").arg(type == QtWarningMsg ? "warning" : "info", message));
    }
    g_previousHandler(type, context, message);
}

bool served(RawHttpClient &client)
{
    client.send(kGet);
    const auto response = client.readResponse();
    return response && response->status == 200;
}

//! Closed by the server without an answer.
bool closedSilently(RawHttpClient &client)
{
    return client.waitForClosed() && client.pending().isEmpty();
}

} // namespace

class TestConnectionLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void idleConnectionsMakeRoom();
    void connectionsMidRequestAreNotEvicted();
    void refusedWhenEveryConnectionIsBusy();
    void perAddressLimit();
    void trustedProxyIsNotLimited();
    void logsOnceAndSummarises();

private:
    quint16 start(int maxConnections, int maxPerAddress, int threads = 2);

    std::unique_ptr<TestHandler> m_handler;
    std::unique_ptr<HttpServerPool> m_pool;
};

void TestConnectionLimits::init()
{
    m_handler = std::make_unique<TestHandler>();
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false"));
}

void TestConnectionLimits::cleanup()
{
    m_pool.reset();
}

quint16 TestConnectionLimits::start(int maxConnections, int maxPerAddress, int threads)
{
    m_pool = std::make_unique<HttpServerPool>(m_handler->handler());
    ServerLimits limits;
    limits.maxConnections = maxConnections;
    limits.maxConnectionsPerAddress = maxPerAddress;
    // Long enough that no time-out frees a place while a test runs.
    limits.headerTimeout = std::chrono::minutes(1);
    limits.idleTimeout = std::chrono::minutes(1);
    m_pool->setLimits(limits);
    m_pool->setThreadCount(threads);
    return m_pool->listen(QHostAddress::LocalHost, 0);
}

void TestConnectionLimits::idleConnectionsMakeRoom()
{
    const quint16 port = start(20, 64);
    QVERIFY(port);
    // Ten that never send a byte, then ten idle between requests; all from one client.
    std::vector<std::unique_ptr<RawHttpClient>> idle;
    for (int i = 0; i < 20; ++i) {
        idle.push_back(std::make_unique<RawHttpClient>(port, kFirst));
        if (i >= 10)
            QVERIFY(served(*idle.back()));
        else
            QTRY_COMPARE(m_pool->connectionCounts().open, i + 1);
    }
    QCOMPARE(m_pool->connectionCounts().open, 20);

    // Another client is served at once, in place of the connection idle the longest.
    RawHttpClient newcomer(port, kSecond);
    QVERIFY(served(newcomer));
    QVERIFY(idle.front()->waitForClosed());
    for (std::size_t i = 1; i < idle.size(); ++i)
        QVERIFY(idle[i]->isConnected());
    const ConnectionCounts counts = m_pool->connectionCounts();
    QCOMPARE(counts.open, 20);
    QCOMPARE(counts.evicted, quint64(1));
    QCOMPARE(counts.refusedAtCapacity, quint64(0));
    QCOMPARE(counts.accepted, quint64(21));
}

void TestConnectionLimits::connectionsMidRequestAreNotEvicted()
{
    const quint16 port = start(4, 64);
    QVERIFY(port);
    RawHttpClient idleOne(port);  // idle the longest: they never send a byte
    RawHttpClient idleTwo(port);
    RawHttpClient body(port);     // in the middle of its body
    body.send("POST /auth/x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nhello");
    RawHttpClient headers(port);  // in the middle of its header section
    headers.send("GET /auth/y HTTP/1.1\r\nHost: a\r\n");
    QTRY_COMPARE(m_pool->connectionCounts().open, 4);
    QTRY_COMPARE(m_pool->connectionCounts().busy, 2);  // the server has read what they sent

    // Each newcomer evicts an idle connection: the two idle ones, then earlier newcomers.
    std::vector<std::unique_ptr<RawHttpClient>> newcomers;
    for (int i = 0; i < 6; ++i) {
        newcomers.push_back(std::make_unique<RawHttpClient>(port, kSecond));
        QVERIFY(served(*newcomers.back()));
    }
    QVERIFY(idleOne.waitForClosed());
    QVERIFY(idleTwo.waitForClosed());
    QCOMPARE(m_pool->connectionCounts().evicted, quint64(6));
    QVERIFY(body.isConnected());
    QVERIFY(headers.isConnected());

    body.send("world");
    const auto bodyResponse = body.readResponse();
    QVERIFY(bodyResponse);
    QCOMPARE(bodyResponse->status, 200);
    headers.send("\r\n");
    const auto headersResponse = headers.readResponse();
    QVERIFY(headersResponse);
    QCOMPARE(headersResponse->status, 200);
    const QList<AuthRequest> requests = m_handler->requests();
    QCOMPARE(requests.size(), 8);
    QCOMPARE(requests.at(6).method, QByteArray("POST"));
    QCOMPARE(requests.at(6).body, QByteArray("helloworld"));  // whole, after 6 evictions around it
}

void TestConnectionLimits::refusedWhenEveryConnectionIsBusy()
{
    const quint16 port = start(2, 64);
    QVERIFY(port);
    RawHttpClient first(port);
    first.send("POST /auth/x HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nhello");
    RawHttpClient second(port);
    second.send("GET /auth/y HTTP/1.1\r\nHost: a\r\n");
    QTRY_COMPARE(m_pool->connectionCounts().open, 2);
    QTRY_COMPARE(m_pool->connectionCounts().busy, 2);  // the server has read what they sent

    RawHttpClient third(port, kSecond);
    QVERIFY(closedSilently(third));
    QCOMPARE(m_pool->connectionCounts().refusedAtCapacity, quint64(1));
    QCOMPARE(m_pool->connectionCounts().evicted, quint64(0));

    // Both busy ones finish their requests undisturbed; idle now, they make room again.
    first.send("world");
    QVERIFY(first.readResponse());
    second.send("\r\n");
    QVERIFY(second.readResponse());
    RawHttpClient fourth(port, kSecond);
    QVERIFY(served(fourth));
}

void TestConnectionLimits::perAddressLimit()
{
    const quint16 port = start(1000, 64);
    QVERIFY(port);
    std::vector<std::unique_ptr<RawHttpClient>> clients;
    for (int i = 0; i < 64; ++i)
        clients.push_back(std::make_unique<RawHttpClient>(port, kFirst));
    QTRY_COMPARE(m_pool->connectionCounts().open, 64);

    RawHttpClient sixtyFifth(port, kFirst);
    QVERIFY(closedSilently(sixtyFifth));
    RawHttpClient other(port, kSecond);
    QVERIFY(served(other));
    for (auto &client : clients)  // the first 64 are untouched
        QVERIFY(served(*client));
    const ConnectionCounts counts = m_pool->connectionCounts();
    QCOMPARE(counts.refusedPerAddress, quint64(1));
    QCOMPARE(counts.evicted, quint64(0));
    QCOMPARE(counts.open, 65);

    // A closed connection frees its place.
    clients.front()->socket().disconnectFromHost();
    clients.erase(clients.begin());
    QTRY_COMPARE(m_pool->connectionCounts().open, 64);
    RawHttpClient again(port, kFirst);
    QVERIFY(served(again));
}

void TestConnectionLimits::trustedProxyIsNotLimited()
{
    const quint16 port = start(1000, 4);
    QVERIFY(port);
    m_pool->setTrustedProxies({QHostAddress::parseSubnet(QStringLiteral("127.0.0.1"))});
    std::vector<std::unique_ptr<RawHttpClient>> proxied;
    for (int i = 0; i < 20; ++i) {
        proxied.push_back(std::make_unique<RawHttpClient>(port, kFirst));
        QVERIFY(served(*proxied.back()));
    }
    // The limit still holds for everyone else.
    std::vector<std::unique_ptr<RawHttpClient>> direct;
    for (int i = 0; i < 4; ++i) {
        direct.push_back(std::make_unique<RawHttpClient>(port, kSecond));
        QVERIFY(served(*direct.back()));
    }
    RawHttpClient fifth(port, kSecond);
    QVERIFY(closedSilently(fifth));
    QCOMPARE(m_pool->connectionCounts().refusedPerAddress, quint64(1));
}

void TestConnectionLimits::logsOnceAndSummarises()
{
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false\ngatehouse.http.warning=true"));
    g_lines.clear();
    g_previousHandler = qInstallMessageHandler(captureHttpLog);
    const quint16 port = start(10, 5);
    QVERIFY(port);
    m_pool->setTrustedProxies({QHostAddress::parseSubnet(QStringLiteral("127.0.0.1"))});
    std::vector<std::unique_ptr<RawHttpClient>> clients;
    for (int i = 0; i < 30; ++i)  // through the "proxy": 20 evictions
        clients.push_back(std::make_unique<RawHttpClient>(port, kFirst));
    QTRY_COMPARE(m_pool->connectionCounts().evicted, quint64(20));
    for (int i = 0; i < 8; ++i)  // one client directly: 3 refusals
        clients.push_back(std::make_unique<RawHttpClient>(port, kSecond));
    QTRY_COMPARE(m_pool->connectionCounts().refusedPerAddress, quint64(3));
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=true\ngatehouse.http.warning=true"));
    m_pool->stop();  // summarises at once
    qInstallMessageHandler(g_previousHandler);

    QMutexLocker lock(&g_linesMutex);
    QStringList lines = g_lines.filter(QRegularExpression(QStringLiteral("limit|per address")));
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines[0].startsWith(QLatin1String("warning connection limit (10) reached: closing the connections "
                                               "idle the longest to admit new ones; new connection from 127.0.0.1")),
             qPrintable(lines.join(QLatin1Char('\n'))));
    QCOMPARE(lines[1], QStringLiteral("warning 127.0.0.2 reached the limit of 5 connections per address: closing "
                                      "its new connections"));
    lines = lines.mid(2);
    lines.sort();
    QVERIFY2(lines[0].startsWith(QLatin1String("info connection limit (10) no longer evicting or refusing: 25 idle "
                                               "connections closed and 0 new connections refused over ")),
             qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(QLatin1String("info limit of 5 connections per address no longer refusing "
                                               "127.0.0.2: 3 new connections refused over ")),
             qPrintable(lines[1]));
}

QTEST_GUILESS_MAIN(TestConnectionLimits)
#include "tst_connectionlimits.moc"
