#include <gatehouse/gatehousestore.h>

#include <gatehouse/adaptererror.h>

#include "core/futures.h"

namespace Gatehouse {

AuditStore::~AuditStore() = default;
UserStateStore::~UserStateStore() = default;
RateLimitStore::~RateLimitStore() = default;

QFuture<void> RateLimitStore::refundRateLimit(const QString &, std::chrono::milliseconds)
{
    return failedFuture<void>(AdapterError::notImplemented(QStringLiteral("refundRateLimit")));
}
AdminStore::~AdminStore() = default;
TwoFactorStore::~TwoFactorStore() = default;
OidcKeyStore::~OidcKeyStore() = default;
OidcCodeStore::~OidcCodeStore() = default;
OidcGrantStore::~OidcGrantStore() = default;

} // namespace Gatehouse
