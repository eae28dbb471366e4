#pragma once
/*!
 * \file operatinguser.h  Who runs the admin app, and the audit events of what it changes on a
 * database: the one place that builds them.
 */
#include <gatehouse/auditstore.h>

#include <QJsonObject>
#include <QString>

namespace Gatehouse::Admin {

//! The operating system account this process runs as ("uid N" when it has no name).
QString operatingUser();

/*!
 * The audit event of a change the app made on a database: \a type and \a detail as the admin API's
 * operation records them (adminapi/README.md), with \c {"by": "admin"} and \c {"operator":
 * operatingUser()}, as gatehouse-server's \c user commands record theirs. \a userId may be empty
 * (a clean-up of every user's sessions). Never a secret in \a detail: a session is named by its
 * token's SHA-256 (sessionId()), as the API names it.
 */
AuditEvent adminChangeEvent(const QString &type, const QString &userId, QJsonObject detail = {});

/*!
 * Writes adminChangeEvent() to \a store and waits for it (on a worker thread). The change is made
 * when this is called: an event that cannot be written is logged, not thrown, so a change that
 * succeeded is not reported as failed (as the admin API and the CLI do).
 */
void recordAdminChange(AuditStore &store, const QString &type, const QString &userId, QJsonObject detail = {});
//! Writes \a event, an adminChangeEvent() given more (a \c provider), as recordAdminChange() does.
void recordAdminChange(AuditStore &store, const AuditEvent &event);
//! Logs that \a event's change was made but the event could not be written (\a why).
void warnUnrecorded(const AuditEvent &event, const QString &why);

//! The id the admin API and the audit log name a database session by: its token's SHA-256, in hex.
QString sessionId(const QString &sessionToken);

} // namespace Gatehouse::Admin
