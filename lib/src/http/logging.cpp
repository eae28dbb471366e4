#include "http/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcHttp, "gatehouse.http", QtInfoMsg)
}
