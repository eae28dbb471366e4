#include <gatehouse/userstate.h>

#include <gatehouse/autherror.h>
#include <gatehouse/gatehousestore.h>

#include "core/continuewith.h"

namespace Gatehouse {

QFuture<qint64> setUserDisabled(std::shared_ptr<Adapter> adapter, const QString &userId, bool disabled)
{
    auto *store = dynamic_cast<GatehouseStore *>(adapter.get());
    if (!store)
        throw AuthError(QStringLiteral("InvalidConfiguration"),
                        QStringLiteral("disabling users needs an adapter that is also a GatehouseStore"));
    auto promise = std::make_shared<QPromise<qint64>>();
    promise->start();
    QFuture<qint64> ended = promise->future();
    // Each step hands the adapter on, and the last lets go of it before the result is out: a
    // caller that drops its own reference once it has the result holds the last one, so the
    // adapter ends in the caller's thread, not in a storage thread while the caller goes on.
    // The state first: a session started meanwhile is refused at its next read.
    store->setUserDisabled(userId, disabled)
        .then(QtFuture::Launch::Sync,
              [adapter = std::move(adapter), store, userId, disabled, promise](QFuture<void> stateSet) mutable {
                  try {
                      stateSet.waitForFinished();  // finished; rethrows its failure
                  } catch (...) {
                      adapter.reset();
                      promise->setException(std::current_exception());
                      promise->finish();
                      return;
                  }
                  if (!disabled) {
                      adapter.reset();
                      promise->addResult(0);
                      promise->finish();
                      return;
                  }
                  store->deleteUserSessions(userId).then(
                      QtFuture::Launch::Sync, [adapter = std::move(adapter), promise](QFuture<qint64> deleted) mutable {
                          adapter.reset();
                          Detail::settle(*promise, deleted);
                      });
              });
    return ended;
}

} // namespace Gatehouse
