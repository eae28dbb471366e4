// MemoryAdapter's AdminTokenStore: the admin API's hashed tokens, by name.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

QFuture<void> MemoryAdapter::createAdminToken(const AdminTokenRecord &record)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        if (d->adminTokens.contains(record.name))
            throw AdapterError(AdapterError::Reason::Conflict, QStringLiteral("createAdminToken: the name is taken"));
        for (const AdminTokenRecord &r : std::as_const(d->adminTokens)) {
            if (r.tokenHash == record.tokenHash)
                throw AdapterError(AdapterError::Reason::Conflict, QStringLiteral("createAdminToken: the hash is taken"));
        }
        AdminTokenRecord stored = record;
        stored.createdAt = record.createdAt.isValid() ? record.createdAt.toUTC() : QDateTime::currentDateTimeUtc();
        stored.expiresAt = record.expiresAt.toUTC();
        d->adminTokens.insert(record.name, stored);
    });
}

QFuture<std::optional<AdminTokenRecord>> MemoryAdapter::adminTokenByHash(const QString &tokenHash)
{
    return settle([&]() -> std::optional<AdminTokenRecord> {
        QReadLocker locker(&d->lock);
        for (const AdminTokenRecord &r : std::as_const(d->adminTokens)) {
            if (r.tokenHash == tokenHash)
                return r;
        }
        return std::nullopt;
    });
}

QFuture<QList<AdminTokenRecord>> MemoryAdapter::adminTokens()
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return d->adminTokens.values();
    });
}

QFuture<bool> MemoryAdapter::revokeAdminToken(const QString &name, const QDateTime &when)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->adminTokens.find(name);
        if (it == d->adminTokens.end() || it->revokedAt)
            return false;
        it->revokedAt = when.toUTC();
        return true;
    });
}

QFuture<void> MemoryAdapter::touchAdminToken(const QString &tokenHash, const QDateTime &when)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        for (AdminTokenRecord &r : d->adminTokens) {
            if (r.tokenHash == tokenHash)
                r.lastUsedAt = when.toUTC();
        }
    });
}

} // namespace Gatehouse
