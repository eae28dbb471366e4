#pragma once
/*! \file httpserverintegration.h  Mounting Gatehouse on an application's QHttpServer. */
#include <gatehouse/auth.h>
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/global.h>
#include <gatehouse/protectedroute.h>
#include <gatehouse/requesthandler.h>

#include <QFuture>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpSocket;
QT_END_NAMESPACE

namespace Gatehouse {

class HttpServerIntegrationPrivate;

/*!
 * Serves an Auth on an application's own QHttpServer: its endpoints under the base path, and
 * route protection for the application's routes.
 *
 * \code
 * const Gatehouse::Auth auth(config);
 * QHttpServer server;
 * Gatehouse::HttpServerIntegration gatehouse(auth);
 * gatehouse.mount(&server);                                    // /auth/signin, /auth/session, ...
 * server.route("/dashboard", gatehouse.protect(dashboard));   // signed-in users only
 * server.listen(QHostAddress::LocalHost, 3000);
 * \endcode
 *
 * Responses are written asynchronously on the connection's thread when the engine's future
 * finishes; a connection closed in the meantime is left alone. A request to Gatehouse's routes
 * (mount() and protect()) whose header fields frame it ambiguously (Content-Length beside
 * Transfer-Encoding, two Content-Lengths or Hosts, a control character in a value ...) is
 * refused as HttpServerPool refuses it (400, 417 or 501, Connection: close) and nothing after
 * it on that connection is read. QHttpServer 6.4 itself has no request limits or timeouts, and
 * reads request lines and bodies leniently: for a public-facing server use HttpServerPool.
 */
class GATEHOUSE_EXPORT HttpServerIntegration : public QObject
{
    Q_OBJECT

public:
    //! A QHttpServer route handler, as protect() makes them.
    using RouteHandler = std::function<void(const QHttpServerRequest &, QHttpServerResponder &&)>;

    //! Serves \a auth (it is copied: copies share one engine).
    explicit HttpServerIntegration(const Auth &auth, QObject *parent = nullptr);
    /*!
     * Serves \a handler instead of an engine: for custom pipelines that wrap Auth::handle() or
     * answer some requests themselves. protect() needs an Auth and is unavailable then.
     */
    explicit HttpServerIntegration(RequestHandler handler, QObject *parent = nullptr);
    ~HttpServerIntegration() override;

    /*!
     * Routes every request whose path is the base path or lies below it (\c basePath/...), with
     * any standard method, to the engine: the Auth's \c Config::basePath, or \c /auth for a
     * request handler. Returns false, with a warning, if the route cannot be added. The route
     * keeps its own copy of the engine and may outlive this object.
     */
    bool mount(QHttpServer *server);
    /*!
     * The same under \a basePath, which starts with \c / and has no trailing \c / (the rule of
     * checkConfig()); returns false, with a warning naming the problem, if it does not.
     */
    bool mount(QHttpServer *server, const QString &basePath);

    /*!
     * A route handler that answers with \a handler when the Auth's route protection lets the
     * request through (Auth::authorize() and the \c authorized callback), and otherwise with
     * the redirect to the sign-in page (or the callback's own response):
     *
     * \code
     * server.route("/dashboard", gatehouse.protect([](const Gatehouse::AuthRequest &, const std::optional<QJsonObject> &session) {
     *     return QtFuture::makeReadyFuture(Gatehouse::AuthResponse::html("<h1>Hello</h1>"));
     * }));
     * \endcode
     *
     * Needs the Auth constructor; an integration made from a request handler answers 500.
     */
    RouteHandler protect(ProtectedHandler handler) const;

    /*!
     * The engine's view of \a request: method, absolute URL (scheme of the connection, authority
     * from the \c Host header, else the local address of \a socket if given), headers in order,
     * body and remote address.
     */
    static AuthRequest toAuthRequest(const QHttpServerRequest &request,
                                     const QTcpSocket *socket = nullptr);

    /*!
     * Writes \a response to \a responder's connection once it finishes: status, headers, one
     * \c Set-Cookie header per cookie and the body (none for \c HEAD). Closes the connection
     * afterwards if the client sent \c Connection: close. Call it from a route handler.
     */
    static void respond(const QHttpServerRequest &request, QHttpServerResponder &&responder,
                        const QFuture<AuthResponse> &response);

private:
    Q_DECLARE_PRIVATE(HttpServerIntegration)
    std::unique_ptr<HttpServerIntegrationPrivate> d_ptr;
};

} // namespace Gatehouse
