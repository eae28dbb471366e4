// Ending sessions tells their OpenID Provider clients: the storage-level way for every module that
// ends sessions (lib/src/oidclogout/README.md), and the wake of this process's worker.
#include <gatehouse/oidcsessionstore.h>

#include "core/futures.h"
#include "storage/logging.h"
#include "storage/oidclogoutwake.h"
#include "storage/stores.h"

#include <QMap>
#include <QMutex>

namespace Gatehouse {

namespace OidcLogoutWake {

namespace {

struct Listeners
{
    QMutex mutex;
    int nextId = 1;
    QMap<int, std::function<void()>> wakes;
};

Listeners &listeners()
{
    static Listeners all;
    return all;
}

} // namespace

int addListener(std::function<void()> wake)
{
    Listeners &l = listeners();
    QMutexLocker locker(&l.mutex);
    const int id = l.nextId++;
    l.wakes.insert(id, std::move(wake));
    return id;
}

void removeListener(int id)
{
    Listeners &l = listeners();
    QMutexLocker locker(&l.mutex);
    l.wakes.remove(id);
}

void notify()
{
    Listeners &l = listeners();
    QMutexLocker locker(&l.mutex);   // held while waking: a listener removed meanwhile is never called
    for (const std::function<void()> &wake : std::as_const(l.wakes))
        wake();
}

} // namespace OidcLogoutWake

namespace {

//! \a queued's count once it is in the database (a worker of this process woken), 0 on a failure.
QFuture<int> wakeAfter(QFuture<int> queued, const QString &what)
{
    return queued.then(QtFuture::Launch::Sync, [what](QFuture<int> finished) {
        int count = 0;
        try {
            count = finished.result();
        } catch (...) {
            qCWarning(lcStorage).noquote() << QStringLiteral("back-channel logout: the clients of %1 could not be queued; "
                                                             "they are not told").arg(what);
            return 0;
        }
        if (count > 0)
            OidcLogoutWake::notify();
        return count;
    });
}

} // namespace

QFuture<int> queueBackchannelLogouts(const std::shared_ptr<Adapter> &adapter, const QString &sid)
{
    OidcSessionStore *store = adapter ? Stores::of(adapter).oidcSessions.get() : nullptr;
    if (!store || sid.isEmpty())
        return QtFuture::makeReadyFuture(0);
    return wakeAfter(store->queueOidcLogouts(sid), QStringLiteral("an ended session"));
}

QFuture<int> queueBackchannelLogoutsOfUser(const std::shared_ptr<Adapter> &adapter, const QString &userId,
                                           const QString &keepSid)
{
    OidcSessionStore *store = adapter ? Stores::of(adapter).oidcSessions.get() : nullptr;
    if (!store || userId.isEmpty())
        return QtFuture::makeReadyFuture(0);
    return wakeAfter(store->queueOidcLogoutsOfUser(userId, keepSid), QStringLiteral("a person's ended sessions"));
}

} // namespace Gatehouse
