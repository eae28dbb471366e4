#include <gatehouse/webhookstore.h>

#include <gatehouse/adaptererror.h>

#include "storage/storerules.h"

namespace Gatehouse {

// The interface lives with the stores that implement it (its user is webhooks/).
WebhookStore::~WebhookStore() = default;

bool operator==(const WebhookRetry &a, const WebhookRetry &b)
{
    return a.webhook == b.webhook && a.eventId == b.eventId && a.attempts == b.attempts
        && a.firstAttemptAt == b.firstAttemptAt && a.nextAttemptAt == b.nextAttemptAt && a.lastError == b.lastError;
}

void StoreRules::checkWebhookKey(const QString &webhook, const QString &method)
{
    if (webhook.isEmpty() || webhook.size() > 128)
        throw AdapterError(AdapterError::Reason::InvalidArgument,
                           QStringLiteral("%1: a webhook's key is 1 to 128 characters").arg(method));
}

WebhookRetry StoreRules::storableWebhookRetry(const WebhookRetry &retry, const QString &method)
{
    checkWebhookKey(retry.webhook, method);
    if (!retry.firstAttemptAt.isValid() || !retry.nextAttemptAt.isValid())
        throw AdapterError(AdapterError::Reason::InvalidArgument,
                           QStringLiteral("%1: a webhook retry needs its first and next attempt times").arg(method));
    WebhookRetry stored = retry;
    stored.lastError.truncate(500);
    // Stored to the second, as every backend keeps it.
    stored.firstAttemptAt = QDateTime::fromSecsSinceEpoch(retry.firstAttemptAt.toSecsSinceEpoch(), Qt::UTC);
    stored.nextAttemptAt = QDateTime::fromSecsSinceEpoch(retry.nextAttemptAt.toSecsSinceEpoch(), Qt::UTC);
    return stored;
}

} // namespace Gatehouse
