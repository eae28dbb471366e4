#include "jose/logging.h"

namespace Gatehouse::Jose {
Q_LOGGING_CATEGORY(lcJose, "gatehouse.jose", QtWarningMsg)
}
