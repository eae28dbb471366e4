// SqlAdapter's AccountStore: session details (gatehouse_session_details), the "not before"
// of JWT sessions (gatehouse_session_revocations) and passkey details (gatehouse_passkeys),
// beside the Auth.js tables.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

using Reason = AdapterError::Reason;
using SqlRows::rowId;

namespace {

//! The column's text of \a methods: space-separated amr values, NULL when none were recorded.
std::optional<QString> methodsColumn(const QStringList &methods)
{
    if (methods.isEmpty())
        return std::nullopt;
    return methods.join(QLatin1Char(' ')).left(255);
}

QStringList methodsOf(const std::optional<QString> &column)
{
    return column ? column->split(QLatin1Char(' '), Qt::SkipEmptyParts) : QStringList();
}

} // namespace

QFuture<void> SqlAdapter::recordSessionDetails(const SessionDetails &details)
{
    const QString method = QStringLiteral("recordSessionDetails");
    return d->run(method, [details, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(details.userId);
        if (!id)
            throw AdapterError(Reason::NotFound,
                               QStringLiteral("%1: there is no user with id \"%2\"").arg(method, details.userId));
        SqlTransaction transaction(c, method);
        {
            // The details of this user's sessions that have ended (signed out, expired and swept).
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_session_details WHERE \"userId\" = ? AND NOT EXISTS "
                                         "(SELECT 1 FROM sessions s WHERE s.\"sessionToken\" = "
                                         "gatehouse_session_details.\"sessionToken\")"),
                       method);
            q.bind(*id).exec();
        }
        {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_session_details WHERE \"sessionToken\" = ?"), method);
            q.bind(details.sessionToken).exec();
        }
        {
            SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_session_details (\"sessionToken\", \"userId\", "
                                         "\"createdAt\", \"clientAddress\", \"userAgent\", \"signInMethods\") "
                                         "VALUES (?, ?, ?, ?, ?, ?)"),
                       method);
            q.bind(details.sessionToken)
                .bind(*id)
                .bind(details.createdAt.isValid() ? details.createdAt : QDateTime::currentDateTimeUtc())
                .bind(details.clientAddress.left(64))
                .bind(details.userAgent.left(512))
                .bind(methodsColumn(details.signInMethods))
                .exec();
        }
        transaction.commit();
    });
}

QFuture<QList<UserSessionRecord>> SqlAdapter::userSessions(const QString &userId)
{
    const QString method = QStringLiteral("userSessions");
    return d->run(method, [userId, method](SqlConnection &c) {
        QList<UserSessionRecord> found;
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return found;
        SqlQuery q(c, QStringLiteral("SELECT s.\"sessionToken\", s.\"userId\", s.expires, d.\"createdAt\", "
                                     "d.\"clientAddress\", d.\"userAgent\", d.\"signInMethods\" FROM sessions s "
                                     "LEFT JOIN gatehouse_session_details d ON d.\"sessionToken\" = s.\"sessionToken\" "
                                     "WHERE s.\"userId\" = ? AND s.expires > ? "
                                     "ORDER BY d.\"createdAt\" DESC, s.expires DESC, s.\"sessionToken\""),
                   method);
        q.bind(*id).bind(QDateTime::currentDateTimeUtc()).exec();
        while (q.next()) {
            UserSessionRecord record;
            record.session = SqlRows::session(q);
            if (const std::optional<QDateTime> created = q.optionalTime(3)) {
                record.details = SessionDetails{record.session.sessionToken, record.session.userId, *created,
                                                q.optionalText(4).value_or(QString()),
                                                q.optionalText(5).value_or(QString()), methodsOf(q.optionalText(6))};
            }
            found.append(record);
        }
        // NULLs sort differently per database: sessions without details go last everywhere.
        std::stable_partition(found.begin(), found.end(), [](const UserSessionRecord &r) { return r.details.has_value(); });
        return found;
    });
}

QFuture<std::optional<SessionDetails>> SqlAdapter::sessionDetails(const QString &userId, const QString &sessionToken)
{
    const QString method = QStringLiteral("sessionDetails");
    return d->run(method, [userId, sessionToken, method](SqlConnection &c) -> std::optional<SessionDetails> {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return std::nullopt;
        // Through the session: details outlive their session until the user's next sign-in.
        SqlQuery q(c, QStringLiteral("SELECT d.\"createdAt\", d.\"clientAddress\", d.\"userAgent\", d.\"signInMethods\" "
                                     "FROM sessions s JOIN gatehouse_session_details d ON d.\"sessionToken\" = s.\"sessionToken\" "
                                     "WHERE s.\"sessionToken\" = ? AND s.\"userId\" = ? AND d.\"userId\" = ? AND s.expires > ?"),
                   method);
        if (!q.bind(sessionToken).bind(*id).bind(*id).bind(QDateTime::currentDateTimeUtc()).execFirst())
            return std::nullopt;
        const std::optional<QDateTime> created = q.optionalTime(0);
        if (!created)
            return std::nullopt;
        return SessionDetails{sessionToken, userId, *created, q.optionalText(1).value_or(QString()),
                              q.optionalText(2).value_or(QString()), methodsOf(q.optionalText(3))};
    });
}

QFuture<void> SqlAdapter::setSessionsNotBefore(const QString &userId, const QDateTime &notBefore)
{
    const QString method = QStringLiteral("setSessionsNotBefore");
    return d->run(method, [userId, notBefore, method](SqlConnection &c) {
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
        const QDateTime seconds = QDateTime::fromSecsSinceEpoch(notBefore.toSecsSinceEpoch(), Qt::UTC);
        const QString upsert = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT INTO gatehouse_session_revocations (\"userId\", \"notBefore\") VALUES (?, ?) "
                             "ON DUPLICATE KEY UPDATE \"notBefore\" = VALUES(\"notBefore\")")
            : QStringLiteral("INSERT INTO gatehouse_session_revocations (\"userId\", \"notBefore\") VALUES (?, ?) "
                             "ON CONFLICT (\"userId\") DO UPDATE SET \"notBefore\" = excluded.\"notBefore\"");
        SqlQuery q(c, upsert, method);
        q.bind(*id).bind(seconds).exec();
        transaction.commit();
    });
}

QFuture<std::optional<QDateTime>> SqlAdapter::sessionsNotBefore(const QString &userId)
{
    const QString method = QStringLiteral("sessionsNotBefore");
    return d->run(method, [userId, method](SqlConnection &c) -> std::optional<QDateTime> {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return std::nullopt;
        SqlQuery q(c, QStringLiteral("SELECT \"notBefore\" FROM gatehouse_session_revocations WHERE \"userId\" = ?"),
                   method);
        if (!q.bind(*id).execFirst())
            return std::nullopt;
        return q.optionalTime(0);
    });
}

QFuture<void> SqlAdapter::recordPasskey(const PasskeyDetails &details)
{
    const QString method = QStringLiteral("recordPasskey");
    return d->run(method, [details, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(details.userId);
        const auto notFound = [&] {
            return AdapterError(Reason::NotFound, QStringLiteral("%1: user \"%2\" has no authenticator \"%3\"")
                                                      .arg(method, details.userId, details.credentialID));
        };
        if (!id)
            throw notFound();
        SqlTransaction transaction(c, method);
        {
            SqlQuery q(c, QStringLiteral("SELECT 1 FROM authenticators WHERE \"credentialID\" = ? AND \"userId\" = ?"), method);
            if (!q.bind(details.credentialID).bind(*id).execFirst())
                throw notFound();
        }
        {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_passkeys WHERE \"credentialID\" = ?"), method);
            q.bind(details.credentialID).exec();
        }
        {
            SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_passkeys (\"credentialID\", \"userId\", name, \"createdAt\", "
                                         "\"lastUsedAt\") VALUES (?, ?, ?, ?, ?)"),
                       method);
            q.bind(details.credentialID)
                .bind(*id)
                .bind(details.name.left(255))
                .bind(details.createdAt.isValid() ? details.createdAt : QDateTime::currentDateTimeUtc())
                .bind(QDateTime())
                .exec();
        }
        transaction.commit();
    });
}

QFuture<void> SqlAdapter::recordPasskeyUse(const QString &credentialID, const QDateTime &at)
{
    const QString method = QStringLiteral("recordPasskeyUse");
    return d->run(method, [credentialID, at, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_passkeys SET \"lastUsedAt\" = ? WHERE \"credentialID\" = ?"), method);
        q.bind(at.toUTC()).bind(credentialID).exec();
    });
}

QFuture<QList<UserPasskeyRecord>> SqlAdapter::userPasskeys(const QString &userId)
{
    const QString method = QStringLiteral("userPasskeys");
    return d->run(method, [userId, method](SqlConnection &c) {
        QList<UserPasskeyRecord> found;
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return found;
        SqlQuery q(c, QStringLiteral("SELECT a.\"credentialID\", a.\"userId\", a.\"providerAccountId\", "
                                     "a.\"credentialPublicKey\", a.counter, a.\"credentialDeviceType\", "
                                     "a.\"credentialBackedUp\", a.transports, p.name, p.\"createdAt\", p.\"lastUsedAt\" "
                                     "FROM authenticators a LEFT JOIN gatehouse_passkeys p ON p.\"credentialID\" = a.\"credentialID\" "
                                     "WHERE a.\"userId\" = ? ORDER BY p.\"createdAt\", a.\"credentialID\""),
                   method);
        q.bind(*id).exec();
        while (q.next()) {
            UserPasskeyRecord record;
            AdapterAuthenticator &a = record.authenticator;
            a.credentialID = q.text(0);
            a.userId = q.text(1);
            a.providerAccountId = q.text(2);
            a.credentialPublicKey = q.text(3);
            a.counter = q.integer(4);
            a.credentialDeviceType = q.text(5);
            a.credentialBackedUp = q.value(6).toBool();
            a.transports = q.optionalText(7);
            if (const std::optional<QString> name = q.optionalText(8)) {
                record.details = PasskeyDetails{a.credentialID, a.userId, *name, q.optionalTime(9).value_or(QDateTime()),
                                                q.optionalTime(10).value_or(QDateTime())};
            }
            found.append(record);
        }
        // NULLs sort differently per database: passkeys without details (or times) go last everywhere.
        std::stable_partition(found.begin(), found.end(),
                              [](const UserPasskeyRecord &r) { return r.details && r.details->createdAt.isValid(); });
        return found;
    });
}

QFuture<bool> SqlAdapter::renamePasskey(const QString &userId, const QString &credentialID, const QString &name)
{
    const QString method = QStringLiteral("renamePasskey");
    return d->run(method, [userId, credentialID, name, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlTransaction transaction(c, method);
        {
            SqlQuery q(c, QStringLiteral("SELECT 1 FROM authenticators WHERE \"credentialID\" = ? AND \"userId\" = ?"), method);
            if (!q.bind(credentialID).bind(*id).execFirst())
                return false;
        }
        bool recorded = false;
        {
            SqlQuery q(c, QStringLiteral("SELECT 1 FROM gatehouse_passkeys WHERE \"credentialID\" = ?"), method);
            recorded = q.bind(credentialID).execFirst();
        }
        if (recorded) {
            SqlQuery q(c, QStringLiteral("UPDATE gatehouse_passkeys SET name = ? WHERE \"credentialID\" = ?"), method);
            q.bind(name.left(255)).bind(credentialID).exec();
        } else {  // registered before details were recorded: a name, no times
            SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_passkeys (\"credentialID\", \"userId\", name, \"createdAt\", "
                                         "\"lastUsedAt\") VALUES (?, ?, ?, ?, ?)"),
                       method);
            q.bind(credentialID).bind(*id).bind(name.left(255)).bind(QDateTime()).bind(QDateTime()).exec();
        }
        transaction.commit();
        return true;
    });
}

} // namespace Gatehouse
