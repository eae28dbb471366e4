// Webhooks on their own: the signature (known vectors, and a receiver's check), the backoff, and
// the dispatcher on a MemoryAdapter delivering to a receiver on 127.0.0.1: in order, signed, at
// least once across a receiver that is down, a new dispatcher (a restart) and a second one (two
// servers).
#include "webhooks/backoff.h"
#include "webhooks/payload.h"
#include "webhooks/signature.h"

#include "support/webhookreceiver.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/webhooks.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using namespace std::chrono_literals;

namespace {

const QByteArray kSecret = "0123456789abcdef0123456789abcdef";

AuditEvent auditEvent(const QString &type, const QString &userId = QStringLiteral("7"))
{
    AuditEvent e;
    e.type = type;
    e.userId = userId;
    e.provider = QStringLiteral("credentials");
    e.clientAddress = QStringLiteral("192.0.2.1");
    e.detail = QJsonObject{{QStringLiteral("email"), QStringLiteral("ada@example.test")}};
    return e;
}

WebhookSettings settingsFor(const QString &url, QStringList events = {})
{
    WebhookSettings s;
    s.url = QUrl(url);
    s.secret = QString::fromLatin1(kSecret);
    s.events = std::move(events);
    return s;
}

//! Waits for one round of \a dispatcher while the receiver answers; its count of deliveries.
int roundOf(WebhookDispatcher &dispatcher)
{
    QFuture<int> round = dispatcher.deliverPending();
    if (!QTest::qWaitFor([&] { return round.isFinished(); }, 30000))
        return -1;
    return round.result();
}

QStringList typesOf(const QList<ReceivedWebhook> &received)
{
    QStringList types;
    for (const ReceivedWebhook &r : received)
        types.append(QString::fromUtf8(r.header("gatehouse-event")));
    return types;
}

} // namespace

class TestWebhooks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void signatureIsHmacOverTimestampAndBody_data();
    void signatureIsHmacOverTimestampAndBody();
    void verificationRefusesTamperingAndReplays();
    void backoffDoublesToItsCapWithJitter();
    void payloadIsTheAuditPullsShape();
    void deliversInOrderSignedAndFiltered();
    void receiverDownThenUpLosesNothing();
    void aNewDispatcherGoesOnWhereTheLastStopped();
    void twoDispatchersDeliverEachEventOnce();
    void anEventFailingTooLongIsGivenUp();
    void withoutAStoreItSaysWhy();
};

void TestWebhooks::signatureIsHmacOverTimestampAndBody_data()
{
    QTest::addColumn<QByteArray>("secret");
    QTest::addColumn<qint64>("timestamp");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("expected");
    // HMAC-SHA256 computed apart (Python's hmac module) over "TIMESTAMP.BODY".
    QTest::newRow("empty body") << QByteArray("secret") << qint64(1700000000) << QByteArray()
                                << QByteArray("t=1700000000,v1=4bc5f74d868b97888288889c5d9d65df02526f94c1592a79fdf4fe8b26e311e5");
    QTest::newRow("event") << kSecret << qint64(1764409200) << QByteArray(R"({"id":1,"type":"signIn"})")
                           << QByteArray("t=1764409200,v1=07e278e6909a997f73298123aaa1410f1b53cb2eeb39f4045d8e2498dddc5146");
}

void TestWebhooks::signatureIsHmacOverTimestampAndBody()
{
    QFETCH(QByteArray, secret);
    QFETCH(qint64, timestamp);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, expected);
    const QByteArray header = Webhooks::signature(secret, timestamp, body);
    // Qt's own HMAC, as a receiver in any language would compute it.
    const QByteArray mac =
        QMessageAuthenticationCode::hash(QByteArray::number(timestamp) + '.' + body, secret, QCryptographicHash::Sha256);
    QCOMPARE(header, "t=" + QByteArray::number(timestamp) + ",v1=" + mac.toHex());
    if (!expected.isEmpty())
        QCOMPARE(header, expected);
}

void TestWebhooks::verificationRefusesTamperingAndReplays()
{
    const QByteArray body = R"({"id":5,"type":"signInFailed"})";
    const qint64 now = 1764409200;
    const QByteArray header = Webhooks::signature(kSecret, now, body);
    QVERIFY(Webhooks::verifySignature(kSecret, header, body, now));
    QVERIFY(Webhooks::verifySignature(kSecret, header, body, now + 300));
    QVERIFY(!Webhooks::verifySignature(kSecret, header, body, now + 301));  // replayed later
    QVERIFY(!Webhooks::verifySignature(kSecret, header, body + " ", now));  // body changed
    QVERIFY(!Webhooks::verifySignature("another secret of 32 characters!", header, body, now));
    // The timestamp is signed: moving it forward breaks the signature.
    QByteArray moved = header;
    moved.replace("t=1764409200", "t=1764409500");
    QVERIFY(!Webhooks::verifySignature(kSecret, moved, body, now + 300));
    QVERIFY(!Webhooks::verifySignature(kSecret, "v1=" + header.mid(header.indexOf("v1=") + 3), body, now));
    QVERIFY(!Webhooks::verifySignature(kSecret, "t=1764409200,t=1764409200," + header.mid(13), body, now));
    // A second v1 (a rotated secret) does not hide the right one.
    QVERIFY(Webhooks::verifySignature(kSecret, header + ",v1=00", body, now));
}

void TestWebhooks::backoffDoublesToItsCapWithJitter()
{
    const Webhooks::Backoff backoff;  // 2 s doubled, at most 10 minutes
    QCOMPARE(backoff.ceiling(1), 2000ms);
    QCOMPARE(backoff.ceiling(2), 4000ms);
    QCOMPARE(backoff.ceiling(5), 32000ms);
    QCOMPARE(backoff.ceiling(9), 512000ms);
    QCOMPARE(backoff.ceiling(10), 600000ms);
    QCOMPARE(backoff.ceiling(1000), 600000ms);
    QCOMPARE(backoff.wait(3, 0.0), 4000ms);   // half the ceiling
    QCOMPARE(backoff.wait(3, 0.5), 6000ms);
    QCOMPARE(backoff.wait(3, 0.999), 7996ms);
    QCOMPARE(backoff.wait(40, 0.0), 300000ms);
}

void TestWebhooks::payloadIsTheAuditPullsShape()
{
    AuditEvent e = auditEvent(QStringLiteral("signIn"));
    e.id = 42;
    e.time = QDateTime(QDate(2026, 11, 29), QTime(9, 30, 1, 250), Qt::UTC);
    const QJsonObject body = QJsonDocument::fromJson(Webhooks::payload(e)).object();
    QCOMPARE(body.value(QStringLiteral("id")).toInteger(), 42);
    QCOMPARE(body.value(QStringLiteral("time")).toString(), QStringLiteral("2026-11-29T09:30:01.250Z"));
    QCOMPARE(body.value(QStringLiteral("type")).toString(), QStringLiteral("signIn"));
    QCOMPARE(body.value(QStringLiteral("userId")).toString(), QStringLiteral("7"));
    QCOMPARE(body.value(QStringLiteral("provider")).toString(), QStringLiteral("credentials"));
    QCOMPARE(body.value(QStringLiteral("clientAddress")).toString(), QStringLiteral("192.0.2.1"));
    QCOMPARE(body.value(QStringLiteral("detail")).toObject().value(QStringLiteral("email")).toString(),
             QStringLiteral("ada@example.test"));
    e.userId.clear();
    QVERIFY(QJsonDocument::fromJson(Webhooks::payload(e)).object().value(QStringLiteral("userId")).isNull());
}

void TestWebhooks::deliversInOrderSignedAndFiltered()
{
    WebhookReceiver receiver(kSecret);
    QVERIFY(receiver.start());
    auto adapter = std::make_shared<MemoryAdapter>();
    WebhookDispatcher dispatcher({settingsFor(receiver.url(), {QStringLiteral("signIn"), QStringLiteral("signInFailed")})},
                                 adapter);
    QVERIFY2(dispatcher.unavailableReason().isEmpty(), qPrintable(dispatcher.unavailableReason()));
    dispatcher.setTimingForTesting(0s, 50ms, 200ms);
    adapter->appendAudit(auditEvent(QStringLiteral("before"))).waitForFinished();  // history is not sent
    QCOMPARE(roundOf(dispatcher), 0);
    QList<qint64> ids;
    for (const QString &type : {QStringLiteral("signIn"), QStringLiteral("signOut"), QStringLiteral("signInFailed"),
                                QStringLiteral("signIn")})
        ids.append(adapter->appendAudit(auditEvent(type)).result());
    QCOMPARE(roundOf(dispatcher), 3);
    const QList<ReceivedWebhook> got = receiver.received();
    QCOMPARE(typesOf(got), (QStringList{QStringLiteral("signIn"), QStringLiteral("signInFailed"), QStringLiteral("signIn")}));
    const QList<qint64> expectedIds{ids.at(0), ids.at(2), ids.at(3)};
    for (qsizetype i = 0; i < got.size(); ++i) {
        const ReceivedWebhook &r = got.at(i);
        QVERIFY2(r.signatureValid, r.header("gatehouse-signature").constData());
        QCOMPARE(r.path, QByteArray("/hook"));
        QCOMPARE(r.header("content-type"), QByteArray("application/json"));
        QCOMPARE(r.header("gatehouse-delivery"), QByteArray::number(expectedIds.at(i)));
        QCOMPARE(r.header("gatehouse-attempt"), QByteArray("1"));
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value(QStringLiteral("id")).toInteger(), expectedIds.at(i));
    }
    QCOMPARE(roundOf(dispatcher), 0);  // nothing twice
    QCOMPARE(receiver.received().size(), 3);
}

void TestWebhooks::receiverDownThenUpLosesNothing()
{
    WebhookReceiver receiver(kSecret);
    QVERIFY(receiver.start());
    auto adapter = std::make_shared<MemoryAdapter>();
    const WebhookSettings settings = settingsFor(receiver.url());
    WebhookDispatcher dispatcher({settings}, adapter);
    dispatcher.setTimingForTesting(0s, 1000ms, 1000ms);  // each wait 0.5 to 1 s (stored rounded up)
    QCOMPARE(roundOf(dispatcher), 0);  // the webhook's place: from now on
    const qint64 first = adapter->appendAudit(auditEvent(QStringLiteral("signIn"))).result();
    const qint64 second = adapter->appendAudit(auditEvent(QStringLiteral("signOut"))).result();
    // Answered with a 503: not delivered, tried again after the wait, not before.
    receiver.setStatus(503);
    QCOMPARE(roundOf(dispatcher), 0);
    QCOMPARE(receiver.received().size(), 1);
    QCOMPARE(roundOf(dispatcher), 0);
    QCOMPARE(receiver.received().size(), 1);  // still waiting
    const std::optional<WebhookRetry> retry = adapter->webhookRetry(WebhookDispatcher::cursorName(settings.url)).result();
    QVERIFY(retry);
    QCOMPARE(retry->eventId, first);
    QCOMPARE(retry->attempts, 1);
    QCOMPARE(retry->lastError, QStringLiteral("HTTP 503"));
    // Down: connections refused.
    receiver.stop();
    QTest::qWait(2100);  // the wait, rounded up to the store's whole seconds
    QCOMPARE(roundOf(dispatcher), 0);
    QCOMPARE(adapter->webhookRetry(WebhookDispatcher::cursorName(settings.url)).result()->attempts, 2);
    // Up again: the first event on its third attempt, then the second; the retry forgotten.
    QVERIFY(receiver.start());
    receiver.setStatus(200);
    QTest::qWait(2100);  // the wait, rounded up to the store's whole seconds
    QCOMPARE(roundOf(dispatcher), 2);
    const QList<ReceivedWebhook> accepted = receiver.accepted();
    QCOMPARE(accepted.size(), 2);
    QCOMPARE(accepted.at(0).header("gatehouse-delivery"), QByteArray::number(first));
    QCOMPARE(accepted.at(0).header("gatehouse-attempt"), QByteArray("3"));
    QCOMPARE(accepted.at(1).header("gatehouse-delivery"), QByteArray::number(second));
    QCOMPARE(accepted.at(1).header("gatehouse-attempt"), QByteArray("1"));
    QCOMPARE(adapter->webhookRetry(WebhookDispatcher::cursorName(settings.url)).result(), std::nullopt);
}

void TestWebhooks::aNewDispatcherGoesOnWhereTheLastStopped()
{
    WebhookReceiver receiver(kSecret);
    QVERIFY(receiver.start());
    auto adapter = std::make_shared<MemoryAdapter>();
    const WebhookSettings settings = settingsFor(receiver.url());
    qint64 pending = 0;
    {
        WebhookDispatcher before({settings}, adapter);
        before.setTimingForTesting(0s, 60s, 60s);
        QCOMPARE(roundOf(before), 0);
        adapter->appendAudit(auditEvent(QStringLiteral("signIn"))).waitForFinished();
        QCOMPARE(roundOf(before), 1);
        receiver.setStatus(500);
        pending = adapter->appendAudit(auditEvent(QStringLiteral("signInFailed"))).result();
        QCOMPARE(roundOf(before), 0);
        before.stop();  // gives its place up
    }
    receiver.setStatus(200);
    // Another process: its backoff is the one kept in the database (a minute), not a fresh start.
    WebhookDispatcher after({settings}, adapter);
    after.setTimingForTesting(0s, 60s, 60s);
    QCOMPARE(roundOf(after), 0);
    QCOMPARE(receiver.accepted().size(), 1);
    // Once the wait is over (here: the retry made due), the event goes out, on its second attempt.
    WebhookRetry due = *adapter->webhookRetry(WebhookDispatcher::cursorName(settings.url)).result();
    due.nextAttemptAt = QDateTime::currentDateTimeUtc().addSecs(-1);
    adapter->saveWebhookRetry(due).waitForFinished();
    QCOMPARE(roundOf(after), 1);
    QCOMPARE(receiver.accepted().constLast().header("gatehouse-delivery"), QByteArray::number(pending));
    QCOMPARE(receiver.accepted().constLast().header("gatehouse-attempt"), QByteArray("2"));
}

void TestWebhooks::twoDispatchersDeliverEachEventOnce()
{
    WebhookReceiver receiver(kSecret);
    QVERIFY(receiver.start());
    auto adapter = std::make_shared<MemoryAdapter>();
    const WebhookSettings settings = settingsFor(receiver.url());
    WebhookDispatcher one({settings}, adapter);
    WebhookDispatcher two({settings}, adapter);
    one.setTimingForTesting(0s, 50ms, 50ms);
    two.setTimingForTesting(0s, 50ms, 50ms);
    QCOMPARE(roundOf(one), 0);
    for (int i = 0; i < 10; ++i)
        adapter->appendAudit(auditEvent(QStringLiteral("signIn"))).waitForFinished();
    QFuture<int> a = one.deliverPending();
    QFuture<int> b = two.deliverPending();
    QVERIFY(QTest::qWaitFor([&] { return a.isFinished() && b.isFinished(); }, 30000));
    QCOMPARE(a.result() + b.result(), 10);
    QCOMPARE(b.result(), 0);  // the place is held by the first
    QSet<QByteArray> ids;
    for (const ReceivedWebhook &r : receiver.received())
        ids.insert(r.header("gatehouse-delivery"));
    QCOMPARE(ids.size(), 10);
    QCOMPARE(receiver.received().size(), 10);
}

void TestWebhooks::anEventFailingTooLongIsGivenUp()
{
    WebhookReceiver receiver(kSecret);
    QVERIFY(receiver.start());
    auto adapter = std::make_shared<MemoryAdapter>();
    const WebhookSettings settings = settingsFor(receiver.url());
    WebhookDispatcher dispatcher({settings}, adapter);
    dispatcher.setTimingForTesting(0s, 500ms, 500ms, 1s);  // given up once tried for a second
    QCOMPARE(roundOf(dispatcher), 0);
    const qint64 refused = adapter->appendAudit(auditEvent(QStringLiteral("signIn"))).result();
    const qint64 next = adapter->appendAudit(auditEvent(QStringLiteral("signOut"))).result();
    receiver.setStatus(422);
    QCOMPARE(roundOf(dispatcher), 0);
    QTest::qWait(2100);
    // Its second failure is past the limit: given up, and the next event is tried at once.
    QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("gave up audit event %1 \\(signIn\\) after 2 attempts").arg(refused)));
    QCOMPARE(roundOf(dispatcher), 0);
    const QList<ReceivedWebhook> got = receiver.received();
    QCOMPARE(got.size(), 3);
    QCOMPARE(got.at(1).header("gatehouse-delivery"), QByteArray::number(refused));
    QCOMPARE(got.at(1).header("gatehouse-attempt"), QByteArray("2"));
    QCOMPARE(got.at(2).header("gatehouse-delivery"), QByteArray::number(next));
    QCOMPARE(got.at(2).header("gatehouse-attempt"), QByteArray("1"));
    const std::optional<WebhookRetry> retry = adapter->webhookRetry(WebhookDispatcher::cursorName(settings.url)).result();
    QVERIFY(retry);
    QCOMPARE(retry->eventId, next);
    QCOMPARE(retry->lastError, QStringLiteral("HTTP 422"));
}

void TestWebhooks::withoutAStoreItSaysWhy()
{
    WebhookDispatcher none({settingsFor(QStringLiteral("http://127.0.0.1:9/hook"))}, nullptr);
    QVERIFY(none.unavailableReason().contains(QStringLiteral("audit log")));
    WebhookDispatcher empty({}, std::make_shared<MemoryAdapter>());
    QVERIFY(empty.unavailableReason().contains(QStringLiteral("events.webhooks")));
    QCOMPARE(roundOf(empty), 0);
}

QTEST_MAIN(TestWebhooks)
#include "tst_webhooks.moc"
