#pragma once
/*
 * Who signs in, when there is storage: the stored user behind a provider account, creating
 * the user and linking the account on first sign-in (one transaction), or linking a new
 * account to the signed-in user. A provider account whose email belongs to another user is
 * refused with OAuthAccountNotLinked unless the provider allows dangerous email linking. When
 * storing the user or the account of an OAuth/OIDC sign-in fails, the error is OAuthCreateAccount.
 * A returning user's OAuth/OIDC sign-in stores its new token set on the known account (with an
 * AccountTokenStore), so a refresh token the provider revoked is replaced by signing in again.
 * A disabled user (UserStateStore::isUserDisabled) is refused with AccessDenied, as by a signIn
 * callback returning false, before anything is stored for it; so is an already stored one (the
 * built-in password, email links, passkeys).
 */
#include "signin/completesignin.h"

#include <gatehouse/adaptertypes.h>

namespace Gatehouse {

//! \a result with \c user replaced by the stored user (and \c isNewUser set); fails with AuthError.
QFuture<SignInResult> resolveUser(const State &state, const SignInResult &result);

//! The adapter form of an account JSON object (SPEC.md field names).
AdapterAccount accountFromJson(const QJsonObject &account, const QString &userId);

} // namespace Gatehouse
