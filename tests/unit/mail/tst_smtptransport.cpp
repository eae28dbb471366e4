// The asynchronous SMTP transport against an in-process SMTP server: delivery, refusals,
// unreachable and silent servers (bounded by the configured time-outs), and where the
// caller's continuations run.
#include "fakesmtpserver.h"
#include "mail/smtptransport.h"

#include <gatehouse/autherror.h>

#include <QEventLoop>
#include <QFutureWatcher>
#include <QJsonValue>
#include <QTcpServer>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace Gatehouse;
using namespace Gatehouse::Mail;
using namespace Gatehouse::Test;

namespace {

const QByteArray kMessage = "From: no-reply@example.test\r\nTo: alice@example.test\r\nSubject: Hi\r\n\r\n"
                            "Hello.\r\n.A line that starts with a dot\r\n";

//! Runs the event loop until \a future finishes (at most 10 s); true when it did.
bool waitFor(QFuture<void> future)
{
    if (future.isFinished())
        return true;
    QEventLoop loop;
    QFutureWatcher<void> watcher;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    watcher.setFuture(future);
    if (!future.isFinished())
        loop.exec();
    return future.isFinished();
}

//! The EmailSignin error \a future failed with, or an empty string when it succeeded.
QString failureOf(QFuture<void> future)
{
    try {
        future.waitForFinished();
    } catch (const AuthError &e) {
        return e.type() + QStringLiteral(": ") + e.message();
    }
    return {};
}

SmtpSettings settingsFor(const QString &url, int timeoutMs = 10000)
{
    QString problem;
    auto settings = SmtpSettings::fromJson(QJsonValue(url), QString(), &problem);
    Q_ASSERT(settings);
    settings->connectTimeout = std::chrono::milliseconds(timeoutMs);
    settings->sendTimeout = std::chrono::milliseconds(timeoutMs);
    return *settings;
}

const Envelope kEnvelope{QStringLiteral("no-reply@example.test"), {QStringLiteral("alice@example.test")}};

} // namespace

class TestSmtpTransport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void delivers()
    {
        FakeSmtpServer server;
        SmtpTransport transport;
        QThread *continuationThread = nullptr;
        QFuture<void> sent = transport.send(settingsFor(server.url()), kEnvelope, kMessage)
            .then(QtFuture::Launch::Sync, [&] { continuationThread = QThread::currentThread(); });
        QVERIFY(waitFor(sent));
        QCOMPARE(failureOf(sent), QString());
        QCOMPARE(server.received.size(), 1);
        QCOMPARE(server.received.first().mailFrom, QStringLiteral("no-reply@example.test"));
        QCOMPARE(server.received.first().rcptTo, QStringList{QStringLiteral("alice@example.test")});
        QCOMPARE(server.received.first().data, kMessage);
        // Continuations run on the global pool, neither here nor on the mail thread.
        QVERIFY(continuationThread);
        QVERIFY(continuationThread != QThread::currentThread());
        QVERIFY(continuationThread->objectName() != QStringLiteral("gatehouse-mail"));
    }

    void deliversConcurrently()
    {
        FakeSmtpServer server;
        SmtpTransport transport;
        QList<QFuture<void>> sends;
        for (int i = 0; i < SmtpTransport::MaxActiveTransfers * 2 + 3; ++i)
            sends.append(transport.send(settingsFor(server.url()), kEnvelope, kMessage));
        for (const QFuture<void> &sent : sends) {
            QVERIFY(waitFor(sent));
            QCOMPARE(failureOf(sent), QString());
        }
        QCOMPARE(server.received.size(), sends.size());
    }

    void refusedRecipient()
    {
        FakeSmtpServer server(FakeSmtpServer::Mode::RefuseRecipients);
        SmtpTransport transport;
        QThread *continuationThread = nullptr;
        const QFuture<void> sent = transport.send(settingsFor(server.url()), kEnvelope, kMessage)
            .then(QtFuture::Launch::Sync, [&](QFuture<void> finished) {
                continuationThread = QThread::currentThread();
                finished.waitForFinished();
            });
        QVERIFY(waitFor(sent));
        // Failures, too, reach the caller's continuations on the global pool.
        QVERIFY(continuationThread);
        QVERIFY(continuationThread != QThread::currentThread());
        QVERIFY(continuationThread->objectName() != QStringLiteral("gatehouse-mail"));
        const QString failure = failureOf(sent);
        QVERIFY2(failure.startsWith(QStringLiteral("EmailSignin: sending mail through 127.0.0.1:")), qPrintable(failure));
        QVERIFY2(failure.contains(QStringLiteral("550")), qPrintable(failure));
        QVERIFY(server.received.isEmpty());
    }

    void unreachable()
    {
        // A port that was just free: nothing listens there.
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            port = probe.serverPort();
        }
        SmtpTransport transport;
        const QFuture<void> sent = transport.send(
            settingsFor(QStringLiteral("smtp://127.0.0.1:%1?ignoreTLS=true").arg(port)), kEnvelope, kMessage);
        QVERIFY(waitFor(sent));
        const QString failure = failureOf(sent);
        QVERIFY2(failure.contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(failure));
        QVERIFY2(failure.contains(QStringLiteral("connect"), Qt::CaseInsensitive), qPrintable(failure));
    }

    void silentServerTimesOut()
    {
        FakeSmtpServer server(FakeSmtpServer::Mode::Silent);
        SmtpTransport transport;
        const QFuture<void> sent = transport.send(settingsFor(server.url(), 300), kEnvelope, kMessage);
        QVERIFY(waitFor(sent));
        const QString failure = failureOf(sent);
        QVERIFY2(failure.contains(QStringLiteral("timeout"), Qt::CaseInsensitive)
                     || failure.contains(QStringLiteral("timed out"), Qt::CaseInsensitive),
                 qPrintable(failure));
    }

    void requiredStartTlsNotOffered()
    {
        // The server does not offer STARTTLS: with requireTLS nothing is sent in plain text.
        FakeSmtpServer server;
        SmtpTransport transport;
        const QFuture<void> sent = transport.send(
            settingsFor(QStringLiteral("smtp://127.0.0.1:%1?requireTLS=true").arg(server.port())), kEnvelope, kMessage);
        QVERIFY(waitFor(sent));
        QVERIFY(!failureOf(sent).isEmpty());
        QVERIFY(server.received.isEmpty());
    }

    void destroyedWhileSending()
    {
        FakeSmtpServer server(FakeSmtpServer::Mode::Silent);
        QFuture<void> sent;
        {
            SmtpTransport transport;
            sent = transport.send(settingsFor(server.url()), kEnvelope, kMessage);
        }
        QVERIFY(waitFor(sent));
        QVERIFY(failureOf(sent).contains(QStringLiteral("stopped")));
    }
};

QTEST_GUILESS_MAIN(TestSmtpTransport)
#include "tst_smtptransport.moc"
