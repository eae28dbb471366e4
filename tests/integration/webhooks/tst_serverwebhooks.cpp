// gatehouse-server's webhooks end to end: failed sign-ins (audit events signInFailed) delivered
// to a receiver on 127.0.0.1 that checks every signature. The receiver goes down, the server is
// restarted while deliveries wait, PostgreSQL is killed under it and started again, two servers
// share the database (and one stops): every event the audit log holds arrives, in order, signed,
// each once (retried ones with a higher attempt).
#include "integration/server/serverharness.h"
#include "support/postgresserver.h"
#include "support/serverprocess.h"
#include "support/webhookreceiver.h"

#include <gatehouse/sqladapter.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

const QByteArray kSecret = "4f1c0d8e2a7b9c3d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5";

// (No raw string literal: moc would take the "//" of a URL for a comment.)
QString writeConfig(const QTemporaryDir &dir, const QString &databaseUrl, const QString &receiverUrl,
                    quint16 metricsPort = 0)
{
    QFile script(dir.filePath(QStringLiteral("callbacks.js")));
    if (script.open(QIODevice::WriteOnly))
        script.write("function authorize(credentials, request) {\n"
                     "  if (credentials.password !== \"pw\")\n"
                     "    return null;\n"
                     "  return { id: credentials.username, name: credentials.username,\n"
                     "           email: credentials.username + \"@example.test\" };\n"
                     "}\n");
    script.close();
    QFile secret(dir.filePath(QStringLiteral("webhook.secret")));
    if (secret.open(QIODevice::WriteOnly))
        secret.write(kSecret + '\n');
    secret.close();
    secret.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QJsonObject provider{{"id", "credentials"},
                               {"type", "credentials"},
                               {"name", "Credentials"},
                               {"credentials", QJsonObject{{"username", QJsonObject{{"label", "Username"}}},
                                                           {"password", QJsonObject{{"label", "Password"}, {"type", "password"}}}}},
                               {"authorize", "authorize"}};
    const QJsonObject webhook{{"url", receiverUrl},
                              {"secretFile", secret.fileName()},
                              {"events", QJsonArray{"signIn", "signInFailed"}}};
    QJsonObject config{{"basePath", "/auth"},
                             {"trustHost", true},
                             {"session", QJsonObject{{"strategy", "database"}}},
                             {"callbacksScript", script.fileName()},
                             {"adapter", QJsonObject{{"url", databaseUrl}}},
                             {"rateLimit", QJsonObject{{"enabled", false}}},
                             {"events", QJsonObject{{"webhooks", QJsonArray{webhook}}}},
                             {"providers", QJsonArray{provider}}};
    if (metricsPort)
        config.insert("server", QJsonObject{{"metricsListen", QStringLiteral("127.0.0.1:%1").arg(metricsPort)}});
    const QString path = dir.filePath(QStringLiteral("gatehouse.json"));
    replaceFile(path, QJsonDocument(config).toJson());
    return path;
}

//! A sign-in refused (a wrong password): one signInFailed event in the audit log.
void failSignIn(ServerUnderTest &server, const QString &who)
{
    Browser browser(server.baseUrl());
    browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("username"), who}, {QStringLiteral("password"), QStringLiteral("wrong")}});
}

qint64 deliveryId(const ReceivedWebhook &r)
{
    return r.header("gatehouse-delivery").toLongLong();
}

//! The ids of the audit log's events of the webhook's types after \a after, read from the database.
QList<qint64> loggedAfter(const QString &databaseUrl, qint64 after)
{
    QList<qint64> ids;
    const std::unique_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl(databaseUrl);
    if (!adapter)
        return ids;
    for (const AuditEvent &event : adapter->auditEventsAfter(after, 10000).result()) {
        if (event.type == QLatin1String("signIn") || event.type == QLatin1String("signInFailed"))
            ids.append(event.id);
    }
    return ids;
}

} // namespace

class TestServerWebhooks : public QObject
{
    Q_OBJECT

    /*!
     * Starts \a server and makes events until one arrives: the webhook's place in the log is made
     * at the newest event by the server's first round, and only what follows it is delivered.
     * Answers the id of the event that arrived (0 when none did).
     */
    qint64 startAndWarmUp(ServerUnderTest &server, const QString &config, WebhookReceiver &receiver)
    {
        if (!server.start(config) || !server.waitForLog(QStringLiteral("webhooks: on")))
            return 0;
        const qsizetype before = receiver.accepted().size();
        for (int i = 0; i < 40 && receiver.accepted().size() == before; ++i) {
            failSignIn(server, QStringLiteral("warm-up"));
            QTest::qWait(500);
        }
        // The last warm-up events may still come: wait until nothing has come for 5 s.
        qsizetype seen = -1;
        while (seen != receiver.accepted().size()) {
            seen = receiver.accepted().size();
            QTest::qWait(5000);
        }
        return receiver.accepted().isEmpty() ? 0 : deliveryId(receiver.accepted().constLast());
    }

    //! Every accepted delivery after \a warmUp signed, in order, once; and together the log's events.
    void checkDeliveries(const WebhookReceiver &receiver, const QString &databaseUrl, qint64 warmUp)
    {
        QList<qint64> accepted;
        for (const ReceivedWebhook &r : receiver.received()) {
            QVERIFY2(r.signatureValid, r.header("gatehouse-signature").constData());
            const QJsonObject body = QJsonDocument::fromJson(r.body).object();
            QCOMPARE(body.value(QStringLiteral("id")).toInteger(), deliveryId(r));
            QCOMPARE(body.value(QStringLiteral("type")).toString(), QString::fromUtf8(r.header("gatehouse-event")));
            if (deliveryId(r) > warmUp && r.answeredWith == 200)
                accepted.append(deliveryId(r));
        }
        QList<qint64> sorted = accepted;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(accepted, sorted);                                     // in the log's order
        QCOMPARE(QSet<qint64>(accepted.begin(), accepted.end()).size(), accepted.size());  // none twice
        QCOMPARE(accepted, loggedAfter(databaseUrl, warmUp));           // every one
    }

private Q_SLOTS:
    void receiverDownAndServerRestartedLoseNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        WebhookReceiver receiver(kSecret);
        QVERIFY(receiver.start());
        const QString database = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("gatehouse.db"));
        const quint16 metricsPort = freeLoopbackPort();
        const QString config = writeConfig(dir, database, receiver.url(), metricsPort);
        const QByteArray label = "{webhook=\"" + receiver.url().toUtf8() + "\"";
        const auto metric = [&](const QByteArray &name, const QByteArray &more = {}) {
            return scrapeMetric(metricsPort, name + label + more + "}");
        };
        auto server = std::make_unique<ServerUnderTest>();
        const qint64 warmUp = startAndWarmUp(*server, config, receiver);
        QVERIFY2(warmUp > 0, qPrintable(server->log()));

        // Up: five events arrive within a few seconds (2 s in the log first, then a round each second).
        const qsizetype start = receiver.accepted().size();
        for (int i = 0; i < 5; ++i)
            failSignIn(*server, QStringLiteral("a%1").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 5, 20000);

        // Down: the next five wait, tried again and again, logged.
        receiver.stop();
        for (int i = 0; i < 5; ++i)
            failSignIn(*server, QStringLiteral("b%1").arg(i));
        QVERIFY2(server->waitForLog(QStringLiteral("not delivered, attempt 2"), 20000), qPrintable(server->log()));
        // Restarted while they wait; three more while the receiver is still down.
        server.reset();
        server = std::make_unique<ServerUnderTest>();
        QVERIFY(server->start(config));
        QVERIFY(server->waitForLog(QStringLiteral("webhooks: on")));
        for (int i = 0; i < 3; ++i)
            failSignIn(*server, QStringLiteral("c%1").arg(i));
        QVERIFY2(server->waitForLog(QStringLiteral("not delivered, attempt"), 20000), qPrintable(server->log()));
        // The backlog shows: the eight events wait (the metrics of this process: counted since it started).
        QTRY_COMPARE_WITH_TIMEOUT(metric("gatehouse_webhook_backlog"), 8.0, 10000);
        QVERIFY(metric("gatehouse_webhook_oldest_pending_seconds") >= 2);
        QVERIFY(metric("gatehouse_webhook_deliveries_total", ",outcome=\"failed\"") >= 1);
        QVERIFY(metric("gatehouse_webhook_deliveries_total", ",outcome=\"delivered\"") < 1);  // none (or no series yet)
        QVERIFY(receiver.start());
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 13, 60000);
        QTest::qWait(3000);  // nothing more comes
        QCOMPARE(receiver.accepted().size(), start + 13);
        QTRY_COMPARE_WITH_TIMEOUT(metric("gatehouse_webhook_backlog"), 0.0, 5000);
        QCOMPARE(metric("gatehouse_webhook_oldest_pending_seconds"), 0.0);
        QCOMPARE(metric("gatehouse_webhook_deliveries_total", ",outcome=\"delivered\""), 8.0);
        // The first that waited went out on a later attempt, with the same delivery id.
        const ReceivedWebhook firstWaiting = receiver.accepted().at(start + 5);
        QVERIFY2(firstWaiting.header("gatehouse-attempt").toInt() >= 3, firstWaiting.header("gatehouse-attempt").constData());
        checkDeliveries(receiver, database, warmUp);
    }

    void postgresKilledLosesNothing()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        PostgresServer pg;
        pg.setSetting(QStringLiteral("synchronous_commit"), QStringLiteral("on"));  // a commit survives the kill
        QString error;
        QVERIFY2(pg.start(&error), qPrintable(error));
        QVERIFY2(pg.createDatabase(QStringLiteral("gatehouse"), &error), qPrintable(error));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        WebhookReceiver receiver(kSecret);
        QVERIFY(receiver.start());
        const QString database = pg.url(QStringLiteral("gatehouse"));
        const QString config = writeConfig(dir, database, receiver.url());
        ServerUnderTest server;
        const qint64 warmUp = startAndWarmUp(server, config, receiver);
        QVERIFY2(warmUp > 0, qPrintable(server.log()));

        // Five events waiting for a receiver that is down when PostgreSQL dies.
        const qsizetype start = receiver.accepted().size();
        receiver.stop();
        for (int i = 0; i < 5; ++i)
            failSignIn(server, QStringLiteral("p%1").arg(i));
        QVERIFY2(server.waitForLog(QStringLiteral("not delivered, attempt"), 20000), qPrintable(server.log()));
        pg.kill();
        QVERIFY2(server.waitForLog(QStringLiteral("the audit log cannot be read now"), 20000), qPrintable(server.log()));
        QVERIFY(receiver.start());   // up, but the outbox is out of reach
        QTest::qWait(3000);
        QCOMPARE(receiver.accepted().size(), start);
        QVERIFY2(pg.start(&error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 5, 60000);
        QVERIFY2(server.waitForLog(QStringLiteral("the audit log can be read again"), 5000), qPrintable(server.log()));
        // And after the outage, as before it.
        for (int i = 0; i < 3; ++i)
            failSignIn(server, QStringLiteral("q%1").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 8, 20000);
        QTest::qWait(3000);
        QCOMPARE(receiver.accepted().size(), start + 8);
        checkDeliveries(receiver, database, warmUp);
    }

    void twoServersDeliverEachEventOnce()
    {
        if (const QString why = PostgresServer::unavailableReason(); !why.isEmpty())
            QSKIP(qPrintable(why));
        PostgresServer pg;
        QString error;
        QVERIFY2(pg.start(&error), qPrintable(error));
        QVERIFY2(pg.createDatabase(QStringLiteral("gatehouse"), &error), qPrintable(error));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        WebhookReceiver receiver(kSecret);
        QVERIFY(receiver.start());
        const QString database = pg.url(QStringLiteral("gatehouse"));
        const QString config = writeConfig(dir, database, receiver.url());
        auto first = std::make_unique<ServerUnderTest>();
        ServerUnderTest second;
        QVERIFY(second.start(config));
        QVERIFY(second.waitForLog(QStringLiteral("webhooks: on")));
        const qint64 warmUp = startAndWarmUp(*first, config, receiver);
        QVERIFY2(warmUp > 0, qPrintable(first->log()));

        // Both servers look every second; one holds the webhook, and each event goes out once.
        const qsizetype start = receiver.accepted().size();
        for (int i = 0; i < 10; ++i)
            failSignIn(i % 2 ? second : *first, QStringLiteral("s%1").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 10, 30000);
        // The first stops (giving its hold up, if it had it): the other goes on at once.
        first.reset();
        for (int i = 0; i < 5; ++i)
            failSignIn(second, QStringLiteral("t%1").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.accepted().size(), start + 15, 20000);
        QTest::qWait(3000);
        QCOMPARE(receiver.accepted().size(), start + 15);
        checkDeliveries(receiver, database, warmUp);
    }
};

QTEST_MAIN(TestServerWebhooks)
#include "tst_serverwebhooks.moc"
