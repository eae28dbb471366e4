// MemoryAdapter's OidcSessionStore: which clients got an ID token for which session.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

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

QFuture<QList<OidcSessionClient>> MemoryAdapter::takeOidcSessionClients(const QString &sid)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return take(d->oidcSessionClients, [&sid](const OidcSessionClient &row) { return row.sid == sid; });
    });
}

QFuture<QList<OidcSessionClient>> MemoryAdapter::takeOidcSessionClientsOfUser(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return take(d->oidcSessionClients, [&userId](const OidcSessionClient &row) { return row.userId == userId; });
    });
}

} // namespace Gatehouse
