// SqlAdapter's UserTransferStore: a whole import in one transaction on one connection, so a
// failure (or a conflict the operator chose to fail on, or a dry run) leaves nothing behind.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/storerules.h"

#include <QJsonDocument>
#include <QSet>

namespace Gatehouse {

namespace {

//! A user of the database as an import compares it.
struct ExistingUser
{
    qint64 id = 0;
    std::optional<QString> name;
    std::optional<QDateTime> emailVerified;
    bool disabled = false;
    bool hasPassword = false;
};

std::optional<ExistingUser> existingUser(SqlConnection &c, const QString &email, const QString &method)
{
    SqlQuery q(c,
               QStringLiteral("SELECT u.id, u.name, u.\"emailVerified\", s.disabled, p.\"userId\" FROM users u "
                              "LEFT JOIN gatehouse_user_state s ON s.\"userId\" = u.id "
                              "LEFT JOIN gatehouse_passwords p ON p.\"userId\" = u.id WHERE u.email = ?"),
               method);
    if (!q.bind(email).execFirst())
        return std::nullopt;
    return ExistingUser{q.integer(0), q.optionalText(1), q.optionalTime(2), q.value(3).toBool(), !q.value(4).isNull()};
}

/*!
 * Which addresses of an import can belong to a user of the database. Into a database without
 * users (the first import, the usual one) only to a user the same import created: the lookup of
 * every other address, one SELECT per user, is left out. Where the database compares addresses
 * byte for byte (SQLite, PostgreSQL; MariaDB's utf8mb4_bin ignores trailing spaces), the
 * addresses created are kept as they are; anything else is looked up as before.
 */
class KnownAddresses
{
public:
    KnownAddresses(SqlConnection &c, const QString &method)
    {
        if (c.backend() == SqlBackend::MySQL)
            return;
        SqlQuery q(c, QStringLiteral("SELECT 1 FROM users LIMIT 1"), method);
        m_onlyCreated = !q.execFirst();
    }

    //! Whether a user of the database may have \a email.
    bool mayExist(const QString &email) const { return !m_onlyCreated || m_created.contains(email); }

    void created(const QString &email)
    {
        if (m_onlyCreated)
            m_created.insert(email);
    }

private:
    bool m_onlyCreated = false;
    QSet<QString> m_created;
};

//! The time of an import, converted once for the backend (not once per bound value).
struct ImportTime
{
    QDateTime time;
    QVariant value;  //!< SqlConnection::timeValue(time)
};

qint64 insertUser(SqlConnection &c, const UserTransferRecord &record, const ImportTime &now, const QString &method)
{
    // Not RETURNING on SQLite: SQLite runs it as a trigger, so each such INSERT keeps a statement
    // journal, and in a transaction of thousands of users that journal is a temporary file
    // written on every row (most of an import's time). The rowid is at hand there anyway.
    const bool returning = c.hasReturning() && c.backend() != SqlBackend::SQLite;
    SqlQuery q(c, QStringLiteral("INSERT INTO users (name, email, \"emailVerified\") VALUES (?, ?, ?)")
                      + (returning ? QStringLiteral(" RETURNING id") : QString()),
               method);
    q.bind(SqlRows::nullIfEmpty(record.name)).bind(record.email);
    if (record.emailVerified)
        q.bind(now.value);
    else
        q.bind(QDateTime());
    q.exec(QStringLiteral("the email address %1 is already in use").arg(record.email));
    return returning && q.next() ? q.integer(0) : q.lastInsertId();
}

void insertPassword(SqlConnection &c, qint64 id, const QString &hash, const ImportTime &now, const QString &method)
{
    SqlQuery q(c,
               QStringLiteral("INSERT INTO gatehouse_passwords (\"userId\", hash, disabled, \"createdAt\", \"updatedAt\") "
                              "VALUES (?, ?, ?, ?, ?)"),
               method);
    q.bind(id).bind(hash).bind(false).bind(now.value).bind(now.value).exec();
}

void setDisabled(SqlConnection &c, qint64 id, bool disabled, const ImportTime &now, const QString &method)
{
    {
        const QString insert = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT IGNORE INTO gatehouse_user_state (\"userId\", disabled, \"updatedAt\") VALUES (?, ?, ?)")
            : QStringLiteral("INSERT INTO gatehouse_user_state (\"userId\", disabled, \"updatedAt\") VALUES (?, ?, ?) "
                             "ON CONFLICT (\"userId\") DO NOTHING");
        SqlQuery q(c, insert, method);
        q.bind(id).bind(disabled).bind(now.value).exec();
    }
    SqlQuery q(c, QStringLiteral("UPDATE gatehouse_user_state SET disabled = ?, \"updatedAt\" = ? WHERE \"userId\" = ?"), method);
    q.bind(disabled).bind(now.value).bind(id).exec();
    if (disabled) {
        // As setUserDisabled() in userstate.h: a disabled user keeps no database session.
        SqlQuery sessions(c, QStringLiteral("DELETE FROM sessions WHERE \"userId\" = ?"), method);
        sessions.bind(id).exec();
    }
}

//! Adds \a id to the groups it is not in; how many it was added to.
int addGroups(SqlConnection &c, qint64 id, const QStringList &groups, const QString &method)
{
    int added = 0;
    for (const QString &group : groups) {
        const QString sql = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT IGNORE INTO gatehouse_user_groups (\"userId\", name) VALUES (?, ?)")
            : QStringLiteral("INSERT INTO gatehouse_user_groups (\"userId\", name) VALUES (?, ?) "
                             "ON CONFLICT (\"userId\", name) DO NOTHING");
        SqlQuery q(c, sql, method);
        added += q.bind(id).bind(group).exec().rowsAffected();
    }
    return added;
}

/*!
 * The userImport audit events' details: the batch's, the outcome and the scheme. Few distinct
 * ones in a whole import (two outcomes, a handful of schemes), so each is written as JSON once.
 */
class AuditDetails
{
public:
    explicit AuditDetails(const QJsonObject &batch) : m_batch(batch) {}

    const QString &detail(const QString &outcome, const QString &scheme)
    {
        const QString key = outcome + QLatin1Char('\n') + scheme;
        auto it = m_written.find(key);
        if (it == m_written.end()) {
            QJsonObject detail = m_batch;
            if (!scheme.isEmpty())
                detail.insert(QStringLiteral("scheme"), scheme);
            detail.insert(QStringLiteral("outcome"), outcome);
            it = m_written.insert(key, QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)));
        }
        return *it;
    }

private:
    QJsonObject m_batch;
    QHash<QString, QString> m_written;
};

void audit(SqlConnection &c, qint64 id, const QString &detail, const ImportTime &now, const QString &method)
{
    SqlQuery q(c,
               QStringLiteral("INSERT INTO gatehouse_audit (\"time\", \"type\", \"userId\", provider, \"clientAddress\", detail) "
                              "VALUES (?, ?, ?, ?, ?, ?)"),
               method);
    q.bind(now.value).bind(QStringLiteral("userImport")).bind(QString::number(id)).bind(std::optional<QString>())
        .bind(std::optional<QString>())
        .bind(detail)
        .exec();
}

} // namespace

QFuture<QList<UserImportOutcome>> SqlAdapter::importUsers(const UserImportBatch &batch)
{
    const QString method = QStringLiteral("importUsers");
    return d->run(method, [batch, method](SqlConnection &c) {
        for (const UserTransferRecord &record : batch.users) {
            for (const QString &group : record.groups)
                StoreRules::checkGroupName(group, method);
        }
        const QDateTime time = QDateTime::currentDateTimeUtc();
        const ImportTime now{time, c.timeValue(time)};
        AuditDetails details(batch.auditDetail);
        QList<UserImportOutcome> outcomes;
        outcomes.reserve(batch.users.size());
        bool conflict = false;
        SqlTransaction transaction(c, method);
        KnownAddresses known(c, method);
        for (const UserTransferRecord &record : batch.users) {
            if (batch.progress && !outcomes.isEmpty() && outcomes.size() % 1000 == 0)
                batch.progress(outcomes.size());
            const std::optional<ExistingUser> existing =
                known.mayExist(record.email) ? existingUser(c, record.email, method) : std::nullopt;
            if (!existing) {
                const qint64 id = insertUser(c, record, now, method);
                known.created(record.email);
                if (!record.passwordHash.isEmpty())
                    insertPassword(c, id, record.passwordHash, now, method);
                if (record.disabled)
                    setDisabled(c, id, true, now, method);
                addGroups(c, id, record.groups, method);
                audit(c, id, details.detail(QStringLiteral("created"), record.scheme), now, method);
                outcomes.append(UserImportOutcome::Created);
                continue;
            }
            if (batch.onConflict != UserImportConflict::Update) {
                conflict = conflict || batch.onConflict == UserImportConflict::Fail;
                outcomes.append(batch.onConflict == UserImportConflict::Fail ? UserImportOutcome::Conflict
                                                                            : UserImportOutcome::Skipped);
                continue;
            }
            bool changed = false;
            const bool nameChanges = !record.name.isEmpty() && existing->name != record.name;
            const bool verifiedChanges = record.emailVerified != existing->emailVerified.has_value();
            if (nameChanges || verifiedChanges) {
                SqlQuery q(c, QStringLiteral("UPDATE users SET name = ?, \"emailVerified\" = ? WHERE id = ?"), method);
                q.bind(nameChanges ? std::optional(record.name) : existing->name)
                    .bind(verifiedChanges ? (record.emailVerified ? now.time : QDateTime()) : existing->emailVerified.value_or(QDateTime()))
                    .bind(existing->id)
                    .exec();
                changed = true;
            }
            if (record.disabled != existing->disabled) {
                setDisabled(c, existing->id, record.disabled, now, method);
                changed = true;
            }
            if (!existing->hasPassword && !record.passwordHash.isEmpty()) {
                insertPassword(c, existing->id, record.passwordHash, now, method);
                changed = true;
            }
            if (addGroups(c, existing->id, record.groups, method) > 0)
                changed = true;
            if (changed)
                audit(c, existing->id, details.detail(QStringLiteral("updated"), record.scheme), now, method);
            outcomes.append(changed ? UserImportOutcome::Updated : UserImportOutcome::Unchanged);
        }
        if (batch.progress)
            batch.progress(outcomes.size());
        if (!batch.dryRun && !conflict)
            transaction.commit();
        return outcomes;
    });
}

QFuture<QList<UserTransferRecord>> SqlAdapter::exportUsers()
{
    const QString method = QStringLiteral("exportUsers");
    return d->run(method, [method](SqlConnection &c) {
        // One snapshot for both queries: a user and its groups as they were together.
        SqlTransaction transaction(c, method);
        QHash<qint64, QStringList> groups;
        {
            SqlQuery q(c, QStringLiteral("SELECT \"userId\", name FROM gatehouse_user_groups"), method);
            q.exec();
            while (q.next())
                groups[q.integer(0)].append(q.text(1));
        }
        QList<UserTransferRecord> records;
        SqlQuery q(c,
                   QStringLiteral("SELECT u.id, u.email, u.name, u.\"emailVerified\", s.disabled, p.hash FROM users u "
                                  "LEFT JOIN gatehouse_user_state s ON s.\"userId\" = u.id "
                                  "LEFT JOIN gatehouse_passwords p ON p.\"userId\" = u.id ORDER BY u.email"),
                   method);
        q.exec();
        while (q.next()) {
            UserTransferRecord record;
            record.email = q.text(1);
            record.name = q.optionalText(2).value_or(QString());
            record.emailVerified = q.optionalTime(3).has_value();
            record.disabled = q.value(4).toBool();
            record.passwordHash = q.optionalText(5).value_or(QString());
            record.groups = StoreRules::sortedGroups(groups.value(q.integer(0)));
            records.append(record);
        }
        transaction.commit();
        return records;
    });
}

} // namespace Gatehouse
