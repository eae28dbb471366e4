#pragma once
/*
 * The JWT "not before" times (AccountStore::sessionsNotBefore) read lately, so that a JWT
 * session read does not cost a store query each time (tests/bench/session/README.md). One cache
 * per adapter, shared by everything that resolves the adapter's stores (Stores::of: the engine,
 * Account); an entry lives a few seconds, and a change made through Account drops it at once, so
 * this process sees its own changes immediately and other processes sharing the database within
 * the lifetime (lib/src/account/README.md).
 */
#include <QDateTime>
#include <QString>
#include <QHash>
#include <QMutex>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace Gatehouse {

class Adapter;

class NotBeforeCache
{
public:
    //! The one cache of \a adapter in this process, made on first use; it lives while any holder does.
    static std::shared_ptr<NotBeforeCache> of(const Adapter *adapter);

    using Clock = std::chrono::steady_clock;
    static constexpr std::chrono::milliseconds kLifetime{5000};
    static constexpr int kCapacity = 10000;

    explicit NotBeforeCache(std::chrono::milliseconds lifetime = kLifetime,
                            std::function<Clock::time_point()> now = &Clock::now, int capacity = kCapacity);

    //! What a read of \a userId found recently (itself nullopt when none is set); nullopt: ask the store.
    std::optional<std::optional<QDateTime>> find(const QString &userId) const;

    //! To be taken before a read of the store starts, and passed to remember() with its result.
    quint64 generation() const;
    //! Keeps what a read found, unless a change was made since it began (its \a generation).
    void remember(const QString &userId, const std::optional<QDateTime> &notBefore, quint64 generation);
    //! A change of \a userId's time is being made or was made: reads begun before it are not kept.
    void forget(const QString &userId);

private:
    struct Entry
    {
        std::optional<QDateTime> notBefore;
        Clock::time_point until;
    };

    const std::chrono::milliseconds m_lifetime;
    const std::function<Clock::time_point()> m_now;
    const int m_capacity;
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
    quint64 m_generation = 0;
};

} // namespace Gatehouse
