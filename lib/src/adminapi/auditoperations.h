#pragma once
/*
 * The admin API's audit pull (README.md): the audit log read forward from a cursor, as
 * newline-delimited JSON, for a SIEM or a script that keeps its place.
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

#include <QDateTime>

namespace Gatehouse::AdminApiDetail {

/*!
 * Answers \a request for \a path (\c {"audit"}) for \a caller at \a now. Throws ApiError for
 * every refusal, 404 for a path it does not serve and 405 for another method than GET.
 */
AuthResponse serveAudit(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path,
                        const QDateTime &now);

} // namespace Gatehouse::AdminApiDetail
