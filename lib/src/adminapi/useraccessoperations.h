#pragma once
/*
 * The admin API's operations on what lets a user in (README.md: the list): their password, linked
 * accounts, passkeys, groups, one of their sessions, the rate limits that keep them out, their
 * authenticator app. Each calls the
 * library operation the CLI and the admin app call, with the caller as the audit's by.
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

namespace Gatehouse::AdminApiDetail {

//! Whether \a path (\c {"users", ID, ...}) names one of these operations.
bool servesUserAccess(const QStringList &path);

//! Answers \a request for \a path, which servesUserAccess() accepts; throws ApiError for every refusal.
AuthResponse serveUserAccess(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path);

} // namespace Gatehouse::AdminApiDetail
