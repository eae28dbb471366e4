#pragma once
#include "request/requeststate.h"

#include <gatehouse/autherror.h>

#include <exception>

namespace Gatehouse {

/*!
 * The response Auth.js gives for \a error: a redirect to the sign-in page with
 * \c error=<type> (and \c code for CredentialsSignin) for sign-in errors, otherwise to the
 * error page with \c error=<kind>. The error is logged in full; the URL carries only the kind.
 */
AuthResponse errorResponse(const RequestState &state, const AuthError &error);

//! The same for any exception escaping an action (unknown ones are Configuration errors).
AuthResponse errorResponse(const RequestState &state, std::exception_ptr error);

//! Logs \a error through the configured logger or the "gatehouse.core" category.
void logError(const Config &config, const AuthError &error);
//! The same for any exception.
void logFailure(const Config &config, std::exception_ptr error);

} // namespace Gatehouse
