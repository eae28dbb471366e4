#pragma once
/*!
 * \file webhooks.h  Webhooks: the audit log leaves the box. Each of gatehouse-server's
 * \c events.webhooks gets the audit events it names as signed JSON POSTs, at least once, from
 * the audit log through a place in the database. lib/src/webhooks/README.md has the design, the
 * headers and how a receiver verifies a delivery.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/serversettings.h>

#include <QFuture>
#include <QObject>

#include <chrono>
#include <memory>

namespace Gatehouse {

class WebhookDispatcherPrivate;

/*!
 * Delivers the audit log to \c events.webhooks. What happened is recorded first and delivered
 * afterwards, on threads of the dispatcher's own (one per webhook), so a receiver never delays
 * or fails what the event tells of. Each webhook's place in the log is an audit cursor in the
 * database (AuditFeedStore), moved past an event only once the receiver answered it with a 2xx;
 * failures are tried again with a growing, jittered wait kept in the database (WebhookStore). A
 * restart, a receiver that is down or a database outage therefore loses no event, and several
 * servers sharing the database deliver each event once between them (one holds a webhook's
 * place at a time, for a lease).
 *
 * Needs an adapter that implements AuditFeedStore and WebhookStore (SqlAdapter and
 * MemoryAdapter do); otherwise unavailableReason() says so and start() does nothing.
 */
class GATEHOUSE_EXPORT WebhookDispatcher : public QObject
{
    Q_OBJECT
public:
    WebhookDispatcher(const QList<WebhookSettings> &webhooks, std::shared_ptr<Adapter> adapter,
                      QObject *parent = nullptr);
    ~WebhookDispatcher() override;

    //! Empty when the dispatcher can run; else what is missing, for the operator's log.
    QString unavailableReason() const;

    //! Looks for new events every \a interval (and at once) until stop() or destruction.
    void start(std::chrono::milliseconds interval = std::chrono::seconds(1));
    /*!
     * Stops looking and gives every webhook's place up, so another server goes on at once;
     * returns when the rounds that run have ended (a POST: at most its 10 s time-out).
     */
    void stop();

    /*!
     * One round of every webhook now (those whose round runs are left alone): delivers what is
     * due and answers how many deliveries succeeded. Fails when the store cannot be asked.
     */
    QFuture<int> deliverPending();

    //! The name of a webhook's place in the audit log: \c webhook: and a hash of its URL.
    static QString cursorName(const QUrl &url);

    /*!
     * For tests: how long an event must have been in the log before it is read (default 2 s: a
     * write committed late under a lower id is not skipped), and the first and the longest wait
     * between tries of one event (default 2 s and 10 minutes), and how long one event is tried
     * before it is given up (default 3 days).
     */
    void setTimingForTesting(std::chrono::seconds settle, std::chrono::milliseconds firstRetry,
                             std::chrono::milliseconds longestRetry,
                             std::chrono::seconds giveUpAfter = std::chrono::hours(72));

Q_SIGNALS:
    //! \a count deliveries succeeded in a round of one webhook.
    void delivered(int count);

private:
    std::shared_ptr<WebhookDispatcherPrivate> d;
};

} // namespace Gatehouse
