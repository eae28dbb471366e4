#include "oidclogout/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcOidcLogout, "gatehouse.oidclogout", QtInfoMsg)
} // namespace Gatehouse
