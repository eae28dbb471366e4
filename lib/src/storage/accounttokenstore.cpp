#include <gatehouse/accounttokenstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (AccessTokens, its user, is in oauth/).
AccountTokenStore::~AccountTokenStore() = default;

} // namespace Gatehouse
