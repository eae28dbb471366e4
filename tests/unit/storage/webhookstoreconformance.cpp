#include "webhookstoreconformance.h"

#include <QTest>

namespace Gatehouse::Testing {

using Reason = AdapterError::Reason;

namespace {

QDateTime atSecond(qint64 secondsFromNow)
{
    return QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch() + secondsFromNow, Qt::UTC);
}

WebhookRetry retryOf(const QString &webhook, qint64 eventId, int attempts, const QString &error)
{
    WebhookRetry retry;
    retry.webhook = webhook;
    retry.eventId = eventId;
    retry.attempts = attempts;
    retry.firstAttemptAt = atSecond(-60);
    retry.nextAttemptAt = atSecond(attempts * 10);
    retry.lastError = error;
    return retry;
}

} // namespace

} // namespace Gatehouse::Testing

namespace Gatehouse {

inline char *toString(const WebhookRetry &r)
{
    return QTest::toString(QStringLiteral("{%1, event %2, %3 attempts, first %4, next %5, \"%6\"}")
                               .arg(r.webhook)
                               .arg(r.eventId)
                               .arg(r.attempts)
                               .arg(r.firstAttemptAt.toString(Qt::ISODate), r.nextAttemptAt.toString(Qt::ISODate), r.lastError));
}

} // namespace Gatehouse

namespace Gatehouse::Testing {

WebhookStoreConformance::WebhookStoreConformance(AdapterFixture &fixture, QObject *parent)
    : QObject(parent)
    , m_fixture(fixture)
{
}

void WebhookStoreConformance::initTestCase()
{
    if (const QString why = m_fixture.unavailableReason(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void WebhookStoreConformance::init()
{
    QString error;
    m_adapter = m_fixture.create(&error);
    QVERIFY2(m_adapter, qPrintable(error));
    m_store = dynamic_cast<WebhookStore *>(m_adapter.get());
    QVERIFY2(m_store, "the store does not implement WebhookStore");
}

void WebhookStoreConformance::cleanup()
{
    m_store = nullptr;
    m_adapter.reset();
}

void WebhookStoreConformance::retriesAreKeptPerWebhook()
{
    const QString siem = QStringLiteral("webhook:siem");
    const QString chat = QStringLiteral("webhook:chat");
    QCOMPARE(take(m_store->webhookRetry(siem)), std::nullopt);
    const WebhookRetry first = retryOf(siem, 41, 1, QStringLiteral("Connection refused"));
    const WebhookRetry second = retryOf(chat, 7, 3, QStringLiteral("HTTP 503"));
    take(m_store->saveWebhookRetry(first));
    take(m_store->saveWebhookRetry(second));
    QCOMPARE(take(m_store->webhookRetry(siem)), std::optional<WebhookRetry>(first));
    QCOMPARE(take(m_store->webhookRetry(chat)), std::optional<WebhookRetry>(second));
    // An event id beyond 32 bits, as a long-lived audit log has.
    const WebhookRetry big = retryOf(siem, qint64(1) << 40, 2, {});
    take(m_store->saveWebhookRetry(big));
    QCOMPARE(take(m_store->webhookRetry(siem)), std::optional<WebhookRetry>(big));
}

void WebhookStoreConformance::aRetryIsReplacedAndCleared()
{
    const QString siem = QStringLiteral("webhook:siem");
    take(m_store->saveWebhookRetry(retryOf(siem, 41, 1, QStringLiteral("Connection refused"))));
    const WebhookRetry later = retryOf(siem, 41, 2, QStringLiteral("HTTP 502"));
    take(m_store->saveWebhookRetry(later));
    QCOMPARE(take(m_store->webhookRetry(siem)), std::optional<WebhookRetry>(later));
    QVERIFY(take(m_store->clearWebhookRetry(siem)));
    QCOMPARE(take(m_store->webhookRetry(siem)), std::nullopt);
    QVERIFY(!take(m_store->clearWebhookRetry(siem)));  // nothing left
    // Times are kept to the second; an error is cut at 500 characters.
    WebhookRetry precise = retryOf(siem, 42, 1, QString(600, QLatin1Char('x')));
    precise.nextAttemptAt = precise.nextAttemptAt.addMSecs(700);
    take(m_store->saveWebhookRetry(precise));
    const std::optional<WebhookRetry> stored = take(m_store->webhookRetry(siem));
    QVERIFY(stored);
    QCOMPARE(stored->lastError, QString(500, QLatin1Char('x')));
    QCOMPARE(stored->nextAttemptAt, precise.nextAttemptAt.addMSecs(-700));
    QCOMPARE(stored->nextAttemptAt.timeSpec(), Qt::UTC);
}

void WebhookStoreConformance::badInputIsRefused()
{
    QCOMPARE(failure(m_store->webhookRetry(QString())), std::optional(Reason::InvalidArgument));
    QCOMPARE(failure(m_store->clearWebhookRetry(QString(129, QLatin1Char('k')))), std::optional(Reason::InvalidArgument));
    QCOMPARE(failure(m_store->saveWebhookRetry(retryOf(QString(), 1, 1, {}))), std::optional(Reason::InvalidArgument));
    WebhookRetry untimed = retryOf(QStringLiteral("webhook:siem"), 1, 1, {});
    untimed.nextAttemptAt = {};
    QCOMPARE(failure(m_store->saveWebhookRetry(untimed)), std::optional(Reason::InvalidArgument));
    QCOMPARE(take(m_store->webhookRetry(QStringLiteral("webhook:siem"))), std::nullopt);  // nothing half stored
}

void WebhookStoreConformance::anotherServerReadsTheRetry()
{
    QString error;
    const std::shared_ptr<Adapter> second = m_fixture.reopen(m_adapter, &error);
    QVERIFY2(second, qPrintable(error));
    auto *other = dynamic_cast<WebhookStore *>(second.get());
    QVERIFY(other);
    const WebhookRetry retry = retryOf(QStringLiteral("webhook:siem"), 9, 4, QStringLiteral("timed out"));
    take(m_store->saveWebhookRetry(retry));
    QCOMPARE(take(other->webhookRetry(retry.webhook)), std::optional<WebhookRetry>(retry));
    QVERIFY(take(other->clearWebhookRetry(retry.webhook)));
    QCOMPARE(take(m_store->webhookRetry(retry.webhook)), std::nullopt);
}

} // namespace Gatehouse::Testing
