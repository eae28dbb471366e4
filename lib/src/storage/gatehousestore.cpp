#include <gatehouse/gatehousestore.h>

namespace Gatehouse {

AuditStore::~AuditStore() = default;
UserStateStore::~UserStateStore() = default;
RateLimitStore::~RateLimitStore() = default;
AdminStore::~AdminStore() = default;
TwoFactorStore::~TwoFactorStore() = default;

} // namespace Gatehouse
