#include "storage/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcStorage, "gatehouse.storage", QtInfoMsg)
} // namespace Gatehouse
