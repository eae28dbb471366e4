#pragma once
/*!
 * \file documentcache.h  A cache of fetched documents (discovery metadata, JWK Sets) keyed by
 * URL, honouring the freshness their HTTP responses allow. Concurrent requests for the same
 * document share one fetch. Thread-safe.
 */
#include "oauth/waiters.h"

#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QMutex>

#include <functional>
#include <memory>

namespace Gatehouse::OAuth {

template<typename T>
class DocumentCache
{
public:
    struct Fetched
    {
        std::shared_ptr<const T> value;
        QDateTime freshUntil;
    };
    using Fetch = std::function<QFuture<Fetched>()>;

    //! Forced refreshes of one key are at most this frequent; within it the cached value is used.
    explicit DocumentCache(qint64 refreshCooldownSeconds = 10) : m_shared(std::make_shared<Shared>())
    {
        m_shared->cooldown = refreshCooldownSeconds;
    }

    /*!
     * The document under \a key: the cached one while fresh (and unless \a refresh), otherwise
     * the one \a fetch gets. A failed fetch fails the future and leaves the cache as it was.
     */
    QFuture<std::shared_ptr<const T>> get(const QString &key, bool refresh, const Fetch &fetch) const
    {
        const std::shared_ptr<Shared> shared = m_shared;
        std::shared_ptr<Waiters<std::shared_ptr<const T>>> waiters;
        QFuture<std::shared_ptr<const T>> mine;
        {
            QMutexLocker lock(&shared->mutex);
            Entry &entry = shared->entries[key];
            const QDateTime now = QDateTime::currentDateTimeUtc();
            if (entry.inflight)
                return entry.inflight->add();
            if (refresh && entry.lastForced.isValid() && entry.lastForced.secsTo(now) < shared->cooldown)
                refresh = false;
            if (entry.value && !refresh && now < entry.freshUntil)
                return QtFuture::makeReadyFuture(entry.value);
            if (refresh)
                entry.lastForced = now;
            waiters = entry.inflight = std::make_shared<Waiters<std::shared_ptr<const T>>>();
            mine = waiters->add();
        }
        QFuture<Fetched> fetching;
        try {
            fetching = fetch();
        } catch (...) {
            settle(shared, key, std::current_exception(), {});
            return mine;
        }
        fetching.then(QtFuture::Launch::Sync, [shared, key](const QFuture<Fetched> &done) {
            try {
                settle(shared, key, nullptr, done.result());
            } catch (...) {
                settle(shared, key, std::current_exception(), {});
            }
        });
        return mine;
    }

private:
    struct Entry
    {
        std::shared_ptr<const T> value;
        QDateTime freshUntil;
        QDateTime lastForced;
        std::shared_ptr<Waiters<std::shared_ptr<const T>>> inflight;  //!< the fetch under way, if any
    };
    struct Shared
    {
        QMutex mutex;
        QHash<QString, Entry> entries;
        qint64 cooldown = 10;
    };

    static void settle(const std::shared_ptr<Shared> &shared, const QString &key, std::exception_ptr error,
                       const Fetched &fetched)
    {
        std::shared_ptr<Waiters<std::shared_ptr<const T>>> waiters;
        {
            QMutexLocker lock(&shared->mutex);
            Entry &entry = shared->entries[key];
            waiters.swap(entry.inflight);
            if (!error) {
                entry.value = fetched.value;
                entry.freshUntil = fetched.freshUntil;
            }
        }
        waiters->settle(error, fetched.value);
    }

    std::shared_ptr<Shared> m_shared;
};

} // namespace Gatehouse::OAuth
