#pragma once
/*
 * Who calls the admin API: the bearer token of the Authorization header, checked against the
 * store on every request (a token revoked or expired on any server sharing the database is
 * refused at once), with failed checks counted per client address before the check, like
 * sign-in failures. Scopes are enforced per operation; a refusal is audited.
 */
#include "adminapi/apierror.h"
#include "storage/stores.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/config.h>

namespace Gatehouse::AdminApiDetail {

//! An authenticated caller.
struct Caller
{
    AdminTokenRecord token;
    QString clientAddress;

    //! The audit's "by": "token:NAME".
    QString by() const { return QStringLiteral("token:") + token.name; }
};

//! The caller of \a request, or an ApiError (401, 429).
Caller authenticate(const Stores &stores, const AuthRequest &request, const QString &clientAddress,
                    const RateLimitOptions &limits);

/*!
 * Refuses (403 \c insufficient_scope, and an \c adminApiDenied audit event with the scope, the
 * operation and by) when \a caller's token lacks \a scope.
 */
void requireScope(const Stores &stores, const Caller &caller, const QString &scope, const QString &operation);

} // namespace Gatehouse::AdminApiDetail
