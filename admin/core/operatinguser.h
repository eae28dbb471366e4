#pragma once
/*! \file operatinguser.h  Who runs the admin app, for the audit events of what it changes. */
#include <QString>

namespace Gatehouse::Admin {

//! The operating system account this process runs as ("uid N" when it has no name).
QString operatingUser();

} // namespace Gatehouse::Admin
