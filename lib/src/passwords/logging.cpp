#include "passwords/logging.h"

Q_LOGGING_CATEGORY(lcPasswords, "gatehouse.passwords", QtWarningMsg)
