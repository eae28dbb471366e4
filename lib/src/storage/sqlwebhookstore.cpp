// SqlAdapter's WebhookStore (gatehouse_webhook_retries, schema step 22): each webhook's retry,
// one row per webhook at most.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/storerules.h"

namespace Gatehouse {

QFuture<std::optional<WebhookRetry>> SqlAdapter::webhookRetry(const QString &webhook)
{
    const QString method = QStringLiteral("webhookRetry");
    return d->run(method, [webhook, method](SqlConnection &c) -> std::optional<WebhookRetry> {
        StoreRules::checkWebhookKey(webhook, method);
        SqlQuery q(c,
                   QStringLiteral("SELECT \"eventId\", attempts, \"firstAttemptAt\", \"nextAttemptAt\", \"lastError\" "
                                  "FROM gatehouse_webhook_retries WHERE webhook = ?"),
                   method);
        if (!q.bind(webhook).execFirst())
            return std::nullopt;
        WebhookRetry retry;
        retry.webhook = webhook;
        retry.eventId = q.integer(0);
        retry.attempts = int(q.integer(1));
        retry.firstAttemptAt = q.time(2);
        retry.nextAttemptAt = q.time(3);
        retry.lastError = q.optionalText(4).value_or(QString());
        return retry;
    });
}

QFuture<void> SqlAdapter::saveWebhookRetry(const WebhookRetry &retry)
{
    const QString method = QStringLiteral("saveWebhookRetry");
    return d->run(method, [retry, method](SqlConnection &c) {
        const WebhookRetry stored = StoreRules::storableWebhookRetry(retry, method);
        const QString insert = QStringLiteral(
            "INSERT INTO gatehouse_webhook_retries (webhook, \"eventId\", attempts, \"firstAttemptAt\", \"nextAttemptAt\", "
            "\"lastError\") VALUES (?, ?, ?, ?, ?, ?)");
        const QString sql = c.backend() == SqlBackend::MySQL
            ? insert + QStringLiteral(" ON DUPLICATE KEY UPDATE \"eventId\" = VALUES(\"eventId\"), attempts = VALUES(attempts), "
                                      "\"firstAttemptAt\" = VALUES(\"firstAttemptAt\"), \"nextAttemptAt\" = VALUES(\"nextAttemptAt\"), "
                                      "\"lastError\" = VALUES(\"lastError\")")
            : insert + QStringLiteral(" ON CONFLICT (webhook) DO UPDATE SET \"eventId\" = excluded.\"eventId\", "
                                      "attempts = excluded.attempts, \"firstAttemptAt\" = excluded.\"firstAttemptAt\", "
                                      "\"nextAttemptAt\" = excluded.\"nextAttemptAt\", \"lastError\" = excluded.\"lastError\"");
        SqlQuery q(c, sql, method);
        q.bind(stored.webhook)
            .bind(stored.eventId)
            .bind(qint64(stored.attempts))
            .bind(stored.firstAttemptAt)
            .bind(stored.nextAttemptAt)
            .bind(stored.lastError)
            .exec();
    });
}

QFuture<bool> SqlAdapter::clearWebhookRetry(const QString &webhook)
{
    const QString method = QStringLiteral("clearWebhookRetry");
    return d->run(method, [webhook, method](SqlConnection &c) {
        StoreRules::checkWebhookKey(webhook, method);
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_webhook_retries WHERE webhook = ?"), method);
        return q.bind(webhook).exec().rowsAffected() > 0;
    });
}

} // namespace Gatehouse
