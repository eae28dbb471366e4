#pragma once
/*! \file logging.h  The jose module's logging category, \c gatehouse.jose. */
#include <QLoggingCategory>

namespace Gatehouse::Jose {
Q_DECLARE_LOGGING_CATEGORY(lcJose)
}
