// MemoryAdapter's WebhookStore: each webhook's retry, by the webhook's key.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"
#include "storage/storerules.h"

namespace Gatehouse {

using Futures::settle;

QFuture<std::optional<WebhookRetry>> MemoryAdapter::webhookRetry(const QString &webhook)
{
    return settle([&]() -> std::optional<WebhookRetry> {
        StoreRules::checkWebhookKey(webhook, QStringLiteral("webhookRetry"));
        QReadLocker locker(&d->lock);
        const auto it = d->webhookRetries.constFind(webhook);
        if (it == d->webhookRetries.constEnd())
            return std::nullopt;
        return *it;
    });
}

QFuture<void> MemoryAdapter::saveWebhookRetry(const WebhookRetry &retry)
{
    return settle([&] {
        const WebhookRetry stored = StoreRules::storableWebhookRetry(retry, QStringLiteral("saveWebhookRetry"));
        QWriteLocker locker(&d->lock);
        d->webhookRetries.insert(stored.webhook, stored);
    });
}

QFuture<bool> MemoryAdapter::clearWebhookRetry(const QString &webhook)
{
    return settle([&] {
        StoreRules::checkWebhookKey(webhook, QStringLiteral("clearWebhookRetry"));
        QWriteLocker locker(&d->lock);
        return d->webhookRetries.remove(webhook);
    });
}

} // namespace Gatehouse
