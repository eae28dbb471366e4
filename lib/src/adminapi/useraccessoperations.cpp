#include "adminapi/useraccessoperations.h"

#include "adminapi/apiinput.h"
#include "adminapi/useroperations.h"
#include "oidcprovider/sessionid.h"

#include <gatehouse/account.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/lockouts.h>
#include <gatehouse/oidcconsentstore.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/twofactor.h>
#include <gatehouse/usergroups.h>

#include <QJsonArray>
#include <QJsonObject>

namespace Gatehouse::AdminApiDetail {

namespace {

constexpr int kMaxSessionsSearched = 1000;

//! \a name as the path gave it, or a 400 naming \c group with the reason it cannot be one.
QString groupName(const QString &name)
{
    if (const std::optional<GroupNameProblem> problem = groupNameProblem(name)) {
        throw ApiError::badRequest(QStringLiteral("group"),
                                   QStringLiteral("not a group name: %1").arg(describeGroupNameProblem(*problem)));
    }
    return name;
}

GroupStore &groupsOf(const Stores &stores)
{
    if (!stores.groups)
        throw ApiError{501, QStringLiteral("not_supported"), QStringLiteral("this database keeps no groups"), {}, {}};
    return *stores.groups;
}

AuthResponse listGroups(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUserGroups"));
    readQuery(request, {});
    existingUser(stores, id);
    QStringList groups = groupsOf(stores).userGroups(id).result();
    groups.sort();
    return jsonResponse({{QStringLiteral("groups"), QJsonArray::fromStringList(groups)}});
}

AuthResponse changeGroup(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id,
                         const QString &name, bool add)
{
    requireScope(stores, caller, kUsersWrite, add ? QStringLiteral("addUserGroup") : QStringLiteral("removeUserGroup"));
    readQuery(request, {});
    requireNoBody(request);
    const QString group = groupName(name);
    existingUser(stores, id);
    groupsOf(stores);
    bool changed = false;
    try {
        changed = (add ? addUserToGroup(stores.adapter, id, group, caller.by())
                       : removeUserFromGroup(stores.adapter, id, group, caller.by()))
                      .result();
    } catch (const AdapterError &error) {
        if (error.reason() == AdapterError::Reason::NotFound)   // deleted meanwhile
            throw ApiError::notFound(QStringLiteral("id"), QStringLiteral("there is no user with id %1").arg(id));
        throw;
    }
    return jsonResponse({{QStringLiteral("group"), group}, {add ? QStringLiteral("added") : QStringLiteral("removed"), changed}});
}

AuthResponse revokeSession(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id,
                           const QString &sessionId)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("revokeUserSession"));
    readQuery(request, {});
    requireNoBody(request);
    existingUser(stores, id);
    // Only among this user's sessions: another user's session is not found, like an unknown one.
    // Expired ones too: the lists show them (expired=true), and a database connection ends them.
    SessionFilter filter;
    filter.userId = id;
    filter.activeOnly = false;
    QString token;
    for (const SessionListEntry &entry : stores.admin->listSessionEntries(filter, 0, kMaxSessionsSearched).result()) {
        if (sessionIdOf(entry.session.sessionToken) == sessionId)
            token = entry.session.sessionToken;
    }
    if (token.isEmpty() || !stores.adapter->deleteSession(token).result()) {
        throw ApiError::notFound(QStringLiteral("session"),
                                 QStringLiteral("the user has no session with id %1").arg(sessionId));
    }
    // Its OpenID Provider clients are told: the session's sid is derived from its token under
    // the first secret, as the authorization endpoint derived it (a database session: the only
    // kind this API lists). Never fails; the worker of a server with the provider sends them.
    queueBackchannelLogouts(stores.adapter, OidcProvider::databaseSessionId(caller.secrets, token)).result();
    auditChange(stores, caller, QStringLiteral("sessionEnd"), id, {{QStringLiteral("session"), sessionId}});
    return jsonResponse({{QStringLiteral("ended"), sessionId}});
}

OidcConsentStore &consentsOf(const Stores &stores)
{
    if (!stores.oidcConsents)
        throw ApiError{501, QStringLiteral("not_supported"), QStringLiteral("this database keeps no consents"), {}, {}};
    return *stores.oidcConsents;
}

//! The apps the user allowed at the OpenID Provider's consent page, by client id.
AuthResponse listConsents(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUserConsents"));
    readQuery(request, {});
    existingUser(stores, id);
    QJsonArray consents;
    for (const OidcConsent &consent : consentsOf(stores).oidcConsentsOfUser(id).result()) {
        consents.append(QJsonObject{{QStringLiteral("clientId"), consent.clientId},
                                    {QStringLiteral("scopes"), QJsonArray::fromStringList(consent.scopes)},
                                    {QStringLiteral("grantedAt"), consent.grantedAt.toString(Qt::ISODate)},
                                    {QStringLiteral("updatedAt"), consent.updatedAt.toString(Qt::ISODate)}});
    }
    return jsonResponse({{QStringLiteral("consents"), consents}});
}

/*!
 * Revokes the user's consent to \a clientId with every refresh grant of that client for the
 * user (OidcConsentStore::revokeOidcConsent()): the app must ask again.
 */
AuthResponse revokeConsent(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id,
                           const QString &clientId)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("revokeUserConsent"));
    readQuery(request, {});
    requireNoBody(request);
    existingUser(stores, id);
    if (!consentsOf(stores).revokeOidcConsent(id, clientId).result()) {
        throw ApiError::notFound(QStringLiteral("clientId"),
                                 QStringLiteral("the user has not allowed a client with id %1").arg(clientId));
    }
    auditChange(stores, caller, QStringLiteral("oidcConsentRevoked"), id, {{QStringLiteral("clientId"), clientId}});
    return jsonResponse({{QStringLiteral("revoked"), clientId}});
}

AuthResponse unlock(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("unlockUser"));
    readQuery(request, {});
    requireNoBody(request);
    const AdapterUser user = existingUser(stores, id);
    const LockoutsLifted lifted = liftLockouts(stores.adapter, user, {}, caller.by()).result();
    QJsonArray cleared;
    for (LockoutKind kind : lifted.kinds)
        cleared.append(lockoutKindName(kind));
    return jsonResponse({{QStringLiteral("countersCleared"), lifted.counters}, {QStringLiteral("cleared"), cleared}});
}

AuthResponse resetTwoFactor(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("resetTwoFactor"));
    readQuery(request, {});
    requireNoBody(request);
    existingUser(stores, id);
    if (!stores.twoFactor)
        throw ApiError{501, QStringLiteral("not_supported"), QStringLiteral("this database keeps no authenticators"), {}, {}};
    // Removal opens no sealed secret: the key derived from this placeholder is never used.
    const TwoFactor twoFactor(stores.adapter, {QStringLiteral("admin API: no sealed secret is opened")});
    TwoFactorChange change;
    change.byAdministrator = true;
    change.by = caller.by();
    change.clientAddress = caller.clientAddress;
    return jsonResponse({{QStringLiteral("removed"), twoFactor.remove(id, change).result()}});
}

AuthResponse listAccounts(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUserAccounts"));
    readQuery(request, {});
    existingUser(stores, id);
    // What an administrator needs to recognise an account; never its tokens.
    QJsonArray accounts;
    for (const AdapterAccount &account : stores.admin->listAccounts(id).result()) {
        accounts.append(QJsonObject{
            {QStringLiteral("id"), Account::linkId(account.provider, account.providerAccountId)},
            {QStringLiteral("provider"), account.provider},
            {QStringLiteral("type"), account.type},
            {QStringLiteral("providerAccountId"), account.providerAccountId},
            {QStringLiteral("scope"), account.scope ? QJsonValue(*account.scope) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("expiresAt"), account.expiresAt ? QJsonValue(QDateTime::fromSecsSinceEpoch(*account.expiresAt, Qt::UTC)
                                                                             .toString(Qt::ISODate))
                                                            : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("hasRefreshToken"), account.refreshToken.has_value() && !account.refreshToken->isEmpty()}});
    }
    return jsonResponse({{QStringLiteral("accounts"), accounts}});
}

AuthResponse listPasskeys(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersRead, QStringLiteral("listUserPasskeys"));
    readQuery(request, {});
    existingUser(stores, id);
    QJsonArray passkeys;
    for (const AdapterAuthenticator &authenticator : stores.adapter->listAuthenticatorsByUserId(id).result()) {
        passkeys.append(QJsonObject{
            {QStringLiteral("id"), Account::passkeyId(authenticator.credentialID)},
            {QStringLiteral("credentialID"), authenticator.credentialID},
            {QStringLiteral("deviceType"), authenticator.credentialDeviceType},
            {QStringLiteral("backedUp"), authenticator.credentialBackedUp},
            {QStringLiteral("transports"),
             QJsonArray::fromStringList(authenticator.transports ? authenticator.transports->split(u',', Qt::SkipEmptyParts)
                                                                 : QStringList())},
            {QStringLiteral("counter"), authenticator.counter}});
    }
    return jsonResponse({{QStringLiteral("passkeys"), passkeys}});
}

/*!
 * Removes \a id's passkey or linked account \a recordId (the \c id its list gives) through the
 * account page's own operation, with the caller as \c by: a passkey with its \c webauthn
 * registration, audited \c passkeyRemove; an account audited \c unlinkAccount. Another user's
 * record is not found, like an unknown one.
 */
AuthResponse removeRecord(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id,
                          const QString &what, const QString &recordId)
{
    const bool passkey = what == QLatin1String("passkeys");
    requireScope(stores, caller, kUsersWrite, passkey ? QStringLiteral("removeUserPasskey") : QStringLiteral("unlinkUserAccount"));
    readQuery(request, {});
    requireNoBody(request);
    existingUser(stores, id);
    const Account account(stores.adapter);
    AccountChange change;
    change.clientAddress = caller.clientAddress;
    change.byAdministrator = true;
    change.by = caller.by();
    const QString field = passkey ? QStringLiteral("passkey") : QStringLiteral("account");
    try {
        (passkey ? account.removePasskey(id, recordId, {}, change) : account.unlinkAccount(id, recordId, {}, change))
            .waitForFinished();
    } catch (const AccountRecordNotFound &) {
        throw ApiError::notFound(field, passkey ? QStringLiteral("the user has no passkey with id %1").arg(recordId)
                                                : QStringLiteral("the user has no linked account with id %1").arg(recordId));
    }
    return jsonResponse({{QStringLiteral("removed"), recordId}});
}

AuthResponse setPassword(const Stores &stores, const Caller &caller, const AuthRequest &request, const QString &id)
{
    requireScope(stores, caller, kUsersWrite, QStringLiteral("setUserPassword"));
    readQuery(request, {});
    const QJsonObject body = readObject(request, {QStringLiteral("password")});
    const QString field = QStringLiteral("password");
    if (!body.value(field).isString())
        throw ApiError::badRequest(field, QStringLiteral("password must be a string"));
    const QString password = body.value(field).toString();
    const AdapterUser user = existingUser(stores, id);
    // The one rule for a new password; the answer says which part of it failed, never the password.
    switch (newPasswordProblem(password, user.email)) {
    case NewPasswordProblem::None:
        break;
    case NewPasswordProblem::Empty:
    case NewPasswordProblem::TooShort:
        throw ApiError::badRequest(field, QStringLiteral("a password has at least %1 characters").arg(kMinimumPasswordLength));
    case NewPasswordProblem::TooLong:
        throw ApiError::badRequest(field, QStringLiteral("a password has at most %1 characters").arg(kMaximumPasswordLength));
    case NewPasswordProblem::IsEmailAddress:
        throw ApiError::badRequest(field, QStringLiteral("the password is the user's e-mail address"));
    }
    const bool had = stores.userState->passwordHash(user.email).result().has_value();
    setUserPassword(stores.adapter, id, password).waitForFinished();
    // passwordChange: also what mails the person a notice (notices/), as when they change it themselves.
    auditChange(stores, caller, QStringLiteral("passwordChange"), id);
    return jsonResponse({{QStringLiteral("password"), had ? QStringLiteral("changed") : QStringLiteral("set")}});
}

} // namespace

bool servesUserAccess(const QStringList &path)
{
    if (path.size() < 3 || path.constFirst() != QLatin1String("users"))
        return false;
    const QString &what = path.at(2);
    if (path.size() == 3)
        return what == QLatin1String("groups") || what == QLatin1String("unlock") || what == QLatin1String("two-factor")
            || what == QLatin1String("accounts") || what == QLatin1String("passkeys") || what == QLatin1String("password")
            || what == QLatin1String("consents");
    return path.size() == 4
        && (what == QLatin1String("groups") || what == QLatin1String("sessions") || what == QLatin1String("passkeys")
            || what == QLatin1String("accounts") || what == QLatin1String("consents"));
}

AuthResponse serveUserAccess(const Stores &stores, const Caller &caller, const AuthRequest &request, const QStringList &path)
{
    const QByteArray &method = request.method;
    const QString &id = path.at(1);
    const QString &what = path.at(2);
    if (path.size() == 4 && what == QLatin1String("groups")) {
        if (method == "PUT" || method == "DELETE")
            return changeGroup(stores, caller, request, id, path.at(3), method == "PUT");
        throw ApiError::methodNotAllowed(QStringLiteral("PUT, DELETE"));
    }
    if (path.size() == 4 && (what == QLatin1String("passkeys") || what == QLatin1String("accounts"))) {
        if (method == "DELETE")
            return removeRecord(stores, caller, request, id, what, path.at(3));
        throw ApiError::methodNotAllowed(QStringLiteral("DELETE"));
    }
    if (path.size() == 4 && what == QLatin1String("consents")) {
        if (method == "DELETE")
            return revokeConsent(stores, caller, request, id, path.at(3));
        throw ApiError::methodNotAllowed(QStringLiteral("DELETE"));
    }
    if (path.size() == 4) {   // sessions/{sessionId}
        if (method == "DELETE")
            return revokeSession(stores, caller, request, id, path.at(3));
        throw ApiError::methodNotAllowed(QStringLiteral("DELETE"));
    }
    if (what == QLatin1String("groups")) {
        if (method == "GET")
            return listGroups(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("GET"));
    }
    if (what == QLatin1String("accounts") || what == QLatin1String("passkeys")) {
        if (method == "GET")
            return what == QLatin1String("accounts") ? listAccounts(stores, caller, request, id) : listPasskeys(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("GET"));
    }
    if (what == QLatin1String("consents")) {
        if (method == "GET")
            return listConsents(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("GET"));
    }
    if (what == QLatin1String("password")) {
        if (method == "POST")
            return setPassword(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("POST"));
    }
    if (what == QLatin1String("unlock")) {
        if (method == "POST")
            return unlock(stores, caller, request, id);
        throw ApiError::methodNotAllowed(QStringLiteral("POST"));
    }
    if (method == "DELETE")   // two-factor
        return resetTwoFactor(stores, caller, request, id);
    throw ApiError::methodNotAllowed(QStringLiteral("DELETE"));
}

} // namespace Gatehouse::AdminApiDetail
