// MemoryAdapter's AuditFeedStore: the audit log read forward, and its named cursors.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

QFuture<QList<AuditEvent>> MemoryAdapter::auditEventsAfter(qint64 afterId, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AuditEvent> found;
        for (const AuditEvent &event : d->audit) { // oldest first, ids increasing
            if (found.size() >= limit)
                break;
            if (event.id > afterId)
                found.append(event);
        }
        return found;
    });
}

QFuture<std::optional<qint64>> MemoryAdapter::claimAuditCursor(const QString &name, const QString &holder,
                                                               std::chrono::seconds lease)
{
    return settle([&]() -> std::optional<qint64> {
        QWriteLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto it = d->auditCursors.find(name);
        if (it == d->auditCursors.end())
            it = d->auditCursors.insert(name, {d->lastAuditId, QString(), QDateTime()});
        if (!it->holder.isEmpty() && it->holder != holder && it->heldUntil > now)
            return std::nullopt;
        it->holder = holder;
        it->heldUntil = now.addSecs(lease.count());
        return it->position;
    });
}

QFuture<bool> MemoryAdapter::advanceAuditCursor(const QString &name, const QString &holder, qint64 position)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->auditCursors.find(name);
        if (it == d->auditCursors.end() || it->holder != holder || it->position >= position)
            return false;
        it->position = position;
        return true;
    });
}

} // namespace Gatehouse
