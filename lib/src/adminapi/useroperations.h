#pragma once
/*
 * The admin API's operations on users (README.md: the list): each reads its input strictly,
 * checks everything before it changes anything, calls the library operation the CLI and the
 * admin app call, and audits the change with the caller's by (auditChange()).
 */
#include "adminapi/bearer.h"

#include <gatehouse/authresponse.h>

#include <QJsonObject>

namespace Gatehouse::AdminApiDetail {

/*!
 * Answers \a request for \a path, the segments after \c admin/api/ (\c {"users", "7",
 * "sessions"}), for \a caller. Throws ApiError for every refusal, 404 for a path it does not
 * serve and 405 for a method it does not serve there.
 */
AuthResponse serveUsers(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path);

/*!
 * An audit event \a type of user \a userId with \a detail and \c by \a caller, stored before the
 * answer (a script reading the audit log next finds it); a failure to store it is logged.
 */
void auditChange(const Stores &stores, const Caller &caller, const QString &type, const QString &userId,
                 QJsonObject detail = {});
//! User \a id, or an ApiError 404 naming \c id.
AdapterUser existingUser(const Stores &stores, const QString &id);
//! The id the API gives a session: the SHA-256 of its token in hex, never the token itself.
QString sessionIdOf(const QString &sessionToken);
//! A session as the lists answer it: \c id, \c expires, \c lastSeen (when it was last
//! extended: its expiry less the running configuration's \c session.maxAge, within updateAge)
//! and \c expired (\c expires is past now).
QJsonObject sessionJson(const AdapterSession &session, const Caller &caller);

} // namespace Gatehouse::AdminApiDetail
