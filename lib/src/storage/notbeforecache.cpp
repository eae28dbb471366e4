#include "storage/notbeforecache.h"

namespace Gatehouse {

std::shared_ptr<NotBeforeCache> NotBeforeCache::of(const Adapter *adapter)
{
    // Keyed by address: every holder of a cache also shares ownership of its adapter (Stores),
    // so no other adapter can have that address while the entry is alive.
    static QMutex mutex;
    static QHash<const Adapter *, std::weak_ptr<NotBeforeCache>> caches;
    QMutexLocker lock(&mutex);
    caches.removeIf([](QHash<const Adapter *, std::weak_ptr<NotBeforeCache>>::iterator it) {
        return it->expired();
    });
    std::weak_ptr<NotBeforeCache> &slot = caches[adapter];
    std::shared_ptr<NotBeforeCache> cache = slot.lock();
    if (!cache) {
        cache = std::make_shared<NotBeforeCache>();
        slot = cache;
    }
    return cache;
}

NotBeforeCache::NotBeforeCache(std::chrono::milliseconds lifetime, std::function<Clock::time_point()> now,
                               int capacity)
    : m_lifetime(lifetime), m_now(std::move(now)), m_capacity(qMax(1, capacity))
{
}

std::optional<std::optional<QDateTime>> NotBeforeCache::find(const QString &userId) const
{
    const Clock::time_point now = m_now();
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(userId);
    if (it == m_entries.cend() || now >= it->until)
        return std::nullopt;
    return it->notBefore;
}

quint64 NotBeforeCache::generation() const
{
    QMutexLocker lock(&m_mutex);
    return m_generation;
}

void NotBeforeCache::remember(const QString &userId, const std::optional<QDateTime> &notBefore, quint64 generation)
{
    const Clock::time_point until = m_now() + m_lifetime;
    QMutexLocker lock(&m_mutex);
    if (generation != m_generation)
        return;
    if (m_entries.size() >= m_capacity && !m_entries.contains(userId)) {
        // Expired entries go first; a cache full of live ones starts over (a query each, once).
        const Clock::time_point now = m_now();
        m_entries.removeIf([now](QHash<QString, Entry>::iterator entry) { return now >= entry->until; });
        if (m_entries.size() >= m_capacity)
            m_entries.clear();
    }
    m_entries.insert(userId, {notBefore, until});
}

void NotBeforeCache::forget(const QString &userId)
{
    QMutexLocker lock(&m_mutex);
    ++m_generation;
    m_entries.remove(userId);
}

} // namespace Gatehouse
