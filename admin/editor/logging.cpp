#include "logging.h"

namespace Gatehouse::Admin {
Q_LOGGING_CATEGORY(lcAdminEditor, "gatehouse.admin.editor", QtInfoMsg)
}
