#pragma once
/*! \file records.h  Store records as the QVariantMaps of the admin's list models. */
#include <gatehouse/adaptertypes.h>
#include <gatehouse/gatehousestore.h>

#include <QJsonObject>
#include <QVariantMap>

namespace Gatehouse::Admin::Records {

QVariantMap account(const AdapterAccount &account);
//! \a maxAge (seconds) dates lastSeen; \a clientAddress from the audit log, may be empty.
QVariantMap session(const SessionListEntry &entry, qint64 maxAge, const QString &clientAddress = {});
QVariantMap authenticator(const AdapterAuthenticator &authenticator);
QVariantMap auditEvent(const AuditEvent &event);
//! The user roles of UsersModel (without \c loaded).
QVariantMap user(const UserListEntry &entry);

/*!
 * The same records from the admin API's JSON (\c {GET users/{id}/accounts}, \c passkeys,
 * \c sessions, \c events and \c {GET sessions}). Each also keeps \c apiId, the id the API
 * addresses the record by (a session's is the hash of its token, which the API never shows: it
 * stands in for \c sessionToken). \a maxAge dates a session's lastSeen when the server does not.
 */
//! A user of \c {GET users} or \c {GET users/{id}}.
UserListEntry userFromApi(const QJsonObject &json);
QVariantMap accountFromApi(const QJsonObject &json);
QVariantMap sessionFromApi(const QJsonObject &json, qint64 maxAge);
QVariantMap authenticatorFromApi(const QJsonObject &json);
QVariantMap auditEventFromApi(const QJsonObject &json);

//! The first 8 characters of \a id and an ellipsis, for display.
QString tokenHint(const QString &id);
/*!
 * What a session is shown as: tokenHint() of its token's SHA-256 in hex, the id the admin API
 * and the audit log (\c sessionEnd) name it by, so a session looks the same on a database and
 * over a server, and no part of the token is shown.
 */
QString sessionHint(const QString &sessionToken);

} // namespace Gatehouse::Admin::Records
