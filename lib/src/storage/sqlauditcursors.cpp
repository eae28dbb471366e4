// SqlAdapter's audit cursors (AuditFeedStore; gatehouse_audit_cursors): named positions in the
// audit log, each held by one holder at a time for a lease. The log read forward is with the log
// itself, in sqlgatehousestore.cpp.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

namespace {

//! The cursor's position and holder, or nullopt when there is no such cursor. The statement ends
//! here, before the caller writes (SQLite: a write beside an open read fails at once).
std::optional<std::pair<qint64, QString>> readCursor(SqlConnection &c, const QString &name, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT position, holder FROM gatehouse_audit_cursors WHERE name = ?"), method);
    q.bind(name);
    if (!q.execFirst())
        return std::nullopt;
    return std::pair(q.integer(0), q.text(1));
}

} // namespace

QFuture<std::optional<qint64>> SqlAdapter::claimAuditCursor(const QString &name, const QString &holder,
                                                            std::chrono::seconds lease)
{
    const QString method = QStringLiteral("claimAuditCursor");
    return d->run(method, [name, holder, lease, method](SqlConnection &c) -> std::optional<qint64> {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        {
            // Taken when it is ours or its lease ran out; one statement, so two claimants cannot both win.
            SqlQuery take(c,
                          QStringLiteral("UPDATE gatehouse_audit_cursors SET holder = ?, \"heldUntil\" = ? "
                                         "WHERE name = ? AND (holder = ? OR holder IS NULL OR \"heldUntil\" <= ?)"),
                          method);
            take.bind(holder).bind(now.addSecs(lease.count())).bind(name).bind(holder).bind(now).exec();
        }
        // Read back rather than trust the count: MariaDB counts only rows whose values changed.
        if (const auto cursor = readCursor(c, name, method))
            return cursor->second == holder ? std::optional(cursor->first) : std::nullopt;
        qint64 newest = 0;
        {
            SqlQuery q(c, QStringLiteral("SELECT MAX(id) FROM gatehouse_audit"), method);
            if (q.execFirst())
                newest = q.optionalInteger(0).value_or(0);
        }
        // A new cursor starts at the newest event; of two servers making it at once, one insert
        // fails on the key: that one does not hold it.
        SqlQuery insert(c, QStringLiteral("INSERT INTO gatehouse_audit_cursors (name, position, holder, \"heldUntil\") "
                                          "VALUES (?, ?, ?, ?)"),
                        method);
        try {
            insert.bind(name).bind(newest).bind(holder).bind(now.addSecs(lease.count()))
                .exec(QStringLiteral("another holder made the cursor at the same moment"));
        } catch (const AdapterError &e) {
            if (e.reason() == AdapterError::Reason::Conflict)
                return std::nullopt;
            throw;
        }
        return newest;
    });
}

QFuture<bool> SqlAdapter::advanceAuditCursor(const QString &name, const QString &holder, qint64 position)
{
    const QString method = QStringLiteral("advanceAuditCursor");
    return d->run(method, [name, holder, position, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_audit_cursors SET position = ? WHERE name = ? AND holder = ? "
                                     "AND position < ?"),
                   method);
        return q.bind(position).bind(name).bind(holder).bind(position).exec().rowsAffected() > 0;
    });
}

} // namespace Gatehouse
