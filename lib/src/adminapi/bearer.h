#pragma once
/*
 * Who calls the admin API: the bearer token of the Authorization header, checked on every
 * request (nothing is cached, so a token revoked or a person taken out of the admin groups on any
 * server sharing the database is refused at once), with failed checks counted per client address
 * before the check, like sign-in failures. Two kinds of token: an API token (admintokens.h) with
 * its scopes, and an access token of this server's OpenID Provider issued to gatehouse-admin's
 * built-in client, whose person must be in admin.groups and gets every scope. Scopes are enforced
 * per operation; a refusal is audited.
 */
#include "adminapi/apierror.h"
#include "oidcprovider/signingkeycache.h"
#include "storage/stores.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/config.h>
#include <gatehouse/lockouts.h>

#include <memory>

namespace Gatehouse::AdminApiDetail {

//! The scopes of the user operations (admintokens.h lists them all).
inline const QString kUsersRead = QStringLiteral("users:read");
inline const QString kUsersWrite = QStringLiteral("users:write");

//! An authenticated caller.
struct Caller
{
    //! The API token's name, or the person's email (an access token's).
    QString name;
    QStringList scopes;
    QString clientAddress;
    bool person = false;
    //! The limits the running configuration applies (a user's lockouts are read under them).
    LockoutLimits lockoutLimits;
    //! The running configuration's \c session.maxAge: a session's last use is its expiry less it.
    qint64 sessionMaxAge = 0;
    /*!
     * The configured secrets (CallerCheck's): what an operation that ends one session needs
     * for its \c sid (oidcprovider/sessionid.h), so that its OpenID Provider clients are told.
     */
    QStringList secrets;

    //! The audit's "by": "token:NAME", or the person's email.
    QString by() const { return person ? name : QStringLiteral("token:") + name; }
};

//! What the caller's check needs besides the request.
struct CallerCheck
{
    QString clientAddress;
    RateLimitOptions limits;
    //! This server's OpenID Provider for the request (origin + basePath): the access tokens' \c iss.
    QString issuer;
    //! admin.groups: a person in none of them is refused (403 \c not_admin).
    QStringList adminGroups;
    //! The provider's keys; null when the secrets are not known (no access token is taken then).
    std::shared_ptr<const OidcProvider::SigningKeyCache> keys;
    //! The configured secrets (Caller::secrets).
    QStringList secrets;
};

//! The caller of \a request, or an ApiError (401, 403, 429; 503 through AdapterError).
Caller authenticate(const Stores &stores, const AuthRequest &request, const CallerCheck &check);

/*!
 * Refuses (403 \c insufficient_scope, and an \c adminApiDenied audit event with the scope, the
 * operation and by) when \a caller's token lacks \a scope.
 */
void requireScope(const Stores &stores, const Caller &caller, const QString &scope, const QString &operation);

} // namespace Gatehouse::AdminApiDetail
