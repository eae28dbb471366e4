#include <gatehouse/usertransferstore.h>

namespace Gatehouse {

UserTransferStore::~UserTransferStore() = default;

} // namespace Gatehouse
