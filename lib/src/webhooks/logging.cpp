#include "webhooks/logging.h"

Q_LOGGING_CATEGORY(lcWebhooks, "gatehouse.webhooks", QtInfoMsg)
