#pragma once
/*!
 * \file signingkeycache.h  The key set of one engine, loaded (or generated) once, on the first
 * request that needs it: an engine without \c oidcProvider never touches the store for it.
 */
#include "oidcprovider/signingkeys.h"

#include <QFuture>
#include <QMutex>
#include <QPromise>

#include <chrono>
#include <functional>
#include <memory>

namespace Gatehouse::OidcProvider {

/*!
 * Loads the key set with loadSigningKeys() once and hands the same set to every caller after
 * that. Callers that arrive while it loads wait for that one load. A load that fails (the
 * store unavailable, a key that does not open) fails every waiting caller and is tried again by
 * the next one: a key that does not open fails it again, so the provider stays closed. Shared
 * by all threads; owned by a shared_ptr (a load in flight keeps it alive).
 *
 * A set older than refreshAfter is read again, so that a rotation (another process adding keys)
 * reaches every server well within KeySchedule::publishBeforeSigning; the callers meanwhile get
 * the set they had. A refresh that fails keeps that set (and is tried again by the next caller
 * after refreshAfter): keys already in use are never dropped for a store that cannot answer.
 */
class SigningKeyCache : public std::enable_shared_from_this<SigningKeyCache>
{
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::seconds refreshAfter{60};
    static_assert(2 * refreshAfter <= KeySchedule::publishBeforeSigning);

    SigningKeyCache(std::shared_ptr<OidcKeyStore> store, std::shared_ptr<const KeyBox> box,
                    std::function<Clock::time_point()> now = &Clock::now);

    //! The key set; fails with UnusableSigningKey or the store's AdapterError.
    QFuture<std::shared_ptr<const SigningKeySet>> keys() const;

private:
    using Waiter = std::shared_ptr<QPromise<std::shared_ptr<const SigningKeySet>>>;
    void load() const;
    void settle(const std::shared_ptr<const SigningKeySet> &keys, std::exception_ptr error) const;

    std::shared_ptr<OidcKeyStore> m_store;
    std::shared_ptr<const KeyBox> m_box;
    const std::function<Clock::time_point()> m_now;
    mutable QMutex m_mutex;
    mutable std::shared_ptr<const SigningKeySet> m_keys;
    mutable Clock::time_point m_loadedAt;
    mutable bool m_loading = false;
    mutable QList<Waiter> m_waiters;
};

} // namespace Gatehouse::OidcProvider
