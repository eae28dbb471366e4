#include "core/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcCore, "gatehouse.core", QtInfoMsg)
}
