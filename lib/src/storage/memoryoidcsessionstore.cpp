// MemoryAdapter's OidcSessionStore: which clients got an ID token for which session.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

#include <algorithm>

namespace Gatehouse {

using Futures::settle;

namespace {

//! The unexpired rows of \a rows that \a matches, removed from \a rows with the expired ones.
template<typename Matches>
QList<OidcSessionClient> take(QList<OidcSessionClient> &rows, Matches matches)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<OidcSessionClient> taken;
    for (auto it = rows.begin(); it != rows.end();) {
        if (matches(*it) || it->expiresAt < now) {
            if (matches(*it) && it->expiresAt >= now)
                taken.append(*it);
            it = rows.erase(it);
        } else {
            ++it;
        }
    }
    return taken;
}

} // namespace

QFuture<void> MemoryAdapter::addOidcSessionClient(const OidcSessionClient &client)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        take(d->oidcSessionClients, [&client](const OidcSessionClient &row) {
            return row.sid == client.sid && row.clientId == client.clientId;
        });
        OidcSessionClient stored = client;
        stored.expiresAt = client.expiresAt.toUTC();
        d->oidcSessionClients.append(stored);
    });
}

namespace {

//! \a taken's rows as deliveries due now in \a queue (one per session and client).
int queueTaken(QList<OidcLogoutDelivery> &queue, const QList<OidcSessionClient> &taken)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    int queued = 0;
    for (const OidcSessionClient &row : taken) {
        const bool waiting = std::any_of(queue.cbegin(), queue.cend(), [&row](const OidcLogoutDelivery &d) {
            return d.sid == row.sid && d.clientId == row.clientId;
        });
        if (waiting)
            continue;
        OidcLogoutDelivery delivery;
        delivery.sid = row.sid;
        delivery.clientId = row.clientId;
        delivery.userId = row.userId;
        delivery.issuer = row.issuer;
        delivery.queuedAt = now;
        delivery.nextAttemptAt = now;
        queue.append(delivery);
        ++queued;
    }
    return queued;
}

OidcLogoutDelivery *heldDelivery(QList<OidcLogoutDelivery> &queue, const OidcLogoutDelivery &delivery)
{
    for (OidcLogoutDelivery &d : queue) {
        if (d.sid == delivery.sid && d.clientId == delivery.clientId)
            return !delivery.lease.isEmpty() && d.lease == delivery.lease ? &d : nullptr;
    }
    return nullptr;
}

} // namespace

QFuture<int> MemoryAdapter::queueOidcLogouts(const QString &sid)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return queueTaken(d->oidcLogouts,
                     take(d->oidcSessionClients, [&sid](const OidcSessionClient &row) { return row.sid == sid; }));
    });
}

QFuture<int> MemoryAdapter::queueOidcLogoutsOfUser(const QString &userId, const QString &keepSid)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return queueTaken(d->oidcLogouts, take(d->oidcSessionClients, [&](const OidcSessionClient &row) {
                         return row.userId == userId && (keepSid.isEmpty() || row.sid != keepSid);
                     }));
    });
}

QFuture<QList<OidcLogoutDelivery>> MemoryAdapter::claimOidcLogouts(const QString &lease, const QDateTime &now,
                                                                   const QDateTime &leaseUntil, int limit)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        QList<OidcLogoutDelivery *> due;
        for (OidcLogoutDelivery &delivery : d->oidcLogouts) {
            if (delivery.nextAttemptAt <= now)
                due.append(&delivery);
        }
        std::stable_sort(due.begin(), due.end(), [](const OidcLogoutDelivery *a, const OidcLogoutDelivery *b) {
            return a->nextAttemptAt < b->nextAttemptAt;
        });
        QList<OidcLogoutDelivery> claimed;
        for (OidcLogoutDelivery *delivery : std::as_const(due)) {
            if (claimed.size() >= limit)
                break;
            delivery->lease = lease;
            delivery->nextAttemptAt = leaseUntil.toUTC();
            claimed.append(*delivery);
        }
        return claimed;
    });
}

QFuture<bool> MemoryAdapter::finishOidcLogout(const OidcLogoutDelivery &delivery)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const OidcLogoutDelivery *found = heldDelivery(d->oidcLogouts, delivery);
        if (!found)
            return false;
        d->oidcLogouts.removeAt(found - d->oidcLogouts.constData());
        return true;
    });
}

QFuture<bool> MemoryAdapter::retryOidcLogout(const OidcLogoutDelivery &delivery)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        OidcLogoutDelivery *found = heldDelivery(d->oidcLogouts, delivery);
        if (!found)
            return false;
        found->attempts = delivery.attempts;
        found->nextAttemptAt = delivery.nextAttemptAt.toUTC();
        found->lastError = delivery.lastError;
        return true;
    });
}

QFuture<qint64> MemoryAdapter::countOidcLogouts()
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->oidcLogouts.size());
    });
}

} // namespace Gatehouse
