#pragma once
/*! \file detailmodels.h  The lists of UserDetail: accounts, sessions, authenticators, audit events. */
#include "recordsmodel.h"

#include <QtQml/qqmlregistration.h>

namespace Gatehouse::Admin {

/*!
 * A user's linked accounts. Roles: \c accountId, \c provider, \c providerAccountId, \c type
 * ("oauth", "oidc", "email", "webauthn", "credentials"), \c expiresAt (date-time of the access
 * token's expiry; invalid when none), \c scope, \c hasRefreshToken. Tokens themselves are
 * never exposed.
 */
class AccountsModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("AccountsModel belongs to a UserDetail")
public:
    explicit AccountsModel(QObject *parent = nullptr);
};

/*!
 * Sessions. Roles: \c sessionToken (the key for revoking; do not display it), \c tokenHint
 * (Records::sessionHint(): the first 8 hex digits of its SHA-256 + "…", for display; the same
 * on a database and over a server), \c userId, \c userEmail, \c userName,
 * \c expires (date-time), \c expired (bool), \c lastSeen (date-time the session was last
 * extended: expires − the configured session maxAge; an estimate within updateAge),
 * \c clientAddress (IP address of the user's latest sign-in at or before lastSeen, from the
 * audit log; empty when unknown; only filled in UserDetail's list).
 */
class SessionListModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("SessionListModel belongs to a UserDetail")
public:
    explicit SessionListModel(QObject *parent = nullptr);
};

/*!
 * A user's WebAuthn authenticators. Roles: \c credentialID (base64url), \c providerAccountId,
 * \c deviceType ("singleDevice"/"multiDevice"), \c backedUp (bool), \c transports (list of
 * strings, e.g. ["internal","hybrid"]), \c counter.
 */
class AuthenticatorsModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("AuthenticatorsModel belongs to a UserDetail")
public:
    explicit AuthenticatorsModel(QObject *parent = nullptr);
};

/*!
 * Audit events, newest first. Roles: \c eventId, \c time (date-time), \c type ("signIn",
 * "signInFailed", "signOut", "createUser", "linkAccount", ...), \c userId, \c provider,
 * \c clientAddress, \c detail (compact JSON text, empty when none).
 */
class AuditEventsModel : public RecordsModel
{
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("AuditEventsModel belongs to a UserDetail")
public:
    explicit AuditEventsModel(QObject *parent = nullptr);
};

} // namespace Gatehouse::Admin
