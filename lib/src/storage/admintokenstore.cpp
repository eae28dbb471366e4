#include <gatehouse/admintokenstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (its user is adminapi/).
AdminTokenStore::~AdminTokenStore() = default;

} // namespace Gatehouse
