// SqlAdapter's store interfaces (gatehousestore.h): audit log, passwords, disabled users, rate
// limits, admin listings.
#include <gatehouse/sqladapter.h>

#include "storage/ratelimitwindow.h"
#include "storage/sqladapter_p.h"

#include <QJsonDocument>

#include <algorithm>

namespace Gatehouse {

using Reason = AdapterError::Reason;
using SqlRows::nullIfEmpty;
using SqlRows::rowId;

namespace {

const QString auditColumns = QStringLiteral("id, \"time\", \"type\", \"userId\", provider, \"clientAddress\", detail");

AuditEvent readAudit(const SqlQuery &q)
{
    AuditEvent event;
    event.id = q.integer(0);
    event.time = q.time(1);
    event.type = q.text(2);
    event.userId = q.text(3);
    event.provider = q.text(4);
    event.clientAddress = q.text(5);
    if (const auto detail = q.optionalText(6))
        event.detail = QJsonDocument::fromJson(detail->toUtf8()).object();
    return event;
}

} // namespace

QFuture<qint64> SqlAdapter::appendAudit(const AuditEvent &event)
{
    const QString method = QStringLiteral("appendAudit");
    return d->run(method, [event, method](SqlConnection &c) {
        SqlQuery q(c,
                   QStringLiteral("INSERT INTO gatehouse_audit (\"time\", \"type\", \"userId\", provider, \"clientAddress\", "
                                  "detail) VALUES (?, ?, ?, ?, ?, ?)")
                       + (c.hasReturning() ? QStringLiteral(" RETURNING id") : QString()),
                   method);
        q.bind(event.time.isValid() ? event.time : QDateTime::currentDateTimeUtc()).bind(event.type);
        q.bind(nullIfEmpty(event.userId)).bind(nullIfEmpty(event.provider)).bind(nullIfEmpty(event.clientAddress));
        q.bind(event.detail.isEmpty() ? std::nullopt
                                      : std::optional(QString::fromUtf8(QJsonDocument(event.detail).toJson(QJsonDocument::Compact))));
        q.exec();
        return q.next() ? q.integer(0) : q.lastInsertId();
    });
}

QFuture<QList<AuditEvent>> SqlAdapter::auditEvents(const AuditFilter &filter, int limit, int offset)
{
    const QString method = QStringLiteral("auditEvents");
    return d->run(method, [filter, limit, offset, method](SqlConnection &c) {
        QStringList conditions;
        if (!filter.type.isEmpty())
            conditions << QStringLiteral("\"type\" = ?");
        if (!filter.userId.isEmpty())
            conditions << QStringLiteral("\"userId\" = ?");
        if (!filter.provider.isEmpty())
            conditions << QStringLiteral("provider = ?");
        if (filter.from.isValid())
            conditions << QStringLiteral("\"time\" >= ?");
        if (filter.to.isValid())
            conditions << QStringLiteral("\"time\" < ?");
        const QString where = conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
        // By when the events happened, not by insertion: storage threads may store two events
        // recorded a moment apart in either order.
        SqlQuery q(c,
                   QStringLiteral("SELECT %1 FROM gatehouse_audit%2 ORDER BY \"time\" DESC, id DESC LIMIT ? OFFSET ?")
                       .arg(auditColumns, where),
                   method);
        if (!filter.type.isEmpty())
            q.bind(filter.type);
        if (!filter.userId.isEmpty())
            q.bind(filter.userId);
        if (!filter.provider.isEmpty())
            q.bind(filter.provider);
        if (filter.from.isValid())
            q.bind(filter.from);
        if (filter.to.isValid())
            q.bind(filter.to);
        q.bind(qint64(qMax(0, limit))).bind(qint64(qMax(0, offset))).exec();
        QList<AuditEvent> events;
        while (q.next())
            events.append(readAudit(q));
        return events;
    });
}

QFuture<QList<AuditEvent>> SqlAdapter::auditEventsAfter(qint64 afterId, int limit)
{
    const QString method = QStringLiteral("auditEventsAfter");
    return d->run(method, [afterId, limit, method](SqlConnection &c) {
        SqlQuery q(c,
                   QStringLiteral("SELECT %1 FROM gatehouse_audit WHERE id > ? ORDER BY id LIMIT ?").arg(auditColumns),
                   method);
        q.bind(afterId).bind(qint64(limit)).exec();
        QList<AuditEvent> events;
        while (q.next())
            events.append(readAudit(q));
        return events;
    });
}

QFuture<void> SqlAdapter::setPassword(const QString &userId, const QString &hash)
{
    const QString method = QStringLiteral("setPassword");
    return d->run(method, [userId, hash, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        const auto noUser = [&] {
            return AdapterError(Reason::NotFound, QStringLiteral("%1: there is no user with id \"%2\"").arg(method, userId));
        };
        if (!id)
            throw noUser();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        SqlTransaction transaction(c, method);
        {
            SqlQuery user(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
            if (!user.bind(*id).execFirst())
                throw noUser();
        }
        bool exists = false;
        {
            SqlQuery q(c, QStringLiteral("SELECT 1 FROM gatehouse_passwords WHERE \"userId\" = ?"), method);
            exists = q.bind(*id).execFirst();
        }
        if (exists) {
            SqlQuery q(c, QStringLiteral("UPDATE gatehouse_passwords SET hash = ?, \"updatedAt\" = ? WHERE \"userId\" = ?"),
                       method);
            q.bind(hash).bind(now).bind(*id).exec();
        } else {
            SqlQuery q(c,
                       QStringLiteral("INSERT INTO gatehouse_passwords (\"userId\", hash, disabled, \"createdAt\", "
                                      "\"updatedAt\") VALUES (?, ?, ?, ?, ?)"),
                       method);
            q.bind(*id).bind(hash).bind(false).bind(now).bind(now).exec();
        }
        transaction.commit();
    });
}

QFuture<void> SqlAdapter::setPasswordDisabled(const QString &userId, bool disabled)
{
    const QString method = QStringLiteral("setPasswordDisabled");
    return d->run(method, [userId, disabled, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        int changed = 0;
        if (id) {
            SqlQuery q(c,
                       QStringLiteral("UPDATE gatehouse_passwords SET disabled = ?, \"updatedAt\" = ? WHERE \"userId\" = ?"),
                       method);
            changed = q.bind(disabled).bind(QDateTime::currentDateTimeUtc()).bind(*id).exec().rowsAffected();
        }
        if (changed == 0)
            throw AdapterError(Reason::NotFound, QStringLiteral("%1: user \"%2\" has no password").arg(method, userId));
    });
}

QFuture<std::optional<PasswordCredential>> SqlAdapter::passwordHash(const QString &email)
{
    const QString method = QStringLiteral("passwordHash");
    return d->run(method, [email, method](SqlConnection &c) -> std::optional<PasswordCredential> {
        if (email.isEmpty())
            return std::nullopt;
        SqlQuery q(c,
                   QStringLiteral("SELECT p.\"userId\", p.hash, p.disabled FROM gatehouse_passwords p "
                                  "JOIN users u ON u.id = p.\"userId\" WHERE u.email = ?"),
                   method);
        if (!q.bind(email).execFirst())
            return std::nullopt;
        return PasswordCredential{q.text(0), q.text(1), q.value(2).toBool()};
    });
}

QFuture<void> SqlAdapter::setUserDisabled(const QString &userId, bool disabled)
{
    const QString method = QStringLiteral("setUserDisabled");
    return d->run(method, [userId, disabled, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        const auto noUser = [&] {
            return AdapterError(Reason::NotFound, QStringLiteral("%1: there is no user with id \"%2\"").arg(method, userId));
        };
        if (!id)
            throw noUser();
        SqlTransaction transaction(c, method);
        {
            SqlQuery user(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
            if (!user.bind(*id).execFirst())
                throw noUser();
        }
        const QDateTime now = QDateTime::currentDateTimeUtc();
        {
            // The row exists afterwards, also when a concurrent call created it first.
            const QString insert = c.backend() == SqlBackend::MySQL
                ? QStringLiteral("INSERT IGNORE INTO gatehouse_user_state (\"userId\", disabled, \"updatedAt\") "
                                 "VALUES (?, ?, ?)")
                : QStringLiteral("INSERT INTO gatehouse_user_state (\"userId\", disabled, \"updatedAt\") VALUES (?, ?, ?) "
                                 "ON CONFLICT (\"userId\") DO NOTHING");
            SqlQuery q(c, insert, method);
            q.bind(*id).bind(disabled).bind(now).exec();
        }
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_user_state SET disabled = ?, \"updatedAt\" = ? WHERE \"userId\" = ?"),
                   method);
        q.bind(disabled).bind(now).bind(*id).exec();
        transaction.commit();
    });
}

QFuture<bool> SqlAdapter::isUserDisabled(const QString &userId)
{
    const QString method = QStringLiteral("isUserDisabled");
    return d->run(method, [userId, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlQuery q(c, QStringLiteral("SELECT disabled FROM gatehouse_user_state WHERE \"userId\" = ?"), method);
        return q.bind(*id).execFirst() && q.value(0).toBool();
    });
}

QFuture<std::optional<SessionAndUserState>> SqlAdapter::getSessionAndUserState(const QString &sessionToken)
{
    return d->lookupSession(sessionToken);
}

SessionLookups::Found SqlRows::sessionsAndUserStates(SqlConnection &c, const QStringList &tokens, const QString &method)
{
    SessionLookups::Found found;
    if (tokens.isEmpty())
        return found;
    if (c.backend() == SqlBackend::SQLite)
        return sqliteSessionsAndUserStates(c, tokens, method);
    // A few statement shapes, each prepared once per connection.
    qsizetype placeholders = 1;
    while (placeholders < tokens.size())
        placeholders *= 2;
    QString list = QStringLiteral("?");
    for (qsizetype i = 1; i < placeholders; ++i)
        list += QStringLiteral(", ?");
    SqlQuery q(c,
               QStringLiteral("SELECT s.\"sessionToken\", s.\"userId\", %1, "
                              "u.id, u.name, u.email, %2, u.image, st.disabled "
                              "FROM sessions s JOIN users u ON u.id = s.\"userId\" "
                              "LEFT JOIN gatehouse_user_state st ON st.\"userId\" = u.id "
                              "WHERE s.\"sessionToken\" IN (%3)")
                   .arg(c.timeColumn(QStringLiteral("s.expires")), c.timeColumn(QStringLiteral("u.\"emailVerified\"")), list),
               method);
    for (qsizetype i = 0; i < placeholders; ++i)
        q.bind(tokens.at(std::min(i, tokens.size() - 1)));
    q.exec();
    found.reserve(tokens.size());
    while (q.next()) {
        // Keyed by the stored token: a lookup matches only its own token exactly, also where
        // the database compares text without regard to case (MariaDB).
        SessionAndUserState row{SqlRows::session(q), SqlRows::user(q, 3), q.value(8).toBool()};
        const QString token = row.session.sessionToken;
        found.insert(token, std::move(row));
    }
    return found;
}

QFuture<bool> SqlAdapter::hitRateLimit(const QString &key, std::chrono::milliseconds window, int limit)
{
    const QString method = QStringLiteral("hitRateLimit");
    return d->run(method, [key, window, limit, method](SqlConnection &c) {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("%1: the window must be positive").arg(method));
        {
            // The row exists before the transaction, so the transaction locks one row only
            // (creating it inside made concurrent InnoDB transactions deadlock).
            const QString insert = c.backend() == SqlBackend::MySQL
                ? QStringLiteral("INSERT IGNORE INTO gatehouse_rate_limit (\"key\", \"windowStart\", \"count\", "
                                 "\"previousCount\") VALUES (?, 0, 0, 0)")
                : QStringLiteral("INSERT INTO gatehouse_rate_limit (\"key\", \"windowStart\", \"count\", \"previousCount\") "
                                 "VALUES (?, 0, 0, 0) ON CONFLICT (\"key\") DO NOTHING");
            SqlQuery q(c, insert, method);
            q.bind(key).exec();
        }
        SqlTransaction transaction(c, method);
        RateLimitWindow row;
        {
            // SQLite's transaction holds the write lock already; elsewhere lock the row.
            const QString lock = c.backend() == SqlBackend::SQLite ? QString() : QStringLiteral(" FOR UPDATE");
            SqlQuery q(c,
                       QStringLiteral("SELECT \"windowStart\", \"count\", \"previousCount\" FROM gatehouse_rate_limit "
                                      "WHERE \"key\" = ?")
                           + lock,
                       method);
            if (q.bind(key).execFirst())
                row = {q.integer(0), q.integer(1), q.integer(2)};
        }
        const bool allowed = row.hit(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
        SqlQuery q(c,
                   QStringLiteral("UPDATE gatehouse_rate_limit SET \"windowStart\" = ?, \"count\" = ?, "
                                  "\"previousCount\" = ? WHERE \"key\" = ?"),
                   method);
        q.bind(row.windowStart).bind(row.count).bind(row.previousCount).bind(key).exec();
        transaction.commit();
        return allowed;
    });
}

QFuture<bool> SqlAdapter::rateLimitAllows(const QString &key, std::chrono::milliseconds window, int limit)
{
    const QString method = QStringLiteral("rateLimitAllows");
    return d->run(method, [key, window, limit, method](SqlConnection &c) {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("%1: the window must be positive").arg(method));
        SqlQuery q(c,
                   QStringLiteral("SELECT \"windowStart\", \"count\", \"previousCount\" FROM gatehouse_rate_limit "
                                  "WHERE \"key\" = ?"),
                   method);
        RateLimitWindow row;
        if (q.bind(key).execFirst())
            row = {q.integer(0), q.integer(1), q.integer(2)};
        return row.allows(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
    });
}

QFuture<void> SqlAdapter::resetRateLimit(const QString &key)
{
    const QString method = QStringLiteral("resetRateLimit");
    return d->run(method, [key, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_rate_limit WHERE \"key\" = ?"), method);
        q.bind(key).exec();
    });
}

QFuture<void> SqlAdapter::refundRateLimit(const QString &key, std::chrono::milliseconds window)
{
    const QString method = QStringLiteral("refundRateLimit");
    return d->run(method, [key, window, method](SqlConnection &c) {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("%1: the window must be positive").arg(method));
        // Locked as hitRateLimit() locks it, so that a refund and a hit never lose each other's count.
        SqlTransaction transaction(c, method);
        std::optional<RateLimitWindow> found;
        {
            const QString lock = c.backend() == SqlBackend::SQLite ? QString() : QStringLiteral(" FOR UPDATE");
            SqlQuery q(c,
                       QStringLiteral("SELECT \"windowStart\", \"count\", \"previousCount\" FROM gatehouse_rate_limit "
                                      "WHERE \"key\" = ?")
                           + lock,
                       method);
            if (q.bind(key).execFirst())
                found = RateLimitWindow{q.integer(0), q.integer(1), q.integer(2)};
        }
        if (!found)
            return;  // nothing counted: nothing to take back
        RateLimitWindow row = *found;
        row.refund(QDateTime::currentMSecsSinceEpoch(), window.count());
        SqlQuery q(c,
                   QStringLiteral("UPDATE gatehouse_rate_limit SET \"windowStart\" = ?, \"count\" = ?, "
                                  "\"previousCount\" = ? WHERE \"key\" = ?"),
                   method);
        q.bind(row.windowStart).bind(row.count).bind(row.previousCount).bind(key).exec();
        transaction.commit();
    });
}

QFuture<QList<RateLimitCount>> SqlAdapter::rateLimitCounts(const QStringList &keyPrefixes)
{
    const QString method = QStringLiteral("rateLimitCounts");
    return d->run(method, [keyPrefixes, method](SqlConnection &c) {
        // A prefix compared as text, not with LIKE: an address may hold '_' or '%'. The
        // length counts characters (code points), as substr() does in every backend.
        QList<RateLimitCount> found;
        for (const QString &prefix : keyPrefixes) {
            SqlQuery q(c,
                       QStringLiteral("SELECT \"key\", \"windowStart\", \"count\", \"previousCount\" FROM gatehouse_rate_limit "
                                      "WHERE substr(\"key\", 1, ?) = ?"),
                       method);
            q.bind(qint64(prefix.toUcs4().size())).bind(prefix).exec();
            while (q.next()) {
                RateLimitCount row{q.value(0).toString(), q.integer(1), q.integer(2), q.integer(3)};
                // MariaDB may compare without regard to case: the prefix must match exactly.
                if (row.key.startsWith(prefix, Qt::CaseSensitive))
                    found.append(std::move(row));
            }
        }
        std::sort(found.begin(), found.end(), [](const RateLimitCount &a, const RateLimitCount &b) { return a.key < b.key; });
        found.erase(std::unique(found.begin(), found.end(), [](const RateLimitCount &a, const RateLimitCount &b) {
            return a.key == b.key;
        }), found.end());
        return found;
    });
}

QFuture<qint64> SqlAdapter::resetRateLimits(const QStringList &keys)
{
    const QString method = QStringLiteral("resetRateLimits");
    return d->run(method, [keys, method](SqlConnection &c) {
        SqlTransaction transaction(c, method);
        qint64 removed = 0;
        for (const QString &key : keys) {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_rate_limit WHERE \"key\" = ?"), method);
            removed += q.bind(key).exec().rowsAffected();
        }
        transaction.commit();
        return removed;
    });
}

QFuture<qint64> SqlAdapter::deleteUserSessions(const QString &userId)
{
    const QString method = QStringLiteral("deleteUserSessions");
    return d->run(method, [userId, method](SqlConnection &c) -> qint64 {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return 0;
        SqlQuery q(c, QStringLiteral("DELETE FROM sessions WHERE \"userId\" = ?"), method);
        return q.bind(*id).exec().rowsAffected();
    });
}

namespace {

//! The WHERE clause of a SessionFilter over "sessions s JOIN users u"; binds in the same order.
struct SessionConditions
{
    SessionConditions(const SessionFilter &filter)
        : filter(filter)
        , userId(SqlRows::rowId(filter.userId))
    {
    }

    //! False when the filter names a user id that cannot exist.
    bool possible() const { return filter.userId.isEmpty() || userId.has_value(); }

    QString where() const
    {
        QStringList conditions;
        if (filter.activeOnly)
            conditions << QStringLiteral("s.expires > ?");
        if (userId)
            conditions << QStringLiteral("s.\"userId\" = ?");
        if (!filter.userSearch.isEmpty())
            conditions << QStringLiteral("(LOWER(u.name) LIKE ? ESCAPE '!' OR LOWER(u.email) LIKE ? ESCAPE '!')");
        if (!filter.provider.isEmpty())
            conditions << QStringLiteral("EXISTS (SELECT 1 FROM accounts a WHERE a.\"userId\" = s.\"userId\" AND a.provider = ?)");
        return conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conditions.join(QStringLiteral(" AND "));
    }

    void bind(SqlQuery &q) const
    {
        if (filter.activeOnly)
            q.bind(QDateTime::currentDateTimeUtc());
        if (userId)
            q.bind(*userId);
        if (!filter.userSearch.isEmpty()) {
            const QString pattern = SqlRows::containsPattern(filter.userSearch);
            q.bind(pattern).bind(pattern);
        }
        if (!filter.provider.isEmpty())
            q.bind(filter.provider);
    }

    SessionFilter filter;
    std::optional<qint64> userId;
};

//! The UTC day of a stored audit time, as "YYYY-MM-DD" text.
QString auditDay(SqlBackend backend)
{
    switch (backend) {
    case SqlBackend::SQLite:
        return QStringLiteral("SUBSTR(\"time\", 1, 10)");
    case SqlBackend::PostgreSQL:
        return QStringLiteral("TO_CHAR(\"time\" AT TIME ZONE 'UTC', 'YYYY-MM-DD')");
    case SqlBackend::MySQL:
        return QStringLiteral("DATE_FORMAT(\"time\", '%Y-%m-%d')");
    }
    return {};
}

} // namespace

QFuture<QList<SessionListEntry>> SqlAdapter::listSessionEntries(const SessionFilter &filter, qint64 offset, int limit)
{
    const QString method = QStringLiteral("listSessionEntries");
    return d->run(method, [filter, offset, limit, method](SqlConnection &c) {
        QList<SessionListEntry> sessions;
        const SessionConditions conditions(filter);
        if (!conditions.possible())
            return sessions;
        SqlQuery q(c,
                   QStringLiteral("SELECT s.\"sessionToken\", s.\"userId\", s.expires, u.email, u.name FROM sessions s "
                                  "JOIN users u ON u.id = s.\"userId\"%1 ORDER BY s.expires DESC, s.\"sessionToken\" "
                                  "LIMIT ? OFFSET ?")
                       .arg(conditions.where()),
                   method);
        conditions.bind(q);
        q.bind(qint64(qMax(0, limit))).bind(qMax<qint64>(0, offset)).exec();
        while (q.next())
            sessions.append({SqlRows::session(q), q.text(3), q.optionalText(4)});
        return sessions;
    });
}

QFuture<qint64> SqlAdapter::countSessionEntries(const SessionFilter &filter)
{
    const QString method = QStringLiteral("countSessionEntries");
    return d->run(method, [filter, method](SqlConnection &c) -> qint64 {
        const SessionConditions conditions(filter);
        if (!conditions.possible())
            return 0;
        // The join is needed only for the user search.
        const QString from = filter.userSearch.isEmpty() ? QStringLiteral("sessions s")
                                                         : QStringLiteral("sessions s JOIN users u ON u.id = s.\"userId\"");
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM %1%2").arg(from, conditions.where()), method);
        conditions.bind(q);
        return q.execFirst() ? q.integer(0) : 0;
    });
}

QFuture<qint64> SqlAdapter::countExpiredSessions()
{
    const QString method = QStringLiteral("countExpiredSessions");
    return d->run(method, [method](SqlConnection &c) -> qint64 {
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM sessions WHERE expires < ?"), method);
        return q.bind(QDateTime::currentDateTimeUtc()).execFirst() ? q.integer(0) : 0;
    });
}

QFuture<qint64> SqlAdapter::deleteExpiredSessionsBatch(int limit)
{
    const QString method = QStringLiteral("deleteExpiredSessionsBatch");
    return d->run(method, [limit, method](SqlConnection &c) -> qint64 {
        if (limit <= 0)
            return 0;
        // MariaDB has DELETE ... LIMIT but no LIMIT in an IN subquery; SQLite and PostgreSQL
        // the other way round.
        const QString sql = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("DELETE FROM sessions WHERE expires < ? ORDER BY expires LIMIT ?")
            : QStringLiteral("DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires < ? "
                             "ORDER BY expires LIMIT ?)");
        SqlQuery q(c, sql, method);
        return q.bind(QDateTime::currentDateTimeUtc()).bind(qint64(limit)).exec().rowsAffected();
    });
}

QFuture<QList<AuditDayCount>> SqlAdapter::auditDailyCounts(const QStringList &types, const QDateTime &from,
                                                           const QDateTime &to)
{
    const QString method = QStringLiteral("auditDailyCounts");
    return d->run(method, [types, from, to, method](SqlConnection &c) {
        QList<AuditDayCount> counts;
        if (types.isEmpty())
            return counts;
        QStringList marks;
        for (qsizetype i = 0; i < types.size(); ++i)
            marks << QStringLiteral("?");
        const QString day = auditDay(c.backend());
        QStringList conditions{QStringLiteral("\"type\" IN (%1)").arg(marks.join(u','))};
        if (from.isValid())
            conditions << QStringLiteral("\"time\" >= ?");
        if (to.isValid())
            conditions << QStringLiteral("\"time\" < ?");
        SqlQuery q(c,
                   QStringLiteral("SELECT %1, \"type\", COUNT(*) FROM gatehouse_audit WHERE %2 GROUP BY %1, \"type\" "
                                  "ORDER BY %1, \"type\"")
                       .arg(day, conditions.join(QStringLiteral(" AND "))),
                   method);
        for (const QString &type : types)
            q.bind(type);
        if (from.isValid())
            q.bind(from);
        if (to.isValid())
            q.bind(to);
        q.exec();
        while (q.next())
            counts.append({QDate::fromString(q.text(0), Qt::ISODate), q.text(1), q.integer(2)});
        return counts;
    });
}

QFuture<QList<AuditProviderCount>> SqlAdapter::auditTopProviders(const QString &type, const QDateTime &from,
                                                                 const QDateTime &to, int limit)
{
    const QString method = QStringLiteral("auditTopProviders");
    return d->run(method, [type, from, to, limit, method](SqlConnection &c) {
        QStringList conditions{QStringLiteral("\"type\" = ?"), QStringLiteral("provider IS NOT NULL")};
        if (from.isValid())
            conditions << QStringLiteral("\"time\" >= ?");
        if (to.isValid())
            conditions << QStringLiteral("\"time\" < ?");
        SqlQuery q(c,
                   QStringLiteral("SELECT provider, COUNT(*) FROM gatehouse_audit WHERE %1 GROUP BY provider "
                                  "ORDER BY COUNT(*) DESC, provider LIMIT ?")
                       .arg(conditions.join(QStringLiteral(" AND "))),
                   method);
        q.bind(type);
        if (from.isValid())
            q.bind(from);
        if (to.isValid())
            q.bind(to);
        q.bind(qint64(qMax(0, limit))).exec();
        QList<AuditProviderCount> counts;
        while (q.next())
            counts.append({q.text(0), q.integer(1)});
        return counts;
    });
}

} // namespace Gatehouse
