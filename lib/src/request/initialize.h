#pragma once
#include "request/requeststate.h"

namespace Gatehouse {

/*!
 * The work every action but \c providers shares, as Auth.js does it: resolve the cookie
 * names, parse the body, read or create the CSRF token (and check it on POST), and settle the
 * callback URL through the \c redirect callback, writing the csrf and callback-url cookies
 * when they change. Without a \c redirect callback it completes before returning.
 */
QFuture<void> initialize(const State &state);

} // namespace Gatehouse
