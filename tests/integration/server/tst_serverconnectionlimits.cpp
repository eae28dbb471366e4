// gatehouse-server under a connection flood, as issue 24 tried it: 1,500 idle connections
// through a trusted proxy do not lock other clients out (the connections idle the longest make
// room) nor evict a request in progress; with the defaults one address keeps 64 of them; one
// address is held to server.maxConnectionsPerAddress while another is served; a trusted proxy
// is exempt, also after a reload that adds it; the log says each of it once.
#include "serverharness.h"
#include "support/serverprocess.h"

#include <QDir>
#include <QFile>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Gatehouse::Testing;

namespace {

QByteArray config(const QString &extra)
{
    return QStringLiteral(R"({
  "basePath": "/auth", "trustHost": true,
  "session": {"strategy": "jwt"},
  "providers": [{"id": "credentials", "type": "credentials", "name": "Password", "authorize": "builtin"}],
  "adapter": {"url": "sqlite:gatehouse.db"}%1
})").arg(extra).toUtf8();
}

//! A plain TCP connection from \a source to 127.0.0.1:\a port; -1 if it could not be made.
int connectFrom(const char *source, quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_in from{};
    from.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &from.sin_addr);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&from), sizeof from) != 0
        || ::connect(fd, reinterpret_cast<sockaddr *>(&to), sizeof to) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

//! Whether the server has closed \a fd (an end of file or a reset is waiting to be read).
bool closedByServer(int fd)
{
    char byte;
    const ssize_t n = ::recv(fd, &byte, 1, MSG_DONTWAIT | MSG_PEEK);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

//! Idle connections held open by the test, closed when it ends.
class Flood
{
public:
    ~Flood()
    {
        for (int fd : fds)
            ::close(fd);
    }
    bool open(const char *source, quint16 port, int count)
    {
        for (int i = 0; i < count; ++i) {
            const int fd = connectFrom(source, port);
            if (fd < 0)
                return false;
            fds.push_back(fd);
        }
        return true;
    }
    int closed() const
    {
        int n = 0;
        for (int fd : fds)
            n += closedByServer(fd) ? 1 : 0;
        return n;
    }
    std::vector<int> fds;
};

//! One request on a new connection from \a source; the status, or 0 without an answer in
//! \a timeoutMs.
int request(const QString &source, quint16 port, int timeoutMs = 1000)
{
    QTcpSocket socket;
    socket.bind(QHostAddress(source));
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return 0;
    socket.write("GET /auth/providers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray received;
    const bool answered = QTest::qWaitFor([&] {
        received += socket.readAll();
        return received.contains("\r\n\r\n");
    }, timeoutMs);
    return answered && received.startsWith("HTTP/1.1 ") ? received.mid(9, 3).toInt() : 0;
}

//! Sends a request on the open connection \a fd and waits (at most 5 s) for the answer's status line.
int statusOn(int fd);
bool sendOn(int fd, const QByteArray &bytes);

int requestOn(int fd)
{
    return sendOn(fd, "GET /auth/providers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") ? statusOn(fd) : 0;
}

//! Waits (at most 5 s) for an answer on the open connection \a fd; its status, or 0.
int statusOn(int fd)
{
    QByteArray received;
    (void)QTest::qWaitFor([&] {
        char buffer[4096];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n > 0)
            received.append(buffer, n);
        return received.contains("\r\n\r\n") || n == 0;
    }, 5000);
    return received.startsWith("HTTP/1.1 ") ? received.mid(9, 3).toInt() : 0;
}

bool sendOn(int fd, const QByteArray &bytes)
{
    return ::send(fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) == bytes.size();
}

//! Waits (at most 10 s) until the server has read everything sent on \a fd: the receive queue
//! of its end of the connection, in /proc/net/tcp, is empty. The server scans what it reads at
//! once, so from then on the request it began counts as in progress.
bool readByServer(int fd, quint16 serverPort)
{
    sockaddr_in local{};
    socklen_t length = sizeof local;
    if (::getsockname(fd, reinterpret_cast<sockaddr *>(&local), &length) != 0)
        return false;
    // The server's end: local address 127.0.0.1:serverPort, remote the client's port.
    const QByteArray serverEnd = QByteArray("0100007F:") + QByteArray::number(serverPort, 16).toUpper().rightJustified(4, '0');
    const QByteArray clientEnd = QByteArray("0100007F:") + QByteArray::number(ntohs(local.sin_port), 16).toUpper().rightJustified(4, '0');
    return QTest::qWaitFor([&] {
        QFile table(QStringLiteral("/proc/net/tcp"));
        if (!table.open(QIODevice::ReadOnly))
            return false;
        for (const QByteArray &line : table.readAll().split('\n')) {
            const QList<QByteArray> fields = line.simplified().split(' ');
            // sl local rem st tx_queue:rx_queue ...
            if (fields.size() > 4 && fields[1] == serverEnd && fields[2] == clientEnd)
                return fields[4].split(':').value(1).toULongLong(nullptr, 16) == 0;
        }
        return false;
    }, 10000);
}

} // namespace

class TestServerConnectionLimits : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString writeConfig(const QString &name, const QString &extra)
    {
        const QString path = m_dir.filePath(name);
        return replaceFile(path, config(extra)) ? path : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // 1,500 connections here, and 1,000 in the server, which inherits the limit.
        rlimit limit{};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &limit), 0);
        const rlim_t wanted = 8192;
        if (limit.rlim_cur < wanted) {
            if (limit.rlim_max < 4096)
                QSKIP("the open file limit's hard limit is below 4096: raise it (ulimit -Hn) for this test");
            limit.rlim_cur = std::min(limit.rlim_max, wanted);
            QCOMPARE(::setrlimit(RLIMIT_NOFILE, &limit), 0);
        }
    }

    void floodThroughATrustedProxy()
    {
        // Behind a proxy every client arrives from its address: the per-address limit does not
        // apply, and a flood reaches the cap of 1,000 (the default). The time-outs are long, so
        // that only eviction can make room.
        ServerUnderTest server;
        const QString file = writeConfig(QStringLiteral("flood.json"), QStringLiteral(R"(,
  "trustedProxies": ["127.0.0.1"],
  "server": {"headerTimeoutMs": 600000, "bodyTimeoutMs": 600000, "idleTimeoutMs": 600000})"));
        QVERIFY(server.start(file, m_dir.path()));

        // The oldest connection is in the middle of sending a body: busy, so never evicted.
        Flood busy;
        QVERIFY(busy.open("127.0.0.1", server.port(), 1));
        const QByteArray form = "csrfToken=x&callbackUrl=%2F";
        QVERIFY(sendOn(busy.fds[0], "POST /auth/signout HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                                    + QByteArray::number(form.size()) + "\r\n\r\n" + form.first(10)));
        // The flood must not begin before the server has seen the request start (under load it
        // could otherwise take the connection for one that has not sent a byte, and evict it).
        QVERIFY(readByServer(busy.fds[0], server.port()));

        Flood flood;
        QVERIFY(flood.open("127.0.0.1", server.port(), 1500));
        // The server takes them all in; the 500 beyond the cap evict 500 of the earlier ones
        // (a few more: it evicts several at once).
        QTRY_VERIFY_WITH_TIMEOUT(flood.closed() >= 500, 30000);
        QVERIFY2(flood.closed() <= 520, qPrintable(QString::number(flood.closed())));

        // Another client, and another connection through the proxy, are answered at once.
        QCOMPARE(request(QStringLiteral("127.0.0.2"), server.port()), 200);
        QCOMPARE(request(QStringLiteral("127.0.0.1"), server.port()), 200);

        // The request in progress survived the flood and is answered once its body is complete
        // (a sign-out without a valid CSRF token: a redirect, as Auth.js answers).
        QCOMPARE(busy.closed(), 0);
        QVERIFY(sendOn(busy.fds[0], form.sliced(10)));
        QCOMPARE(statusOn(busy.fds[0]), 302);

        const QString log = server.log();
        QCOMPARE(log.count(QLatin1String("connection limit (1000) reached")), 1);
        QVERIFY2(log.contains(QLatin1String("connection limit (1000) reached: closing the connections idle the "
                                            "longest to admit new ones; new connection from 127.0.0.1, all open connections from "
                                            "trusted proxies")),
                 qPrintable(log));
        QVERIFY(!log.contains(QLatin1String("per address")));
    }

    void floodWithTheDefaults()
    {
        // As the issue tried it: 1,500 idle connections from one address against the defaults.
        // 64 are admitted, the rest closed at once; everyone else is served.
        ServerUnderTest server;
        const QString file = writeConfig(QStringLiteral("defaults.json"), QString());
        QVERIFY(server.start(file, m_dir.path()));

        Flood flood;
        QVERIFY(flood.open("127.0.0.1", server.port(), 1500));
        QTRY_COMPARE_WITH_TIMEOUT(flood.closed(), 1500 - 64, 30000);
        QCOMPARE(request(QStringLiteral("127.0.0.2"), server.port()), 200);  // within a second

        const QString log = server.log();
        QCOMPARE(log.count(QLatin1String("127.0.0.1 reached the limit of 64 connections per address")), 1);
        QVERIFY2(!log.contains(QLatin1String("connection limit (1000)")), qPrintable(log));
        // Once no connection has been refused for the quiet period (10 s), a summary.
        QVERIFY(server.waitForLog(QStringLiteral("limit of 64 connections per address no longer refusing "
                                                 "127.0.0.1: 1436 new connections refused over "),
                                  20000));
    }

    void limitPerAddress()
    {
        ServerUnderTest server;
        const QString file = writeConfig(QStringLiteral("per-address.json"),
                                         QStringLiteral(R"(, "server": {"maxConnectionsPerAddress": 64, )"
                                                        R"("metricsListen": "127.0.0.1:0"})"));
        QVERIFY(server.start(file, m_dir.path()));
        QVERIFY(server.waitForLog(QStringLiteral("metrics: http://127.0.0.1:")));
        const quint16 metricsPort = server.loggedPort(QStringLiteral("metrics:"));
        QVERIFY(metricsPort != 0);

        Flood flood;
        QVERIFY(flood.open("127.0.0.1", server.port(), 64));
        for (int fd : flood.fds)  // admitted, every one
            QCOMPARE(requestOn(fd), 200);
        const int sixtyFifth = connectFrom("127.0.0.1", server.port());
        QVERIFY(sixtyFifth >= 0);
        flood.fds.push_back(sixtyFifth);
        QTRY_VERIFY(closedByServer(sixtyFifth));
        QCOMPARE(request(QStringLiteral("127.0.0.2"), server.port()), 200);
        QCOMPARE(flood.closed(), 1);

        QVERIFY(server.waitForLog(QStringLiteral("127.0.0.1 reached the limit of 64 connections per address: "
                                                 "closing its new connections")));
        // An operator's dashboard sees the refusal too.
        QCOMPARE(scrapeMetric(metricsPort, R"(gatehouse_http_connections_limited_total{outcome="refused_per_address"})"), 1.0);
        QCOMPARE(scrapeMetric(metricsPort, R"(gatehouse_http_connections_limited_total{outcome="evicted"})"), 0.0);
    }

    void trustedProxyAddedByReload()
    {
        ServerUnderTest server;
        const QString file = writeConfig(QStringLiteral("reload.json"),
                                         QStringLiteral(R"(, "server": {"maxConnectionsPerAddress": 4})"));
        QVERIFY(server.start(file, m_dir.path()));
        Flood flood;
        QVERIFY(flood.open("127.0.0.1", server.port(), 4));
        for (int fd : flood.fds)
            QCOMPARE(requestOn(fd), 200);
        QCOMPARE(request(QStringLiteral("127.0.0.1"), server.port()), 0);  // closed without an answer

        // The proxy is listed: from now on its connections are not limited.
        QVERIFY(replaceFile(file, config(QStringLiteral(R"(, "trustedProxies": ["127.0.0.1"],
  "server": {"maxConnectionsPerAddress": 4})"))));
        server.signal(SIGHUP);
        QVERIFY(server.waitForLog(QStringLiteral("configuration reloaded")));
        QVERIFY(flood.open("127.0.0.1", server.port(), 20));
        for (std::size_t i = 4; i < flood.fds.size(); ++i)
            QCOMPARE(requestOn(flood.fds[i]), 200);
        QCOMPARE(flood.closed(), 0);
        // Other addresses are still held to the limit.
        Flood other;
        QVERIFY(other.open("127.0.0.2", server.port(), 4));
        for (int fd : other.fds)
            QCOMPARE(requestOn(fd), 200);
        QCOMPARE(request(QStringLiteral("127.0.0.2"), server.port()), 0);
    }
};

QTEST_GUILESS_MAIN(TestServerConnectionLimits)
#include "tst_serverconnectionlimits.moc"
