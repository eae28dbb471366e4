#pragma once
/*
 * Sign-in with \c oauth and \c oidc providers: POST signin/<id> sends the user to the
 * authorization endpoint (PKCE S256, state and nonce as configured, in encrypted cookies);
 * GET (or form_post POST) callback/<id> checks them, exchanges the code, verifies the id_token
 * or fetches userinfo, maps the profile and finishes with completeSignIn().
 */
#include "request/requeststate.h"

namespace Gatehouse::OAuthFlow {

//! POST signin/<id> (CSRF already verified). Failures: OAuthSignin on the sign-in page.
QFuture<AuthResponse> signIn(const State &state);

/*!
 * GET or POST callback/<id>. Failures, as Auth.js reports them: the provider's \c error
 * parameter is OAuthCallbackError (sign-in page); a failed state/PKCE/nonce check
 * (InvalidCheck) or any other callback failure (CallbackRouteError) is a Configuration error.
 * A failing provider \c profile callback is OAuthCallbackError, a failing \c account callback
 * (or storage, see resolveUser()) OAuthCreateAccount, both on the sign-in page.
 * A callback on the redirect proxy for another deployment is forwarded there.
 */
QFuture<AuthResponse> callback(const State &state);

} // namespace Gatehouse::OAuthFlow
