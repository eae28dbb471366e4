#include "adminapi/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcAdminApi, "gatehouse.adminapi", QtInfoMsg)
} // namespace Gatehouse
