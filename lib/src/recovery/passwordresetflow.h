#pragma once
/*
 * "Forgot your password?" over HTTP (README.md): {basePath}/reset-password. The action
 * (actions/passwordreset.cpp) checks that it is offered and the CSRF token, then calls these.
 */
#include "request/passwordresetoffer.h"
#include "request/requeststate.h"

namespace Gatehouse::PasswordResetFlow {

//! GET without a token: the address form.
AuthResponse requestPage(const RequestState &state);
/*!
 * POST \c email: the same page for every address, after comparable work for each; a mail
 * (sent off the request path) for a known, enabled person; counted per address, per client
 * and per person before anything is looked up.
 */
QFuture<AuthResponse> request(const State &state, const PasswordResetOffer &offer);
//! GET with \c token: the new-password form, or the page of a link that does not work.
QFuture<AuthResponse> linkPage(const State &state);
/*!
 * POST \c token, \c newPassword, \c confirmPassword: sets the password, spends the link,
 * ends every session of the person, clears their sign-in failures; the page that says so.
 */
QFuture<AuthResponse> reset(const State &state, const PasswordResetOffer &offer);

} // namespace Gatehouse::PasswordResetFlow
