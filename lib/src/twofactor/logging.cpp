#include "twofactor/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcTwoFactor, "gatehouse.twofactor", QtInfoMsg)
} // namespace Gatehouse
