#pragma once
/*! \file webhookstore.h  Where each webhook's retries stand (lib/src/webhooks/README.md): the
 *  event a receiver has not taken yet, how often it was tried and when it is tried next, kept in
 *  the database so that a restart or another server sharing it goes on with the same backoff. The
 *  webhook's place in the audit log is an audit cursor (auditfeedstore.h). */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QString>

#include <optional>

namespace Gatehouse {

//! The delivery of one event to one webhook that has failed so far.
struct GATEHOUSE_EXPORT WebhookRetry
{
    QString webhook;          //!< the webhook's key (its cursor's name), at most 128 characters
    qint64 eventId = 0;       //!< the audit event being delivered
    int attempts = 0;         //!< the failed attempts so far
    QDateTime firstAttemptAt; //!< when the first of them was made
    QDateTime nextAttemptAt;  //!< not tried again before this
    QString lastError;        //!< why the last attempt failed ("HTTP 503", "Connection refused"), at most 500 characters

    friend GATEHOUSE_EXPORT bool operator==(const WebhookRetry &a, const WebhookRetry &b);
};

/*!
 * One retry record per webhook at most. Futures fail with AdapterError like the adapter's
 * (InvalidArgument for an empty or too long key).
 */
class GATEHOUSE_EXPORT WebhookStore
{
public:
    virtual ~WebhookStore();

    //! The retry of \a webhook, nullopt when its last delivery succeeded (or none failed yet).
    virtual QFuture<std::optional<WebhookRetry>> webhookRetry(const QString &webhook) = 0;

    //! Records \a retry, replacing the webhook's earlier one (longer errors are cut).
    virtual QFuture<void> saveWebhookRetry(const WebhookRetry &retry) = 0;

    //! Forgets the retry of \a webhook (its event went out); true when there was one.
    virtual QFuture<bool> clearWebhookRetry(const QString &webhook) = 0;

protected:
    WebhookStore() = default;
    Q_DISABLE_COPY(WebhookStore)
};

} // namespace Gatehouse
