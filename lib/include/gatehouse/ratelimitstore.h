#pragma once
/*! \file ratelimitstore.h  Rate limits kept in storage, shared by every server on the database. */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>

namespace Gatehouse {

/*!
 * One counter of \c gatehouse_rate_limit as stored (RateLimitStore::rateLimitCounts()): the
 * attempts of the current fixed window and of the one before it.
 */
struct GATEHOUSE_EXPORT RateLimitCount
{
    QString key;
    qint64 windowStart = 0;     //!< start of the window \c count belongs to, ms since the epoch
    qint64 count = 0;           //!< attempts counted in that window
    qint64 previousCount = 0;   //!< attempts counted in the window before it

    /*!
     * From when RateLimitStore::hitRateLimit() under a limit of \a limit per \a window allows an
     * attempt again, as seen at \a now: \a now itself when it allows one already.
     */
    QDateTime allowedFrom(std::chrono::milliseconds window, int limit, const QDateTime &now) const;
};

/*!
 * Sliding-window attempt counters (\c gatehouse_rate_limit). With it the engine's rate limits
 * (failed credentials sign-ins, sign-in mails) count across every server sharing the
 * database; without it each engine counts in its own memory. Futures fail with AdapterError.
 */
class GATEHOUSE_EXPORT RateLimitStore
{
public:
    virtual ~RateLimitStore();

    /*!
     * Counts one attempt under \a key in a sliding window of length \a window and says whether
     * it is allowed: at most \a limit attempts per window. Refused attempts are not counted.
     * Atomic: concurrent callers (also in other processes sharing the database) never get more
     * than \a limit "allowed" answers in one window.
     */
    virtual QFuture<bool> hitRateLimit(const QString &key, std::chrono::milliseconds window,
                                       int limit) = 0;
    //! Whether hitRateLimit() would allow an attempt now, without counting one.
    virtual QFuture<bool> rateLimitAllows(const QString &key, std::chrono::milliseconds window,
                                          int limit) = 0;
    //! Forgets every attempt counted under \a key.
    virtual QFuture<void> resetRateLimit(const QString &key) = 0;
    /*!
     * Takes back one attempt hitRateLimit() counted under \a key in a window of length \a window
     * (an attempt that turned out not to count, such as a successful sign-in), so that it no
     * longer uses up the limit; nothing when none is counted. Atomic as hitRateLimit() is. The
     * default fails with AdapterError::notImplemented: without it every attempt stays counted.
     */
    virtual QFuture<void> refundRateLimit(const QString &key, std::chrono::milliseconds window);
    /*!
     * The counters whose key starts with one of \a keyPrefixes (compared exactly, character for
     * character), ordered by key; an administrator's view of who is limited (gatehouse/lockouts.h).
     * The default fails with AdapterError::notImplemented.
     */
    virtual QFuture<QList<RateLimitCount>> rateLimitCounts(const QStringList &keyPrefixes);
    /*!
     * Forgets every attempt counted under each of \a keys, in one step; finishes with the number
     * of counters removed. The default fails with AdapterError::notImplemented.
     */
    virtual QFuture<qint64> resetRateLimits(const QStringList &keys);

protected:
    RateLimitStore() = default;
    Q_DISABLE_COPY(RateLimitStore)
};

} // namespace Gatehouse
