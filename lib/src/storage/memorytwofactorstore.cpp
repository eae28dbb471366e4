// MemoryAdapter's TwoFactorStore: TOTP enrolments and recovery codes.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Reason = AdapterError::Reason;
using Futures::settle;

QFuture<void> MemoryAdapter::beginTotpEnrolment(const TotpEnrolment &enrolment)
{
    return settle([&] {
        const QString method = QStringLiteral("beginTotpEnrolment");
        QWriteLocker locker(&d->lock);
        d->requireUser(enrolment.userId, method);
        const auto existing = d->totp.constFind(enrolment.userId);
        if (existing != d->totp.cend() && existing->confirmedAt)
            throw AdapterError(Reason::Conflict,
                               QStringLiteral("%1: user \"%2\" has a confirmed authenticator").arg(method, enrolment.userId));
        TotpEnrolment stored = enrolment;
        stored.createdAt = enrolment.createdAt.isValid() ? enrolment.createdAt.toUTC() : QDateTime::currentDateTimeUtc();
        stored.confirmedAt.reset();
        stored.lastTimeStep = -1;
        d->totp.insert(enrolment.userId, stored);
    });
}

QFuture<std::optional<TotpEnrolment>> MemoryAdapter::totpEnrolment(const QString &userId)
{
    return settle([&]() -> std::optional<TotpEnrolment> {
        QReadLocker locker(&d->lock);
        const auto it = d->totp.constFind(userId);
        return it == d->totp.cend() ? std::nullopt : std::optional(*it);
    });
}

QFuture<bool> MemoryAdapter::confirmTotpEnrolment(const QString &userId, const QString &sealedSecret, qint64 timeStep,
                                                  const QStringList &recoveryCodeHashes)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->totp.find(userId);
        if (it == d->totp.end() || it->confirmedAt || it->sealedSecret != sealedSecret)
            return false;
        it->confirmedAt = QDateTime::currentDateTimeUtc();
        it->lastTimeStep = timeStep;
        d->recoveryCodes.insert(userId, QSet<QString>(recoveryCodeHashes.cbegin(), recoveryCodeHashes.cend()));
        return true;
    });
}

QFuture<bool> MemoryAdapter::acceptTotpTimeStep(const QString &userId, qint64 timeStep)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->totp.find(userId);
        if (it == d->totp.end() || !it->confirmedAt || it->lastTimeStep >= timeStep)
            return false;
        it->lastTimeStep = timeStep;
        return true;
    });
}

QFuture<bool> MemoryAdapter::resealTotpSecret(const QString &userId, const QString &previous, const QString &sealed)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->totp.find(userId);
        if (it == d->totp.end() || it->sealedSecret != previous)
            return false;
        it->sealedSecret = sealed;
        return true;
    });
}

QFuture<void> MemoryAdapter::replaceRecoveryCodes(const QString &userId, const QStringList &hashes)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->totp.constFind(userId);
        if (it == d->totp.cend() || !it->confirmedAt)
            throw AdapterError(Reason::NotFound, QStringLiteral("replaceRecoveryCodes: user \"%1\" has no confirmed "
                                                                "authenticator").arg(userId));
        d->recoveryCodes.insert(userId, QSet<QString>(hashes.cbegin(), hashes.cend()));
    });
}

QFuture<bool> MemoryAdapter::useRecoveryCode(const QString &userId, const QString &hash)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->recoveryCodes.find(userId);
        return it != d->recoveryCodes.end() && it->remove(hash);
    });
}

QFuture<int> MemoryAdapter::recoveryCodesLeft(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return int(d->recoveryCodes.value(userId).size());
    });
}

QFuture<bool> MemoryAdapter::removeTwoFactor(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->recoveryCodes.remove(userId);
        return d->totp.remove(userId);
    });
}

} // namespace Gatehouse
