#pragma once
#include <QLoggingCategory>

namespace Gatehouse::Admin {
Q_DECLARE_LOGGING_CATEGORY(lcAdmin)
} // namespace Gatehouse::Admin
