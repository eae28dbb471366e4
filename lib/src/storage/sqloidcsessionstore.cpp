// SqlAdapter's OidcSessionStore: which clients got an ID token for which session
// (gatehouse_oidc_sessions). Taking is a read, then a delete per row whose affected-row count
// decides who took it: of two servers ending the same session at once, each client is told once.
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
            ? QStringLiteral("INSERT INTO gatehouse_oidc_sessions (sid, \"clientId\", \"userId\", \"expiresAt\") "
                             "VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE \"userId\" = VALUES(\"userId\"), "
                             "\"expiresAt\" = VALUES(\"expiresAt\")")
            : QStringLiteral("INSERT INTO gatehouse_oidc_sessions (sid, \"clientId\", \"userId\", \"expiresAt\") "
                             "VALUES (?, ?, ?, ?) ON CONFLICT (sid, \"clientId\") DO UPDATE SET "
                             "\"userId\" = excluded.\"userId\", \"expiresAt\" = excluded.\"expiresAt\"");
        SqlQuery q(c, upsert, method);
        q.bind(client.sid).bind(client.clientId).bind(client.userId).bind(client.expiresAt).exec();
    });
}

namespace {

/*!
 * The rows where \a column is \a value, then each deleted; only those this call deleted are
 * returned. The read's statement ends before the deletes (SQLite: a write on a connection
 * while its SELECT is open fails instead of waiting).
 */
QList<OidcSessionClient> takeWhere(SqlConnection &c, const QString &column, const QString &value, const QString &method)
{
    QList<OidcSessionClient> found;
    {
        SqlQuery q(c, QStringLiteral("SELECT sid, \"clientId\", \"userId\", \"expiresAt\" FROM gatehouse_oidc_sessions "
                                     "WHERE %1 = ?").arg(column),
                   method);
        q.bind(value).exec();
        while (q.next())
            found.append({q.text(0), q.text(1), q.text(2), q.time(3)});
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<OidcSessionClient> taken;
    for (const OidcSessionClient &row : std::as_const(found)) {
        SqlQuery remove(c, QStringLiteral("DELETE FROM gatehouse_oidc_sessions WHERE sid = ? AND \"clientId\" = ?"), method);
        if (remove.bind(row.sid).bind(row.clientId).exec().rowsAffected() == 1 && row.expiresAt >= now)
            taken.append(row);
    }
    return taken;
}

} // namespace

QFuture<QList<OidcSessionClient>> SqlAdapter::takeOidcSessionClients(const QString &sid)
{
    const QString method = QStringLiteral("takeOidcSessionClients");
    return d->run(method, [sid, method](SqlConnection &c) { return takeWhere(c, QStringLiteral("sid"), sid, method); });
}

QFuture<QList<OidcSessionClient>> SqlAdapter::takeOidcSessionClientsOfUser(const QString &userId)
{
    const QString method = QStringLiteral("takeOidcSessionClientsOfUser");
    return d->run(method, [userId, method](SqlConnection &c) {
        return takeWhere(c, QStringLiteral("\"userId\""), userId, method);
    });
}

} // namespace Gatehouse
