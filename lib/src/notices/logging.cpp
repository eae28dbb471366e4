#include "notices/logging.h"

Q_LOGGING_CATEGORY(lcNotices, "gatehouse.notices", QtInfoMsg)
