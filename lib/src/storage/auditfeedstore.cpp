#include <gatehouse/auditfeedstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (its user is notices/).
AuditFeedStore::~AuditFeedStore() = default;

} // namespace Gatehouse
