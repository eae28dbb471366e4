#pragma once
/*
 * The admin API's overview (README.md: the list): the dashboard's figures, as gatehouse-admin's
 * dashboard shows them, and the clean-up of expired database sessions.
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

namespace Gatehouse::AdminApiDetail {

//! \c GET dashboard: users, sessions, sign-ins and failures a day, the top providers.
AuthResponse serveDashboard(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                            const QDateTime &now);

//! \c GET sessions: every user's sessions, a page at a time; \c POST sessions/cleanup: deletes
//! the expired database sessions, in batches.
AuthResponse serveSessions(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path);

} // namespace Gatehouse::AdminApiDetail
