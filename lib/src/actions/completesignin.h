#pragma once
/*
 * The end of every successful sign-in, whatever the provider: the signIn callback, the jwt
 * callback (trigger signIn), the session cookie, the signIn event and the redirect to the
 * callback URL. Provider flows (credentials, OAuth, email, WebAuthn) end here.
 */
#include "actions/requeststate.h"

namespace Gatehouse {

struct SignInResult
{
    QJsonObject user;         //!< at least "id"
    QJsonObject account;      //!< {provider, type, providerAccountId, ...token set}
    QJsonObject profile;      //!< the identity provider's profile, if any
    QJsonObject credentials;  //!< credentials providers: the submitted fields
    bool isNewUser = false;
    bool stored = false;      //!< \c user is already a stored user with the account linked
};

//! Finishes the sign-in of \a result; failures become AccessDenied errors of the future.
QFuture<AuthResponse> completeSignIn(const State &state, const SignInResult &result);

} // namespace Gatehouse
