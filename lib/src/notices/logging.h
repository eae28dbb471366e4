#pragma once
#include <QLoggingCategory>

// gatehouse.notices: notices that could not be mailed (warnings), given up (critical).
Q_DECLARE_LOGGING_CATEGORY(lcNotices)
