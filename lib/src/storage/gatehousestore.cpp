#include <gatehouse/gatehousestore.h>

namespace Gatehouse {

GatehouseStore::~GatehouseStore() = default;

} // namespace Gatehouse
