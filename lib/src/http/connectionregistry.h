#pragma once
#include <gatehouse/connectioncounts.h>

#include "http/connectionlimitlog.h"

#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QMutex>
#include <QPair>

#include <atomic>
#include <chrono>
#include <optional>
#include <vector>

namespace Gatehouse {

/*!
 * The open connections of an HttpServerPool over all its threads: the connection cap, the
 * per-address limit, their log and their counts.
 *
 * The thread that accepts a connection asks admit() before serving it. Beyond the per-address
 * limit it is refused. At the cap, the connections idle the longest (between requests, or not
 * having sent a byte yet) are evicted to make room; a connection with a request in progress
 * never is, and the new one is refused only when every connection is busy.
 *
 * Admitting and closing a connection take a lock; its requests do not. A Member keeps in one
 * atomic word whether its connection is busy, or idle since when: admit() reads it to choose
 * whom to evict, and claims it by compare-and-swap, which the member's own beginRequest()
 * races with, so a connection is never evicted after its request has started.
 */
class ConnectionRegistry
{
public:
    using Clock = std::chrono::steady_clock;
    using Subnet = QPair<QHostAddress, int>;

    //! Where a connection's address is counted: an IPv4 address, or an IPv6 /64 network.
    struct AddressKey
    {
        quint64 high = 0;
        quint64 low = 0;
        bool operator==(const AddressKey &o) const { return high == o.high && low == o.low; }
    };

    //! A connection admitted and not yet served, or served: what it counts against.
    struct Admission
    {
        AddressKey key;
        bool exempt = false;  //!< from the per-address limit
    };

    //! A connection's place in the registry: part of the connection, used from its thread.
    class Member
    {
    public:
        Member() = default;
        Member(const Member &) = delete;
        Member &operator=(const Member &) = delete;

        //! A request starts. False if the connection has been evicted: it must close.
        bool beginRequest();
        //! The connection is idle from \a since on: no request in progress, nothing left to send.
        void endRequest(Clock::time_point since);
        bool isEvicted() const { return m_state.load(std::memory_order_relaxed) == kEvicted; }

    protected:
        ~Member() = default;
        //! Called with the registry's lock held, on whichever thread admits a new connection:
        //! the connection must close on its own thread, without calling back.
        virtual void evict() = 0;

    private:
        friend class ConnectionRegistry;
        static constexpr qint64 kBusy = -1;
        static constexpr qint64 kEvicted = -2;

        //! Idle since (nanoseconds of Clock), kBusy or kEvicted. Only admit() writes kEvicted.
        std::atomic<qint64> m_state{kBusy};
        qint64 m_known = kBusy;  //!< what the member itself last stored
        std::size_t m_index = 0;  //!< in ConnectionRegistry::m_members
        Admission m_admission;
    };

    ConnectionRegistry();

    //! Limits for connections admitted from now on.
    void setLimits(int maxConnections, int maxPerAddress);
    //! Addresses or subnets exempt from the per-address limit, for connections admitted from now on.
    void setExempt(const QList<Subnet> &subnets);
    //! Replaces the log's output (tests).
    void setLogSink(ConnectionLimitLog::Sink sink);

    //! Counts a new connection from \a peer, evicting idle ones at the cap; nothing if refused.
    std::optional<Admission> admit(const QHostAddress &peer, Clock::time_point now = Clock::now());
    //! \a member serves the connection \a admission was for; idle since \a now.
    void join(Member *member, const Admission &admission, Clock::time_point now = Clock::now());
    //! \a member's connection has closed.
    void leave(Member *member);
    //! A connection admitted was closed before it was served.
    void cancel(const Admission &admission);

    ConnectionCounts counts() const;
    //! Logs the summary of limits no longer reached (see ConnectionLimitLog).
    void tick(Clock::time_point now = Clock::now());
    //! Logs every summary now.
    void flushLog();

    static AddressKey keyOf(const QHostAddress &address);
    static QString textOf(const AddressKey &key);

private:
    struct Candidate
    {
        Member *member;
        qint64 idleSince;
    };
    int evictIdle();
    void uncount(const Admission &admission);
    QString holders() const;

    mutable QMutex m_mutex;
    int m_maxConnections = 1000;
    int m_maxPerAddress = 64;
    QList<Subnet> m_exempt;
    std::vector<Member *> m_members;      //!< the connections being served
    std::vector<Candidate> m_candidates;  //!< evictIdle()'s scratch
    QHash<AddressKey, int> m_perAddress;  //!< open connections per address, exempt ones not
    int m_open = 0;                       //!< admitted, not closed nor evicted
    int m_counted = 0;                    //!< of those, the ones counted per address
    ConnectionCounts m_counts;
    ConnectionLimitLog m_log;
};

inline size_t qHash(const ConnectionRegistry::AddressKey &key, size_t seed = 0) noexcept
{
    return qHashMulti(seed, key.high, key.low);
}

} // namespace Gatehouse
