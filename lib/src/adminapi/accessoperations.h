#pragma once
/*
 * The admin API's access tester (README.md: the list): would this person be let through to
 * this URL by forward authentication's rules of the running configuration, and which rule
 * decides? gatehouse-admin's tester asks the same of the configuration it edits.
 */
#include "adminapi/bearer.h"

#include <gatehouse/access.h>
#include <gatehouse/authresponse.h>

namespace Gatehouse::AdminApiDetail {

//! \c GET access?url=&method=&user=&groups= under \a access.
AuthResponse serveAccessTest(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                             const AccessOptions &access);

} // namespace Gatehouse::AdminApiDetail
