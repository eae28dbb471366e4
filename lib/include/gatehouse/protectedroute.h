#pragma once
/*! \file protectedroute.h  Protecting a host application's own QHttpServer routes. */
#include <gatehouse/auth.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QJsonObject>
#include <functional>

QT_BEGIN_NAMESPACE
class QHttpServerRequest;
class QHttpServerResponder;
QT_END_NAMESPACE

namespace Gatehouse {

//! A protected route's own answer, given the request and the session that was let through.
using ProtectedHandler =
    std::function<QFuture<AuthResponse>(const AuthRequest &request, const std::optional<QJsonObject> &session)>;

/*!
 * Answers a request to a host route through \a auth's route protection (Auth::authorize and
 * the \c authorized callback): a request that may proceed gets \a handler's response, any
 * other gets the redirect to the sign-in page (or the callback's response). Call it from a
 * QHttpServer route:
 *
 * \code
 * server.route("/dashboard", [&auth](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
 *     Gatehouse::serveProtected(auth, request, std::move(responder),
 *         [](const Gatehouse::AuthRequest &, const std::optional<QJsonObject> &session) {
 *             return QtFuture::makeReadyFuture(Gatehouse::AuthResponse::html("<h1>Hello</h1>"));
 *         });
 * });
 * \endcode
 */
GATEHOUSE_EXPORT void serveProtected(const Auth &auth, const QHttpServerRequest &request,
                                     QHttpServerResponder &&responder, ProtectedHandler handler);

} // namespace Gatehouse
