// SqlAdapter's TwoFactorStore: TOTP enrolments (gatehouse_totp) and recovery codes
// (gatehouse_recovery_codes). Each check-and-change is one conditional statement, so two
// servers on one database never both accept the same code.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

using Reason = AdapterError::Reason;
using SqlRows::rowId;

namespace {

//! Replaces the recovery codes of user \a id with \a hashes (inside the caller's transaction).
void writeRecoveryCodes(SqlConnection &c, qint64 id, const QStringList &hashes, const QString &method)
{
    {
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_recovery_codes WHERE \"userId\" = ?"), method);
        q.bind(id).exec();
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QString &hash : hashes) {
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_recovery_codes (\"userId\", \"codeHash\", \"createdAt\") "
                                     "VALUES (?, ?, ?)"),
                   method);
        q.bind(id).bind(hash).bind(now).exec();
    }
}

} // namespace

QFuture<void> SqlAdapter::beginTotpEnrolment(const TotpEnrolment &enrolment)
{
    const QString method = QStringLiteral("beginTotpEnrolment");
    return d->run(method, [enrolment, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(enrolment.userId);
        if (!id)
            throw SqlRows::noSuchUser(method, enrolment.userId);
        SqlTransaction transaction(c, method);
        {
            SqlQuery user(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
            if (!user.bind(*id).execFirst())
                throw SqlRows::noSuchUser(method, enrolment.userId);
        }
        {
            // A pending enrolment is replaced; a confirmed one stays, and the insert below conflicts.
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_totp WHERE \"userId\" = ? AND \"confirmedAt\" IS NULL"),
                       method);
            q.bind(*id).exec();
        }
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_totp (\"userId\", secret, \"createdAt\", \"confirmedAt\", "
                                     "\"lastTimeStep\") VALUES (?, ?, ?, NULL, -1)"),
                   method);
        q.bind(*id)
            .bind(enrolment.sealedSecret)
            .bind(enrolment.createdAt.isValid() ? enrolment.createdAt : QDateTime::currentDateTimeUtc())
            .exec(QStringLiteral("user \"%1\" has a confirmed authenticator").arg(enrolment.userId));
        transaction.commit();
    });
}

QFuture<std::optional<TotpEnrolment>> SqlAdapter::totpEnrolment(const QString &userId)
{
    const QString method = QStringLiteral("totpEnrolment");
    return d->run(method, [userId, method](SqlConnection &c) -> std::optional<TotpEnrolment> {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return std::nullopt;
        SqlQuery q(c, QStringLiteral("SELECT secret, \"createdAt\", \"confirmedAt\", \"lastTimeStep\" FROM gatehouse_totp "
                                     "WHERE \"userId\" = ?"),
                   method);
        if (!q.bind(*id).execFirst())
            return std::nullopt;
        return TotpEnrolment{userId, q.text(0), q.time(1), q.optionalTime(2), q.integer(3)};
    });
}

QFuture<bool> SqlAdapter::confirmTotpEnrolment(const QString &userId, const QString &sealedSecret, qint64 timeStep,
                                               const QStringList &recoveryCodeHashes)
{
    const QString method = QStringLiteral("confirmTotpEnrolment");
    return d->run(method, [userId, sealedSecret, timeStep, recoveryCodeHashes, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlTransaction transaction(c, method);
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_totp SET \"confirmedAt\" = ?, \"lastTimeStep\" = ? "
                                     "WHERE \"userId\" = ? AND secret = ? AND \"confirmedAt\" IS NULL"),
                   method);
        q.bind(QDateTime::currentDateTimeUtc()).bind(timeStep).bind(*id).bind(sealedSecret).exec();
        if (q.rowsAffected() != 1)
            return false;
        writeRecoveryCodes(c, *id, recoveryCodeHashes, method);
        transaction.commit();
        return true;
    });
}

QFuture<bool> SqlAdapter::acceptTotpTimeStep(const QString &userId, qint64 timeStep)
{
    const QString method = QStringLiteral("acceptTotpTimeStep");
    return d->run(method, [userId, timeStep, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_totp SET \"lastTimeStep\" = ? "
                                     "WHERE \"userId\" = ? AND \"confirmedAt\" IS NOT NULL AND \"lastTimeStep\" < ?"),
                   method);
        q.bind(timeStep).bind(*id).bind(timeStep).exec();
        return q.rowsAffected() == 1;
    });
}

QFuture<bool> SqlAdapter::resealTotpSecret(const QString &userId, const QString &previous, const QString &sealed)
{
    const QString method = QStringLiteral("resealTotpSecret");
    return d->run(method, [userId, previous, sealed, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_totp SET secret = ? WHERE \"userId\" = ? AND secret = ?"), method);
        q.bind(sealed).bind(*id).bind(previous).exec();
        return q.rowsAffected() == 1;
    });
}

QFuture<void> SqlAdapter::replaceRecoveryCodes(const QString &userId, const QStringList &hashes)
{
    const QString method = QStringLiteral("replaceRecoveryCodes");
    return d->run(method, [userId, hashes, method](SqlConnection &c) {
        const auto none = [&] {
            return AdapterError(Reason::NotFound,
                                QStringLiteral("%1: user \"%2\" has no confirmed authenticator").arg(method, userId));
        };
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            throw none();
        SqlTransaction transaction(c, method);
        {
            SqlQuery q(c, QStringLiteral("SELECT 1 FROM gatehouse_totp WHERE \"userId\" = ? AND \"confirmedAt\" IS NOT NULL"),
                       method);
            if (!q.bind(*id).execFirst())
                throw none();
        }
        writeRecoveryCodes(c, *id, hashes, method);
        transaction.commit();
    });
}

QFuture<bool> SqlAdapter::useRecoveryCode(const QString &userId, const QString &hash)
{
    const QString method = QStringLiteral("useRecoveryCode");
    return d->run(method, [userId, hash, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_recovery_codes WHERE \"userId\" = ? AND \"codeHash\" = ?"),
                   method);
        q.bind(*id).bind(hash).exec();
        return q.rowsAffected() == 1;
    });
}

QFuture<int> SqlAdapter::recoveryCodesLeft(const QString &userId)
{
    const QString method = QStringLiteral("recoveryCodesLeft");
    return d->run(method, [userId, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return 0;
        SqlQuery q(c, QStringLiteral("SELECT COUNT(*) FROM gatehouse_recovery_codes WHERE \"userId\" = ?"), method);
        return q.bind(*id).execFirst() ? int(q.integer(0)) : 0;
    });
}

QFuture<bool> SqlAdapter::removeTwoFactor(const QString &userId)
{
    const QString method = QStringLiteral("removeTwoFactor");
    return d->run(method, [userId, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlTransaction transaction(c, method);
        {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_recovery_codes WHERE \"userId\" = ?"), method);
            q.bind(*id).exec();
        }
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_totp WHERE \"userId\" = ?"), method);
        q.bind(*id).exec();
        const bool removed = q.rowsAffected() == 1;
        transaction.commit();
        return removed;
    });
}

} // namespace Gatehouse
