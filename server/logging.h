#pragma once
/*! \file logging.h  Logging categories of gatehouse-server. */
#include <QLoggingCategory>

namespace Gatehouse {
Q_DECLARE_LOGGING_CATEGORY(lcServer)   //!< gatehouse.server: start-up, shutdown, configuration
Q_DECLARE_LOGGING_CATEGORY(lcScript)   //!< gatehouse.server.script: JavaScript callbacks and console
}
