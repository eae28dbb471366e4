#pragma once
/*! \file requesthandler.h  The function an HTTP integration hands every request to. */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/global.h>

#include <QFuture>

#include <functional>

namespace Gatehouse {

/*!
 * Answers one request. \c Gatehouse::Auth::handle() has this shape; tests and host applications
 * may pass any function that does.
 *
 * The returned future may already be finished or finish later on any thread; the integration
 * writes the response on the connection's own thread. A handler that throws, or a future that
 * holds an exception or no result, is answered with \c 500.
 *
 * HttpServerPool calls the handler from several threads at once: it must be thread-safe.
 */
using RequestHandler = std::function<QFuture<AuthResponse>(const AuthRequest &)>;

} // namespace Gatehouse
