#include "logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcServer, "gatehouse.server", QtInfoMsg)
Q_LOGGING_CATEGORY(lcScript, "gatehouse.server.script", QtInfoMsg)
}
