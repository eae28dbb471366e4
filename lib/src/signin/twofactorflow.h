#pragma once
/*
 * The second step of a sign-in (twofactor/README.md): the code posted to {basePath}/two-factor
 * against the pending step of the browser's cookie. A valid code of the person's app, or one of
 * their recovery codes, spends the step and starts the session exactly as the first factor would
 * have (startSession()); a wrong one sends the browser back to the code page. Codes are limited
 * per person (TwoFactor::verify) and per client address (the engine's rate limiter, as failed
 * passwords are).
 */
#include "request/requeststate.h"

#include <QFuture>

namespace Gatehouse::TwoFactorFlow {

//! The answer to a code posted with a valid CSRF token.
QFuture<AuthResponse> submit(const State &state);

/*!
 * The sign-in page with \c error=TwoFactorExpired, and the deletion of the pending step's
 * cookie: there is no step to complete (none, expired, spent, or sealed with a retired secret).
 */
AuthResponse expired(const RequestState &state);

} // namespace Gatehouse::TwoFactorFlow
