#include <gatehouse/accountstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (its user, Account, is in account/).
AccountStore::~AccountStore() = default;

} // namespace Gatehouse
