#include <gatehouse/passwordresetstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (its user is recovery/).
PasswordResetStore::~PasswordResetStore() = default;

} // namespace Gatehouse
