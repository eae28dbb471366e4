#pragma once
/*! \file logging.h  The oauth module's logging category, \c gatehouse.oauth. */
#include <QLoggingCategory>

namespace Gatehouse::OAuth {
Q_DECLARE_LOGGING_CATEGORY(lcOAuth)
}
