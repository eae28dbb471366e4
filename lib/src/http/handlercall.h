#pragma once
#include <gatehouse/requesthandler.h>

namespace Gatehouse {

//! Calls \a handler; a handler that throws yields a finished future holding a 500 response.
QFuture<AuthResponse> callHandler(const RequestHandler &handler, const AuthRequest &request);

/*!
 * The response held by the finished \a future. A future holding an exception, or cancelled
 * without a result, yields a 500 response; the reason is logged as a warning.
 */
AuthResponse responseOf(const QFuture<AuthResponse> &future);

} // namespace Gatehouse
