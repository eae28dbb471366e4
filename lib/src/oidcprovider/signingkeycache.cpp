#include "oidcprovider/signingkeycache.h"

#include <QMutexLocker>

#include <stdexcept>

namespace Gatehouse::OidcProvider {

SigningKeyCache::SigningKeyCache(std::shared_ptr<OidcKeyStore> store, std::shared_ptr<const KeyBox> box)
    : m_store(std::move(store))
    , m_box(std::move(box))
{
}

QFuture<std::shared_ptr<const SigningKeySet>> SigningKeyCache::keys() const
{
    QMutexLocker lock(&m_mutex);
    if (m_keys)
        return QtFuture::makeReadyFuture(m_keys);
    auto waiter = std::make_shared<QPromise<std::shared_ptr<const SigningKeySet>>>();
    waiter->start();
    QFuture<std::shared_ptr<const SigningKeySet>> mine = waiter->future();
    m_waiters.append(waiter);
    if (m_loading)
        return mine;
    m_loading = true;
    lock.unlock();

    QFuture<SigningKeySet> loading;
    try {
        loading = loadSigningKeys(m_store, m_box);
    } catch (...) {
        settle(nullptr, std::current_exception());
        return mine;
    }
    // A QFuture takes one continuation; every waiter gets its own promise, settled here.
    loading.then(QtFuture::Launch::Sync, [self = shared_from_this()](QFuture<SigningKeySet> done) {
        try {
            if (done.resultCount() == 0) {
                done.waitForFinished();  // rethrows the load's failure
                throw std::runtime_error("loading the OpenID Provider's signing keys was cancelled");
            }
            self->settle(std::make_shared<const SigningKeySet>(done.result()), nullptr);
        } catch (...) {
            self->settle(nullptr, std::current_exception());
        }
    });
    return mine;
}

void SigningKeyCache::settle(const std::shared_ptr<const SigningKeySet> &keys, std::exception_ptr error) const
{
    QList<Waiter> waiters;
    {
        QMutexLocker lock(&m_mutex);
        if (keys)
            m_keys = keys;
        m_loading = false;
        waiters.swap(m_waiters);
    }
    for (const Waiter &waiter : waiters) {
        if (error)
            waiter->setException(error);
        else
            waiter->addResult(keys);
        waiter->finish();
    }
}

} // namespace Gatehouse::OidcProvider
