#include "logging.h"

namespace Gatehouse::Admin {
Q_LOGGING_CATEGORY(lcAdmin, "gatehouse.admin", QtInfoMsg)
} // namespace Gatehouse::Admin
