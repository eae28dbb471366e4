#include "pages/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcPages, "gatehouse.pages", QtInfoMsg)
}
