#pragma once
#include <QLoggingCategory>

namespace Gatehouse {
Q_DECLARE_LOGGING_CATEGORY(lcOidcLogout)
} // namespace Gatehouse
