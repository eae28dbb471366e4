// MemoryAdapter's PasswordResetStore: the hashed reset links, newest only per user.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

QFuture<void> MemoryAdapter::createPasswordReset(const PasswordResetRecord &record)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->passwordResets.removeIf([&record](const PasswordResetRecord &r) {
            return r.userId == record.userId || r.tokenHash == record.tokenHash;
        });
        PasswordResetRecord stored = record;
        stored.expires = record.expires.toUTC();
        stored.createdAt = record.createdAt.isValid() ? record.createdAt.toUTC() : QDateTime::currentDateTimeUtc();
        d->passwordResets.append(stored);
    });
}

QFuture<std::optional<PasswordResetRecord>> MemoryAdapter::passwordReset(const QString &tokenHash)
{
    return settle([&]() -> std::optional<PasswordResetRecord> {
        QReadLocker locker(&d->lock);
        for (const PasswordResetRecord &r : std::as_const(d->passwordResets)) {
            if (r.tokenHash == tokenHash)
                return r;
        }
        return std::nullopt;
    });
}

QFuture<std::optional<PasswordResetRecord>> MemoryAdapter::usePasswordReset(const QString &tokenHash)
{
    return settle([&]() -> std::optional<PasswordResetRecord> {
        QWriteLocker locker(&d->lock);
        for (qsizetype i = 0; i < d->passwordResets.size(); ++i) {
            if (d->passwordResets.at(i).tokenHash == tokenHash)
                return d->passwordResets.takeAt(i);
        }
        return std::nullopt;
    });
}

QFuture<qint64> MemoryAdapter::deletePasswordResets(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return qint64(d->passwordResets.removeIf([&userId](const PasswordResetRecord &r) { return r.userId == userId; }));
    });
}

} // namespace Gatehouse
