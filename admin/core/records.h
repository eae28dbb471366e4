#pragma once
/*! \file records.h  Store records as the QVariantMaps of the admin's list models. */
#include <gatehouse/adaptertypes.h>
#include <gatehouse/gatehousestore.h>

#include <QVariantMap>

namespace Gatehouse::Admin::Records {

QVariantMap account(const AdapterAccount &account);
//! \a maxAge (seconds) dates lastSeen; \a clientAddress from the audit log, may be empty.
QVariantMap session(const SessionListEntry &entry, qint64 maxAge, const QString &clientAddress = {});
QVariantMap authenticator(const AdapterAuthenticator &authenticator);
QVariantMap auditEvent(const AuditEvent &event);
//! The user roles of UsersModel (without \c loaded).
QVariantMap user(const UserListEntry &entry);

//! The first 8 characters of a session token and an ellipsis, for display.
QString tokenHint(const QString &token);

} // namespace Gatehouse::Admin::Records
