#pragma once
#include <QLoggingCategory>

// gatehouse.webhooks: deliveries that failed (warnings, with the next try), given up (critical).
Q_DECLARE_LOGGING_CATEGORY(lcWebhooks)
