#include "oauth/logging.h"

namespace Gatehouse::OAuth {
Q_LOGGING_CATEGORY(lcOAuth, "gatehouse.oauth", QtWarningMsg)
}
