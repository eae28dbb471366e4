#include <gatehouse/userstate.h>

#include <gatehouse/errors.h>
#include <gatehouse/oidcsessionstore.h>

#include "core/futures.h"
#include "storage/stores.h"

namespace Gatehouse {

QFuture<qint64> setUserDisabled(std::shared_ptr<Adapter> adapter, const QString &userId, bool disabled)
{
    UserStateStore *store = Stores::of(adapter).userState.get();
    if (!store)
        throw InvalidConfiguration(QStringLiteral("disabling users needs an adapter that implements UserStateStore"));
    // The state first: a session started meanwhile is refused at its next read. continueWith()
    // lets go of the adapter before the result is out: a caller that drops its own reference once
    // it has the result holds the last one, so the adapter ends in the caller's thread, not in a
    // storage thread while the caller goes on.
    const QFuture<bool> stateSet = store->setUserDisabled(userId, disabled).then(QtFuture::Launch::Sync, [] {
        return true;
    });
    // The OpenID Provider's clients of the ended sessions are told (oidcsessionstore.h; never
    // fails, a failure is logged).
    return continueWith(stateSet, [adapter = std::move(adapter), store, userId, disabled](bool) {
        if (!disabled)
            return QtFuture::makeReadyFuture(qint64(0));
        return continueWith(queueBackchannelLogoutsOfUser(adapter, userId),
                            [store, userId](int) { return store->deleteUserSessions(userId); });
    });
}

} // namespace Gatehouse
