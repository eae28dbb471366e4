#pragma once
#include "request/requeststate.h"

#include <gatehouse/autherror.h>

#include <exception>

namespace Gatehouse {

/*
 * The one place that turns an AuthError into what a client sees: the page URL that names it
 * (errorPageUrl(), errorResponse()) or a JSON error (jsonError(), storeFailure()). No error
 * identifier is written anywhere else: a response names an error by its class.
 */

/*!
 * Where the person is shown \a error: the sign-in page with \c error=<type> (and \c code for
 * CredentialsSignin) for sign-in errors, otherwise the error page with \c error=<kind>; each
 * page the configured one where pages.signIn or pages.error names one.
 */
QString errorPageUrl(const RequestState &state, const AuthError &error);

/*!
 * The response Auth.js gives for \a error: a redirect to the sign-in page with
 * \c error=<type> (and \c code for CredentialsSignin) for sign-in errors, otherwise to the
 * error page with \c error=<kind>. The error is logged in full; the URL carries only the kind.
 * A store that cannot answer now (isUnavailable()) sends to the error page with
 * \c error=Unavailable (a 503 page), not Auth.js's Configuration.
 */
AuthResponse errorResponse(const RequestState &state, const AuthError &error);

//! The same for any exception escaping an action (unknown ones are Configuration errors).
AuthResponse errorResponse(const RequestState &state, std::exception_ptr error);

//! Whether \a error says the store cannot answer now (AdapterError Unavailable, SessionUnavailable).
bool isUnavailable(const AuthError &error);

//! A JSON endpoint's refusal: \a status with \c {"error":"<error.type()>"}; nothing logged.
AuthResponse jsonError(const AuthError &error, int status);

/*!
 * The JSON answer of an endpoint whose store failed with \a error: 503 with Retry-After and
 * \c {"error":"Unavailable"} when it cannot answer now, otherwise 500 \c {"error":"Configuration"};
 * never cacheable. The session cookie is left as it is: the session may well be there.
 */
AuthResponse storeFailure(const RequestState &state, const AuthError &error);

//! Seconds a client is asked to wait (Retry-After) when the store cannot answer.
inline constexpr int kRetryAfterSeconds = 5;

/*!
 * Logs \a error through the configured logger or the "gatehouse.core" category; at debug level
 * when isUnavailable(): the store logs its outage once, not per request (see StoreHealth).
 */
void logError(const Config &config, const AuthError &error);
//! The same for any exception.
void logFailure(const Config &config, std::exception_ptr error);

} // namespace Gatehouse
