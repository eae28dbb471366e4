#pragma once
/*
 * Brute-force protection for credential sign-ins: attempts are counted per key (an identifier,
 * a client address) over a sliding window, each one before it is checked, so that concurrent
 * guesses cannot slip past the limit while earlier ones are still being checked. A success
 * resets or refunds what it counted. The in-memory limiter serves one process; a storage-backed
 * one shares the state between servers.
 */
#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <deque>

namespace Gatehouse {

//! One limit an attempt is counted against: at most \c limit attempts under \c key.
struct AttemptLimit
{
    QString key;   //!< empty: this limit does not apply to the attempt
    int limit = 0;
};

//! Counts attempts per key; a key with \c limit attempts inside the window is limited.
class RateLimiter
{
public:
    virtual ~RateLimiter() = default;
    //! True when \a key has had \a limit attempts or more within the last \a windowSeconds.
    virtual QFuture<bool> isLimited(const QString &key, int limit, qint64 windowSeconds) = 0;
    /*!
     * Counts one attempt under \a key and says whether it is allowed: at most \a limit in the
     * window (refused ones are not counted). Check and count are one step, so concurrent
     * guesses cannot slip past the limit between them; a success should reset() the key.
     */
    virtual QFuture<bool> tryAttempt(const QString &key, int limit, qint64 windowSeconds) = 0;
    /*!
     * Takes one attempt under each of \a limits, in order; the future holds the key of the
     * limit that refused it, empty when all allowed it. All or none: the attempts taken before
     * a refusal are refunded, so a refused attempt uses up no limit. Fails as tryAttempt() does
     * (a store error: the attempt is not allowed).
     */
    QFuture<QString> tryAttempts(const QList<AttemptLimit> &limits, qint64 windowSeconds);
    //! Forgets \a key's attempts (after a successful sign-in). The future finishes once they
    //! are forgotten, so that attempts counted after it are not wiped; it never fails.
    virtual QFuture<void> reset(const QString &key) = 0;
    /*!
     * Takes back one attempt tryAttempt() counted under \a key (a success that is not to use
     * up the limit). The future finishes once it is taken back; it never fails.
     */
    virtual QFuture<void> refund(const QString &key, qint64 windowSeconds) = 0;
    //! refund() for each of \a keys (empty ones skipped); finishes when all are taken back.
    QFuture<void> refunds(const QStringList &keys, qint64 windowSeconds);
};

//! Sliding-window limiter in memory, safe to share between threads, bounded in size.
class MemoryRateLimiter final : public RateLimiter
{
public:
    explicit MemoryRateLimiter(int maxKeys = 100000);
    QFuture<bool> isLimited(const QString &key, int limit, qint64 windowSeconds) override;
    //! The synchronous form of isLimited().
    bool limitedNow(const QString &key, int limit, qint64 windowSeconds);
    QFuture<bool> tryAttempt(const QString &key, int limit, qint64 windowSeconds) override;
    QFuture<void> reset(const QString &key) override;
    QFuture<void> refund(const QString &key, qint64 windowSeconds) override;

private:
    void prune(qint64 now, qint64 windowSeconds);

    QMutex m_mutex;
    QHash<QString, std::deque<qint64>> m_failures;  // key -> attempt times (ms), oldest first
    int m_maxKeys;
    static constexpr int kMaxPerKey = 1000;
};

} // namespace Gatehouse
