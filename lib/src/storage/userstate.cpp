#include <gatehouse/userstate.h>

#include <gatehouse/autherror.h>
#include <gatehouse/gatehousestore.h>

namespace Gatehouse {

QFuture<qint64> setUserDisabled(std::shared_ptr<Adapter> adapter, const QString &userId, bool disabled)
{
    auto *store = dynamic_cast<GatehouseStore *>(adapter.get());
    if (!store)
        throw AuthError(QStringLiteral("InvalidConfiguration"),
                        QStringLiteral("disabling users needs an adapter that is also a GatehouseStore"));
    // The state first: a session started meanwhile is refused at its next read.
    return store->setUserDisabled(userId, disabled)
        .then(QtFuture::Launch::Sync, [adapter, store, userId, disabled]() -> QFuture<qint64> {
            if (!disabled)
                return QtFuture::makeReadyFuture(qint64(0));
            return store->deleteUserSessions(userId);
        })
        .unwrap();
}

} // namespace Gatehouse
