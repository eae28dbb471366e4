#pragma once
#include "request/requeststate.h"

namespace Gatehouse::CredentialsFlow {

/*!
 * Sign-in through a credentials provider (POST callback/<id>, CSRF already checked): rate
 * limits, \c authorize, the \c signIn and \c jwt callbacks, the session cookie, and the
 * redirect to the callback URL. Failures are responses (CredentialsSignin, AccessDenied).
 */
QFuture<AuthResponse> signIn(const State &state);

} // namespace Gatehouse::CredentialsFlow
