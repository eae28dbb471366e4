// SqlAdapter's PasswordResetStore: the hashed reset links (gatehouse_password_resets), the
// newest only per user, removed with the user.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

using SqlRows::rowId;

namespace {

const QString kColumns = QStringLiteral("\"tokenHash\", \"userId\", \"passwordStamp\", expires, \"createdAt\"");

PasswordResetRecord readReset(const SqlQuery &q)
{
    return {q.text(0), q.text(1), q.text(2), q.time(3), q.time(4)};
}

std::optional<PasswordResetRecord> findReset(SqlConnection &c, const QString &tokenHash, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_password_resets WHERE \"tokenHash\" = ?").arg(kColumns), method);
    q.bind(tokenHash);
    return q.execFirst() ? std::optional(readReset(q)) : std::nullopt;
}

} // namespace

QFuture<void> SqlAdapter::createPasswordReset(const PasswordResetRecord &record)
{
    const QString method = QStringLiteral("createPasswordReset");
    return d->run(method, [record, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(record.userId);
        if (!id)
            throw SqlRows::noSuchUser(method, record.userId);
        SqlTransaction transaction(c, method);
        // A newer link voids the older ones: one row per user at most.
        SqlQuery voided(c, QStringLiteral("DELETE FROM gatehouse_password_resets WHERE \"userId\" = ?"), method);
        voided.bind(*id).exec();
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_password_resets (%1) VALUES (?, ?, ?, ?, ?)").arg(kColumns), method);
        q.bind(record.tokenHash)
            .bind(*id)
            .bind(record.passwordStamp)
            .bind(record.expires)
            .bind(record.createdAt.isValid() ? record.createdAt : QDateTime::currentDateTimeUtc())
            .exec(QStringLiteral("the user does not exist, or the token hash is taken"));
        transaction.commit();
    });
}

QFuture<std::optional<PasswordResetRecord>> SqlAdapter::passwordReset(const QString &tokenHash)
{
    const QString method = QStringLiteral("passwordReset");
    return d->run(method, [tokenHash, method](SqlConnection &c) { return findReset(c, tokenHash, method); });
}

QFuture<std::optional<PasswordResetRecord>> SqlAdapter::usePasswordReset(const QString &tokenHash)
{
    const QString method = QStringLiteral("usePasswordReset");
    return d->run(method, [tokenHash, method](SqlConnection &c) -> std::optional<PasswordResetRecord> {
        // The row read counts only if this call's DELETE removed it: one use among concurrent ones.
        const std::optional<PasswordResetRecord> found = findReset(c, tokenHash, method);
        if (!found)
            return std::nullopt;
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_password_resets WHERE \"tokenHash\" = ?"), method);
        return q.bind(tokenHash).exec().rowsAffected() > 0 ? found : std::nullopt;
    });
}

QFuture<qint64> SqlAdapter::deletePasswordResets(const QString &userId)
{
    const QString method = QStringLiteral("deletePasswordResets");
    return d->run(method, [userId, method](SqlConnection &c) -> qint64 {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return 0;
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_password_resets WHERE \"userId\" = ?"), method);
        return q.bind(*id).exec().rowsAffected();
    });
}

} // namespace Gatehouse
