#pragma once
/*
 * Brute-force protection for credential sign-ins: failures are counted per key (an identifier,
 * a client address) over a sliding window. The in-memory limiter serves one process; a
 * storage-backed one shares the state between servers.
 */
#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <deque>

namespace Gatehouse {

//! Counts failures per key; a key with \c limit failures inside the window is limited.
class RateLimiter
{
public:
    virtual ~RateLimiter() = default;
    //! True when \a key has had \a limit failures or more within the last \a windowSeconds.
    virtual QFuture<bool> isLimited(const QString &key, int limit, qint64 windowSeconds) = 0;
    //! Records one failure for \a key. The future finishes once it is counted, so that an answer
    //! given after it is followed by checks that see it; it never fails (a store error is logged).
    virtual QFuture<void> recordFailure(const QString &key, qint64 windowSeconds) = 0;
    //! Records one failure for each of \a keys (empty ones skipped); finishes when all are counted.
    QFuture<void> recordFailures(const QStringList &keys, qint64 windowSeconds);
    /*!
     * Counts one attempt under \a key and says whether it is allowed: at most \a limit in the
     * window (refused ones are not counted). Check and count are one step, so concurrent
     * guesses cannot slip past the limit between them; a success should reset() the key.
     */
    virtual QFuture<bool> tryAttempt(const QString &key, int limit, qint64 windowSeconds) = 0;
    //! Forgets \a key's failures (after a successful sign-in). The future finishes once they
    //! are forgotten, so that attempts counted after it are not wiped; it never fails.
    virtual QFuture<void> reset(const QString &key) = 0;
};

//! Sliding-window limiter in memory, safe to share between threads, bounded in size.
class MemoryRateLimiter final : public RateLimiter
{
public:
    explicit MemoryRateLimiter(int maxKeys = 100000);
    QFuture<bool> isLimited(const QString &key, int limit, qint64 windowSeconds) override;
    //! The synchronous form of isLimited().
    bool limitedNow(const QString &key, int limit, qint64 windowSeconds);
    QFuture<void> recordFailure(const QString &key, qint64 windowSeconds) override;
    QFuture<bool> tryAttempt(const QString &key, int limit, qint64 windowSeconds) override;
    QFuture<void> reset(const QString &key) override;

private:
    void prune(qint64 now, qint64 windowSeconds);

    QMutex m_mutex;
    QHash<QString, std::deque<qint64>> m_failures;  // key -> failure times (ms), oldest first
    int m_maxKeys;
    static constexpr int kMaxPerKey = 1000;
};

} // namespace Gatehouse
