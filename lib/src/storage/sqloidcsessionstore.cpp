// SqlAdapter's OidcSessionStore: which clients got an ID token for which session
// (gatehouse_oidc_sessions, step 21) and the Logout Tokens still to deliver
// (gatehouse_oidc_logouts, step 24). Ending a session is, in one transaction, a read, a delete
// per row whose affected-row count decides who took it, and the delivery's insert: of two
// servers ending the same session at once, each client is queued once, and a crash between the
// delete and the insert loses nothing. A claim is an update per due row whose affected-row count
// decides who holds it.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

QFuture<void> SqlAdapter::addOidcSessionClient(const OidcSessionClient &client)
{
    const QString method = QStringLiteral("addOidcSessionClient");
    return d->run(method, [client, method](SqlConnection &c) {
        SqlQuery expired(c, QStringLiteral("DELETE FROM gatehouse_oidc_sessions WHERE \"expiresAt\" < ?"), method);
        expired.bind(QDateTime::currentDateTimeUtc()).exec();
        const QString upsert = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT INTO gatehouse_oidc_sessions (sid, \"clientId\", \"userId\", \"expiresAt\", issuer) "
                             "VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE \"userId\" = VALUES(\"userId\"), "
                             "\"expiresAt\" = VALUES(\"expiresAt\"), issuer = VALUES(issuer)")
            : QStringLiteral("INSERT INTO gatehouse_oidc_sessions (sid, \"clientId\", \"userId\", \"expiresAt\", issuer) "
                             "VALUES (?, ?, ?, ?, ?) ON CONFLICT (sid, \"clientId\") DO UPDATE SET "
                             "\"userId\" = excluded.\"userId\", \"expiresAt\" = excluded.\"expiresAt\", "
                             "issuer = excluded.issuer");
        SqlQuery q(c, upsert, method);
        q.bind(client.sid).bind(client.clientId).bind(client.userId).bind(client.expiresAt).bind(client.issuer).exec();
    });
}

namespace {

const QString kDeliveryColumns = QStringLiteral("sid, \"clientId\", \"userId\", issuer, attempts, \"queuedAt\", "
                                                "\"nextAttemptAt\", \"lastError\", lease");

/*!
 * The rows where \a condition holds (bound to \a values), each deleted and, when this call
 * deleted it and it had not expired, queued for delivery; all in one transaction. The read's
 * statement ends before the writes (SQLite: a write on a connection while its SELECT is open
 * fails instead of waiting).
 */
int queueWhere(SqlConnection &c, const QString &condition, const QStringList &values, const QString &method)
{
    SqlTransaction transaction(c, method);
    QList<OidcSessionClient> found;
    {
        SqlQuery q(c, QStringLiteral("SELECT sid, \"clientId\", \"userId\", \"expiresAt\", issuer FROM gatehouse_oidc_sessions "
                                     "WHERE %1").arg(condition),
                   method);
        for (const QString &value : values)
            q.bind(value);
        q.exec();
        while (q.next())
            found.append({q.text(0), q.text(1), q.text(2), q.time(3), q.optionalText(4).value_or(QString())});
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // A delivery of the same session and client still waiting (the client got a new ID token for
    // the session and it ended again) is the same message: kept, not doubled.
    const QString insert = c.backend() == SqlBackend::MySQL
        ? QStringLiteral("INSERT IGNORE INTO gatehouse_oidc_logouts (%1) VALUES (?, ?, ?, ?, 0, ?, ?, '', '')").arg(kDeliveryColumns)
        : QStringLiteral("INSERT INTO gatehouse_oidc_logouts (%1) VALUES (?, ?, ?, ?, 0, ?, ?, '', '') "
                         "ON CONFLICT (sid, \"clientId\") DO NOTHING").arg(kDeliveryColumns);
    int queued = 0;
    for (const OidcSessionClient &row : std::as_const(found)) {
        SqlQuery remove(c, QStringLiteral("DELETE FROM gatehouse_oidc_sessions WHERE sid = ? AND \"clientId\" = ?"), method);
        if (remove.bind(row.sid).bind(row.clientId).exec().rowsAffected() != 1 || row.expiresAt < now)
            continue;
        SqlQuery add(c, insert, method);
        queued += add.bind(row.sid).bind(row.clientId).bind(row.userId).bind(row.issuer).bind(now).bind(now).exec().rowsAffected() == 1 ? 1 : 0;
    }
    transaction.commit();
    return queued;
}

OidcLogoutDelivery deliveryAt(const SqlQuery &q)
{
    OidcLogoutDelivery delivery;
    delivery.sid = q.text(0);
    delivery.clientId = q.text(1);
    delivery.userId = q.text(2);
    delivery.issuer = q.optionalText(3).value_or(QString());
    delivery.attempts = int(q.integer(4));
    delivery.queuedAt = q.time(5);
    delivery.nextAttemptAt = q.time(6);
    delivery.lastError = q.optionalText(7).value_or(QString());
    delivery.lease = q.optionalText(8).value_or(QString());
    return delivery;
}

} // namespace

QFuture<int> SqlAdapter::queueOidcLogouts(const QString &sid)
{
    const QString method = QStringLiteral("queueOidcLogouts");
    return d->run(method, [sid, method](SqlConnection &c) { return queueWhere(c, QStringLiteral("sid = ?"), {sid}, method); });
}

QFuture<int> SqlAdapter::queueOidcLogoutsOfUser(const QString &userId, const QString &keepSid)
{
    const QString method = QStringLiteral("queueOidcLogoutsOfUser");
    return d->run(method, [userId, keepSid, method](SqlConnection &c) {
        if (keepSid.isEmpty())
            return queueWhere(c, QStringLiteral("\"userId\" = ?"), {userId}, method);
        return queueWhere(c, QStringLiteral("\"userId\" = ? AND sid <> ?"), {userId, keepSid}, method);
    });
}

QFuture<QList<OidcLogoutDelivery>> SqlAdapter::claimOidcLogouts(const QString &lease, const QDateTime &now,
                                                                const QDateTime &leaseUntil, int limit)
{
    const QString method = QStringLiteral("claimOidcLogouts");
    return d->run(method, [lease, now, leaseUntil, limit, method](SqlConnection &c) {
        QList<OidcLogoutDelivery> due;
        {
            SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_oidc_logouts WHERE \"nextAttemptAt\" <= ? "
                                         "ORDER BY \"nextAttemptAt\" LIMIT ?").arg(kDeliveryColumns),
                       method);
            q.bind(now).bind(qint64(limit)).exec();
            while (q.next())
                due.append(deliveryAt(q));
        }
        // Still due when updated: of two claimers, the second finds it leased (0 rows).
        QList<OidcLogoutDelivery> claimed;
        for (OidcLogoutDelivery delivery : std::as_const(due)) {
            SqlQuery claim(c, QStringLiteral("UPDATE gatehouse_oidc_logouts SET lease = ?, \"nextAttemptAt\" = ? "
                                             "WHERE sid = ? AND \"clientId\" = ? AND \"nextAttemptAt\" <= ?"),
                           method);
            if (claim.bind(lease).bind(leaseUntil).bind(delivery.sid).bind(delivery.clientId).bind(now).exec().rowsAffected() != 1)
                continue;
            delivery.lease = lease;
            delivery.nextAttemptAt = leaseUntil.toUTC();
            claimed.append(delivery);
        }
        return claimed;
    });
}

QFuture<bool> SqlAdapter::finishOidcLogout(const OidcLogoutDelivery &delivery)
{
    const QString method = QStringLiteral("finishOidcLogout");
    return d->run(method, [delivery, method](SqlConnection &c) {
        if (delivery.lease.isEmpty())
            return false;
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_oidc_logouts WHERE sid = ? AND \"clientId\" = ? AND lease = ?"), method);
        return q.bind(delivery.sid).bind(delivery.clientId).bind(delivery.lease).exec().rowsAffected() == 1;
    });
}

QFuture<bool> SqlAdapter::retryOidcLogout(const OidcLogoutDelivery &delivery)
{
    const QString method = QStringLiteral("retryOidcLogout");
    return d->run(method, [delivery, method](SqlConnection &c) {
        if (delivery.lease.isEmpty())
            return false;
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_oidc_logouts SET attempts = ?, \"nextAttemptAt\" = ?, \"lastError\" = ? "
                                     "WHERE sid = ? AND \"clientId\" = ? AND lease = ?"),
                   method);
        return q.bind(qint64(delivery.attempts))
                   .bind(delivery.nextAttemptAt)
                   .bind(delivery.lastError.left(500))
                   .bind(delivery.sid)
                   .bind(delivery.clientId)
                   .bind(delivery.lease)
                   .exec()
                   .rowsAffected()
            == 1;
    });
}

QFuture<qint64> SqlAdapter::countOidcLogouts()
{
    const QString method = QStringLiteral("countOidcLogouts");
    return d->run(method, [method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM gatehouse_oidc_logouts"), method);
        return q.execFirst() ? q.integer(0) : qint64(0);
    });
}

} // namespace Gatehouse
