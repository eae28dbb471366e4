// A transport destroyed after the QCoreApplication, as when a thread-pool continuation drops
// the last reference to an engine while the program exits. Qt delivers no events by then, yet
// the mail thread must still release what the transport holds: its curl handle keeps two
// descriptors of its own (and LeakSanitizer counts its memory in the sanitizer tier).
#include "mail/smtptransport.h"

#include <gatehouse/autherror.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QJsonValue>
#include <QTcpServer>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Mail;

namespace {

int openDescriptors()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System).size());
}

//! Polls (the test has no event loop to wait in) until \a future finishes; false after 10 s.
bool finishes(const QFuture<void> &future)
{
    QDeadlineTimer deadline(10000);
    while (!future.isFinished() && !deadline.hasExpired())
        QThread::msleep(5);
    return future.isFinished();
}

} // namespace

class TestSmtpTransportLifetime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void outlivesTheApplication()
    {
        const int before = openDescriptors();
        int argc = 1;
        char name[] = "tst_smtptransportlifetime";
        char *argv[] = {name, nullptr};
        auto app = std::make_unique<QCoreApplication>(argc, argv);
        quint16 closedPort = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            closedPort = probe.serverPort();
        }
        QString problem;
        const auto settings = SmtpSettings::fromJson(
            QJsonValue(QStringLiteral("smtp://127.0.0.1:%1").arg(closedPort)), QString(), &problem);
        QVERIFY2(settings, qPrintable(problem));
        auto transport = std::make_unique<SmtpTransport>();
        QFuture<void> sent = transport->send(
            *settings, Envelope{QStringLiteral("no-reply@example.test"), {QStringLiteral("alice@example.test")}},
            "Subject: Hi\r\n\r\nHello.\r\n");
        QVERIFY(finishes(sent));
        QVERIFY_THROWS_EXCEPTION(AuthError, sent.waitForFinished());

        app.reset();
        transport.reset();

        QCOMPARE(openDescriptors(), before);
    }
};

QTEST_APPLESS_MAIN(TestSmtpTransportLifetime)
#include "tst_smtptransportlifetime.moc"
