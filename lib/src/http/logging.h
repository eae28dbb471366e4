#pragma once
#include <QLoggingCategory>

namespace Gatehouse {
//! \c gatehouse.http: one info line per request, warnings about misbehaving handlers and clients.
Q_DECLARE_LOGGING_CATEGORY(lcHttp)
}
