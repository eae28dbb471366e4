#include "mail/logging.h"

namespace Gatehouse {
Q_LOGGING_CATEGORY(lcMail, "gatehouse.mail", QtInfoMsg)
}
