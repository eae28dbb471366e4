#include <gatehouse/gatehousestore.h>

#include <gatehouse/adaptererror.h>

#include "core/futures.h"
#include "storage/ratelimitwindow.h"

namespace Gatehouse {

AuditStore::~AuditStore() = default;
UserStateStore::~UserStateStore() = default;
RateLimitStore::~RateLimitStore() = default;

QFuture<void> RateLimitStore::refundRateLimit(const QString &, std::chrono::milliseconds)
{
    return failedFuture<void>(AdapterError::notImplemented(QStringLiteral("refundRateLimit")));
}

QFuture<QList<RateLimitCount>> RateLimitStore::rateLimitCounts(const QStringList &)
{
    return failedFuture<QList<RateLimitCount>>(AdapterError::notImplemented(QStringLiteral("rateLimitCounts")));
}

QFuture<qint64> RateLimitStore::resetRateLimits(const QStringList &)
{
    return failedFuture<qint64>(AdapterError::notImplemented(QStringLiteral("resetRateLimits")));
}

QDateTime RateLimitCount::allowedFrom(std::chrono::milliseconds window, int limit, const QDateTime &now) const
{
    const RateLimitWindow stored{windowStart, count, previousCount};
    return QDateTime::fromMSecsSinceEpoch(stored.allowedFrom(now.toMSecsSinceEpoch(), window.count(), limit), Qt::UTC);
}
AdminStore::~AdminStore() = default;

QFuture<qint64> AdminStore::countUsersUpTo(const QString &search, const QString &group, qint64 limit)
{
    return countUsers(search, group).then([limit](qint64 count) { return qMin(count, qMax<qint64>(0, limit)); });
}
TwoFactorStore::~TwoFactorStore() = default;
OidcKeyStore::~OidcKeyStore() = default;
OidcCodeStore::~OidcCodeStore() = default;
OidcSessionStore::~OidcSessionStore() = default;
OidcGrantStore::~OidcGrantStore() = default;
OidcConsentStore::~OidcConsentStore() = default;

} // namespace Gatehouse
