#include <gatehouse/webhooks.h>

#include <gatehouse/version.h>

#include "webhooks/backoff.h"
#include "webhooks/httppost.h"
#include "webhooks/logging.h"
#include "webhooks/payload.h"
#include "webhooks/signature.h"

#include "crypto/hash.h"
#include "metrics/catalogue.h"
#include "storage/stores.h"

#include <QPointer>
#include <QRandomGenerator>
#include <QThreadPool>
#include <QTimer>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <mutex>
#include <vector>

namespace Gatehouse {

using namespace std::chrono_literals;

namespace {

constexpr auto kLease = 60s;
//! Events read ahead in a round: delivered in order, and the backlog the metrics show.
constexpr int kReadAhead = 500;
constexpr auto kPostTimeout = 10s;

//! The webhook as a metrics label and in the log: its URL without credentials, query or fragment.
QString labelOf(const QUrl &url)
{
    return url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

//! An audit event's type in a header: it is the writer's own word, but a header takes no line break.
QByteArray headerSafe(const QString &text)
{
    QByteArray out;
    for (const QChar ch : text) {
        if (ch.unicode() > 0x20 && ch.unicode() < 0x7f)
            out += char(ch.unicode());
    }
    return out;
}

struct Hook
{
    WebhookSettings settings;
    QString cursor;
    QString label;
    std::atomic<bool> busy{false};  //!< a round is queued or runs
    bool storeTrouble = false;      //!< the last round could not ask the store (logged once)

    bool wants(const QString &type) const { return settings.events.isEmpty() || settings.events.contains(type); }
};

} // namespace

class WebhookDispatcherPrivate
{
public:
    Stores stores;
    QString unavailable;
    std::vector<std::unique_ptr<Hook>> hooks;
    //! Names this process's hold on the webhooks' places (two servers must differ).
    const QString holder = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QThreadPool pool;
    QTimer *timer = nullptr;
    QPointer<WebhookDispatcher> q;
    std::atomic<bool> stopping{false};

    std::mutex timingLock;
    std::chrono::seconds settle = 2s;
    Webhooks::Backoff backoff;
    std::chrono::seconds giveUp = 72h;

    int guardedRound(Hook &hook);
    int round(Hook &hook);
    Webhooks::PostOutcome deliver(const Hook &hook, const AuditEvent &event, int attempt) const;
};

Webhooks::PostOutcome WebhookDispatcherPrivate::deliver(const Hook &hook, const AuditEvent &event, int attempt) const
{
    const QByteArray body = Webhooks::payload(event);
    const qint64 timestamp = QDateTime::currentSecsSinceEpoch();
    const QList<QByteArray> headers{
        QByteArrayLiteral("Content-Type: application/json"),
        QByteArrayLiteral("User-Agent: Gatehouse/" GATEHOUSE_VERSION_STRING),
        "Gatehouse-Delivery: " + QByteArray::number(event.id),
        "Gatehouse-Event: " + headerSafe(event.type),
        "Gatehouse-Attempt: " + QByteArray::number(attempt),
        QByteArray(Webhooks::SignatureHeader) + ": " + Webhooks::signature(hook.settings.secret.toUtf8(), timestamp, body),
    };
    return Webhooks::post(hook.settings.url, headers, body, kPostTimeout);
}

int WebhookDispatcherPrivate::round(Hook &hook)
{
    std::chrono::seconds settleFor;
    Webhooks::Backoff waits;
    std::chrono::seconds giveUpAfter;
    {
        std::lock_guard<std::mutex> locked(timingLock);
        settleFor = settle;
        waits = backoff;
        giveUpAfter = giveUp;
    }
    const QDateTime started = QDateTime::currentDateTimeUtc();
    AuditFeedStore &feed = *stores.auditFeed;
    WebhookStore &retries = *stores.webhooks;
    const std::optional<qint64> position = feed.claimAuditCursor(hook.cursor, holder, kLease).result();
    if (!position)
        return 0;  // another server delivers this webhook
    std::optional<WebhookRetry> retry = retries.webhookRetry(hook.cursor).result();
    if (retry && retry->eventId <= *position) {
        // Its event went out, and the process stopped before it forgot the retry.
        retries.clearWebhookRetry(hook.cursor).result();
        retry.reset();
    }
    const QList<AuditEvent> events = feed.auditEventsAfter(*position, kReadAhead).result();
    qint64 done = *position;
    // What is left after done: the backlog the metrics show.
    const auto report = [&] {
        qint64 pending = 0;
        qint64 oldest = 0;
        for (const AuditEvent &event : events) {
            if (event.id > done && hook.wants(event.type)) {
                if (pending++ == 0)
                    oldest = std::max<qint64>(0, event.time.secsTo(QDateTime::currentDateTimeUtc()));
            }
        }
        Metrics::recordWebhookBacklog(hook.label, pending, oldest);
    };
    if (retry && started < retry->nextAttemptAt) {
        report();
        return 0;
    }
    int sent = 0;
    for (const AuditEvent &event : events) {
        if (stopping)
            break;
        // A write that took a lower id but committed late is still read: only settled events.
        if (event.time.msecsTo(started) < qint64(settleFor.count()) * 1000)
            break;
        if (!hook.wants(event.type)) {
            done = event.id;
            continue;
        }
        // Renewed before each delivery, so a slow receiver never lets the lease run out under it.
        if (sent > 0 && !feed.claimAuditCursor(hook.cursor, holder, kLease).result())
            break;
        const bool again = retry && retry->eventId == event.id;
        const int attempt = again ? retry->attempts + 1 : 1;
        const Webhooks::PostOutcome outcome = deliver(hook, event, attempt);
        const QDateTime ended = QDateTime::currentDateTimeUtc();
        if (outcome.delivered()) {
            Metrics::recordWebhookDelivery(hook.label, "delivered");
            if (!feed.advanceAuditCursor(hook.cursor, holder, event.id).result()) {
                qCWarning(lcWebhooks).noquote()
                    << QStringLiteral("webhook %1: another server took over during the delivery of audit event %2")
                           .arg(hook.label, QString::number(event.id));
                return sent;
            }
            if (again)
                retries.clearWebhookRetry(hook.cursor).result();
            retry.reset();
            done = event.id;
            ++sent;
            if (attempt > 1)
                qCInfo(lcWebhooks).noquote() << QStringLiteral("webhook %1: audit event %2 (%3) delivered on attempt %4")
                                                    .arg(hook.label, QString::number(event.id), event.type,
                                                         QString::number(attempt));
            continue;
        }
        const QDateTime first = again ? retry->firstAttemptAt : ended;
        if (again && first.secsTo(ended) >= giveUpAfter.count()) {
            Metrics::recordWebhookDelivery(hook.label, "given_up");
            qCCritical(lcWebhooks).noquote()
                << QStringLiteral("webhook %1: gave up audit event %2 (%3) after %4 attempts since %5: %6")
                       .arg(hook.label, QString::number(event.id), event.type, QString::number(attempt),
                            first.toString(Qt::ISODate), outcome.problem());
            feed.advanceAuditCursor(hook.cursor, holder, event.id).result();
            retries.clearWebhookRetry(hook.cursor).result();
            retry.reset();
            done = event.id;
            continue;
        }
        Metrics::recordWebhookDelivery(hook.label, "failed");
        WebhookRetry next;
        next.webhook = hook.cursor;
        next.eventId = event.id;
        next.attempts = attempt;
        next.firstAttemptAt = first;
        const std::chrono::milliseconds wait = waits.wait(attempt, QRandomGenerator::global()->generateDouble());
        // The store keeps whole seconds: rounded up, so a retry is never due before its wait is over.
        next.nextAttemptAt = QDateTime::fromSecsSinceEpoch((ended.toMSecsSinceEpoch() + wait.count() + 999) / 1000, Qt::UTC);
        next.lastError = outcome.problem();
        retries.saveWebhookRetry(next).waitForFinished();
        qCWarning(lcWebhooks).noquote()
            << QStringLiteral("webhook %1: audit event %2 (%3) not delivered, attempt %4: %5; trying again in %6 s")
                   .arg(hook.label, QString::number(event.id), event.type, QString::number(attempt), outcome.problem(),
                        QString::number(double(wait.count()) / 1000.0, 'f', 1));
        break;
    }
    if (done > *position)
        feed.advanceAuditCursor(hook.cursor, holder, done).result();
    report();
    return sent;
}

int WebhookDispatcherPrivate::guardedRound(Hook &hook)
{
    int sent = 0;
    try {
        if (!stopping)
            sent = round(hook);
        if (hook.storeTrouble) {
            hook.storeTrouble = false;
            qCInfo(lcWebhooks).noquote() << QStringLiteral("webhook %1: the audit log can be read again").arg(hook.label);
        }
    } catch (const std::exception &e) {
        // Once per outage, not every second of it; the deliveries wait in the log meanwhile.
        if (!hook.storeTrouble)
            qCWarning(lcWebhooks).noquote()
                << QStringLiteral("webhook %1: the audit log cannot be read now, deliveries wait: %2")
                       .arg(hook.label, QString::fromUtf8(e.what()));
        hook.storeTrouble = true;
        hook.busy = false;
        throw;
    }
    hook.busy = false;
    if (sent > 0)
        QMetaObject::invokeMethod(q, [q = q, sent] {
            if (q)
                Q_EMIT q->delivered(sent);
        }, Qt::QueuedConnection);
    return sent;
}

WebhookDispatcher::WebhookDispatcher(const QList<WebhookSettings> &webhooks, std::shared_ptr<Adapter> adapter,
                                     QObject *parent)
    : QObject(parent)
    , d(std::make_shared<WebhookDispatcherPrivate>())
{
    d->q = this;
    d->stores = Stores::of(std::move(adapter));
    for (const WebhookSettings &settings : webhooks) {
        auto hook = std::make_unique<Hook>();
        hook->settings = settings;
        hook->cursor = cursorName(settings.url);
        hook->label = labelOf(settings.url);
        d->hooks.push_back(std::move(hook));
    }
    d->pool.setMaxThreadCount(std::max<int>(1, int(d->hooks.size())));
    if (d->hooks.empty())
        d->unavailable = QStringLiteral("no webhooks are configured (events.webhooks)");
    else if (!d->stores.adapter || !d->stores.auditFeed || !d->stores.webhooks)
        d->unavailable = QStringLiteral("the adapter keeps no audit log with cursors and retries to deliver from");
}

WebhookDispatcher::~WebhookDispatcher()
{
    stop();
}

QString WebhookDispatcher::unavailableReason() const
{
    return d->unavailable;
}

QString WebhookDispatcher::cursorName(const QUrl &url)
{
    return QStringLiteral("webhook:")
        + QString::fromLatin1(Crypto::sha256(url.toString(QUrl::FullyEncoded).toUtf8()).toHex().left(32));
}

void WebhookDispatcher::start(std::chrono::milliseconds interval)
{
    if (!d->unavailable.isEmpty() || d->timer)
        return;
    d->stopping = false;
    d->timer = new QTimer(this);
    d->timer->setInterval(interval);
    connect(d->timer, &QTimer::timeout, this, [this] { deliverPending(); });
    d->timer->start();
    deliverPending();
}

void WebhookDispatcher::stop()
{
    if (d->timer) {
        d->timer->stop();
        d->timer->deleteLater();
        d->timer = nullptr;
    }
    d->stopping = true;
    d->pool.waitForDone();
    if (!d->unavailable.isEmpty())
        return;
    // Give the places up, so another server goes on at once. A claim with no lease changes
    // nothing when another server holds it.
    for (const auto &hook : d->hooks) {
        try {
            d->stores.auditFeed->claimAuditCursor(hook->cursor, d->holder, 0s).waitForFinished();
        } catch (const std::exception &) {
            // The lease runs out by itself.
        }
    }
}

QFuture<int> WebhookDispatcher::deliverPending()
{
    if (!d->unavailable.isEmpty() || d->stopping)
        return QtFuture::makeReadyFuture(0);
    QList<QFuture<int>> rounds;
    for (const auto &hook : d->hooks) {
        Hook *h = hook.get();
        if (h->busy.exchange(true))
            continue;  // its round is queued or runs: the next tick comes soon enough
        rounds.append(QtConcurrent::run(&d->pool, [d = d, h] { return d->guardedRound(*h); }));
    }
    if (rounds.isEmpty())
        return QtFuture::makeReadyFuture(0);
    return QtFuture::whenAll(rounds.begin(), rounds.end()).then([](const QList<QFuture<int>> &finished) {
        int sent = 0;
        for (QFuture<int> round : finished)
            sent += round.result();  // rethrows a round's failure
        return sent;
    });
}

void WebhookDispatcher::setTimingForTesting(std::chrono::seconds settle, std::chrono::milliseconds firstRetry,
                                            std::chrono::milliseconds longestRetry, std::chrono::seconds giveUpAfter)
{
    std::lock_guard<std::mutex> locked(d->timingLock);
    d->giveUp = giveUpAfter;
    d->settle = settle;
    d->backoff.first = firstRetry;
    d->backoff.cap = longestRetry;
}

} // namespace Gatehouse
