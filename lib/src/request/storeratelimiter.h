#pragma once
/*
 * The rate limiter kept in storage (gatehouse_rate_limit), so that every server sharing the
 * database counts the same attempts.
 */
#include "core/ratelimiter.h"

#include <gatehouse/ratelimitstore.h>

namespace Gatehouse {

class StoreRateLimiter final : public RateLimiter
{
public:
    explicit StoreRateLimiter(RateLimitStore &store);
    QFuture<bool> isLimited(const QString &key, int limit, qint64 windowSeconds) override;
    QFuture<bool> tryAttempt(const QString &key, int limit, qint64 windowSeconds) override;
    QFuture<void> reset(const QString &key) override;
    QFuture<void> refund(const QString &key, qint64 windowSeconds) override;

private:
    RateLimitStore &m_store;
};

} // namespace Gatehouse
