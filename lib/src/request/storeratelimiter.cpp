#include "request/storeratelimiter.h"

#include "core/logging.h"
#include "metrics/catalogue.h"

namespace Gatehouse {

namespace {
std::chrono::milliseconds windowOf(qint64 seconds)
{
    return std::chrono::seconds(seconds);
}

//! \a future as one that never fails: a store error is logged (the answer does not wait on it).
template<typename T>
QFuture<void> logFailure(QFuture<T> future, const char *what)
{
    return future.then(QtFuture::Launch::Sync, [what](QFuture<T> done) {
        try {
            done.waitForFinished();
        } catch (const std::exception &e) {
            qCWarning(lcCore) << "rate limiter:" << what << "failed:" << e.what();
        } catch (...) {
            qCWarning(lcCore) << "rate limiter:" << what << "failed";
        }
    });
}
} // namespace

StoreRateLimiter::StoreRateLimiter(RateLimitStore &store)
    : m_store(store)
{
}

QFuture<bool> StoreRateLimiter::isLimited(const QString &key, int limit, qint64 windowSeconds)
{
    return m_store.rateLimitAllows(key, windowOf(windowSeconds), limit)
        .then(QtFuture::Launch::Sync, [key](bool allows) {
            if (!allows)
                Metrics::recordRateLimited(key);
            return !allows;
        });
}

QFuture<bool> StoreRateLimiter::tryAttempt(const QString &key, int limit, qint64 windowSeconds)
{
    // A store error fails the future: without a count, the attempt is not allowed.
    return m_store.hitRateLimit(key, windowOf(windowSeconds), limit).then(QtFuture::Launch::Sync, [key](bool allowed) {
        if (!allowed)
            Metrics::recordRateLimited(key);
        return allowed;
    });
}

QFuture<void> StoreRateLimiter::reset(const QString &key)
{
    try {
        return logFailure(m_store.resetRateLimit(key), "reset");
    } catch (const std::exception &e) {
        qCWarning(lcCore) << "rate limiter: reset failed:" << e.what();
        return QtFuture::makeReadyFuture();
    }
}

QFuture<void> StoreRateLimiter::refund(const QString &key, qint64 windowSeconds)
{
    // A refund that fails leaves the attempt counted: stricter, never laxer.
    try {
        return logFailure(m_store.refundRateLimit(key, windowOf(windowSeconds)), "refund");
    } catch (const std::exception &e) {
        qCWarning(lcCore) << "rate limiter: refund failed:" << e.what();
        return QtFuture::makeReadyFuture();
    }
}

} // namespace Gatehouse
