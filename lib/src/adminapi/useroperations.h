#pragma once
/*
 * The admin API's operations on users (README.md: the list): each reads its input strictly,
 * checks everything before it changes anything, calls the library operation the CLI and the
 * admin app call, and audits the change with by: token:NAME.
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

namespace Gatehouse::AdminApiDetail {

/*!
 * Answers \a request for \a path, the segments after \c admin/api/ (\c {"users", "7",
 * "sessions"}), for \a caller. Throws ApiError for every refusal, 404 for a path it does not
 * serve and 405 for a method it does not serve there.
 */
AuthResponse serveUsers(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path);

} // namespace Gatehouse::AdminApiDetail
