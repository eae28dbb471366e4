#include "oidcprovider/signingkeycache.h"

#include <QLoggingCategory>
#include <QMutexLocker>

#include <stdexcept>

namespace Gatehouse::OidcProvider {

namespace {
Q_LOGGING_CATEGORY(lcKeys, "gatehouse.oidc")
} // namespace

SigningKeyCache::SigningKeyCache(std::shared_ptr<OidcKeyStore> store, std::shared_ptr<const KeyBox> box,
                                 std::function<Clock::time_point()> now)
    : m_store(std::move(store))
    , m_box(std::move(box))
    , m_now(std::move(now))
{
}

QFuture<std::shared_ptr<const SigningKeySet>> SigningKeyCache::keys() const
{
    QMutexLocker lock(&m_mutex);
    if (m_keys) {
        const std::shared_ptr<const SigningKeySet> current = m_keys;
        if (!m_loading && m_now() - m_loadedAt >= refreshAfter) {
            m_loading = true;
            lock.unlock();
            load();
        }
        return QtFuture::makeReadyFuture(current);
    }
    auto waiter = std::make_shared<QPromise<std::shared_ptr<const SigningKeySet>>>();
    waiter->start();
    QFuture<std::shared_ptr<const SigningKeySet>> mine = waiter->future();
    m_waiters.append(waiter);
    if (m_loading)
        return mine;
    m_loading = true;
    lock.unlock();
    load();
    return mine;
}

void SigningKeyCache::load() const
{
    QFuture<SigningKeySet> loading;
    try {
        loading = loadSigningKeys(m_store, m_box);
    } catch (...) {
        settle(nullptr, std::current_exception());
        return;
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
}

void SigningKeyCache::settle(const std::shared_ptr<const SigningKeySet> &keys, std::exception_ptr error) const
{
    QList<Waiter> waiters;
    {
        QMutexLocker lock(&m_mutex);
        if (keys) {
            m_keys = keys;
            m_loadedAt = m_now();
        } else if (m_keys) {
            // A refresh failed: the set in use stays, and is read again after refreshAfter.
            m_loadedAt = m_now();
            try {
                std::rethrow_exception(error);
            } catch (const std::exception &e) {
                qCWarning(lcKeys).noquote() << "could not read the OpenID Provider's signing keys again; keeping the ones in use:"
                                            << e.what();
            } catch (...) {
                qCWarning(lcKeys) << "could not read the OpenID Provider's signing keys again; keeping the ones in use";
            }
        }
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
