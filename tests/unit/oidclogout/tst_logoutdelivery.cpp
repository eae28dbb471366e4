// Sending Logout Tokens (OpenID Connect Back-Channel Logout 1.0 §2.5) to a receiver on
// 127.0.0.1 that answers as scripted: delivered on 200/204, tried again a bounded number of
// times on 5xx, silence and refused connections, never after a redirect or a 4xx.
#include "oidclogout/logoutdelivery.h"

#include <QMutex>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUrlQuery>

#include <atomic>

using namespace Gatehouse::OidcLogout;

namespace {

//! Answers the n-th request with the n-th status of its script (the last one repeats); 0: never answers.
class Receiver : public QObject
{
public:
    explicit Receiver(QList<int> script)
        : m_script(std::move(script))
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        });
    }

    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/backchannel").arg(m_server.serverPort())); }
    int requests() const { return int(m_requests.size()); }
    const QList<QByteArray> &requestsSeen() const { return m_requests; }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = buffer.left(end).toLower();
        const qsizetype at = head.indexOf("content-length:");
        const qsizetype length = at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
        if (buffer.size() < end + 4 + length)
            return;
        m_requests.append(buffer);
        const int status = m_script.value(m_requests.size() - 1, m_script.constLast());
        if (status == 0)
            return;  // silent: the sender's timeout ends it
        QByteArray answer = "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Length: 0\r\nConnection: close\r\n";
        if (status / 100 == 3)
            answer += "Location: " + url().toString().toUtf8() + "/elsewhere\r\n";
        socket->write(answer + "\r\n");
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QList<int> m_script;
    QList<QByteArray> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

struct Finished
{
    QMutex mutex;
    std::optional<LogoutDeliveryOutcome> outcome;
};

} // namespace

class TestLogoutDelivery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answers_data()
    {
        QTest::addColumn<QList<int>>("script");
        QTest::addColumn<bool>("delivered");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<QString>("problem");
        QTest::newRow("200") << QList<int>{200} << true << 1 << QString();
        QTest::newRow("204") << QList<int>{204} << true << 1 << QString();
        QTest::newRow("500 then 200") << QList<int>{500, 200} << true << 2 << QString();
        QTest::newRow("500 every time: bounded") << QList<int>{500} << false << 3 << QStringLiteral("HTTP 500");
        QTest::newRow("503, 502, 500") << QList<int>{503, 502, 500, 200} << false << 3 << QStringLiteral("HTTP 500");
        QTest::newRow("redirect: never followed") << QList<int>{302} << false << 1 << QStringLiteral("HTTP 302 (a redirect, not followed)");
        QTest::newRow("400: the client refused the token") << QList<int>{400} << false << 1 << QStringLiteral("HTTP 400");
        QTest::newRow("silent receiver: timed out, bounded") << QList<int>{0} << false << 3 << QString();
    }

    void answers()
    {
        QFETCH(QList<int>, script);
        QFETCH(bool, delivered);
        QFETCH(int, attempts);
        QFETCH(QString, problem);
        Receiver receiver(script);
        LogoutDelivery delivery({3, 300, 10});
        auto finished = std::make_shared<Finished>();
        LogoutDeliveryJob job;
        job.uri = receiver.url();
        job.logoutToken = QStringLiteral("header.pay+load/=.signature");
        job.clientId = QStringLiteral("grafana");
        delivery.submit(job, [finished](const LogoutDeliveryOutcome &outcome) {
            QMutexLocker lock(&finished->mutex);
            finished->outcome = outcome;
        });
        QTRY_VERIFY_WITH_TIMEOUT([&] { QMutexLocker lock(&finished->mutex); return finished->outcome.has_value(); }(), 20000);
        const LogoutDeliveryOutcome outcome = *finished->outcome;
        QCOMPARE(outcome.delivered, delivered);
        QCOMPARE(outcome.attempts, attempts);
        if (!problem.isEmpty())
            QCOMPARE(outcome.problem, problem);
        // Every attempt reached the receiver, and nothing more (a redirect's target is the
        // same receiver: it saw no second request).
        QCOMPARE(receiver.requests(), attempts);
        const QByteArray first = receiver.requestsSeen().constFirst();
        QVERIFY2(first.startsWith("POST /backchannel HTTP/1.1\r\n"), first.constData());
        QVERIFY(first.toLower().contains("\r\ncontent-type: application/x-www-form-urlencoded\r\n"));
        const QByteArray body = first.mid(first.indexOf("\r\n\r\n") + 4);
        QCOMPARE(QUrlQuery(QString::fromLatin1(body)).queryItemValue(QStringLiteral("logout_token"), QUrl::FullyDecoded),
                 job.logoutToken);
    }

    void unreachableReceiverIsTriedABoundedNumberOfTimes()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();  // nothing listens there now
        LogoutDelivery delivery({3, 300, 10});
        auto finished = std::make_shared<Finished>();
        LogoutDeliveryJob job;
        job.uri = QUrl(QStringLiteral("http://127.0.0.1:%1/backchannel").arg(port));
        job.logoutToken = QStringLiteral("eyJ.secret-logout-token.sig");
        job.clientId = QStringLiteral("gitea");
        delivery.submit(job, [finished](const LogoutDeliveryOutcome &outcome) {
            QMutexLocker lock(&finished->mutex);
            finished->outcome = outcome;
        });
        QTRY_VERIFY_WITH_TIMEOUT([&] { QMutexLocker lock(&finished->mutex); return finished->outcome.has_value(); }(), 20000);
        QVERIFY(!finished->outcome->delivered);
        QCOMPARE(finished->outcome->attempts, 3);
        QVERIFY(!finished->outcome->problem.isEmpty());
        QVERIFY(!finished->outcome->problem.contains(job.logoutToken));
    }
};

QTEST_GUILESS_MAIN(TestLogoutDelivery)
#include "tst_logoutdelivery.moc"
