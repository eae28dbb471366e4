#pragma once
/*! \file httpserverintegration.h  Mounting Gatehouse on an application's QHttpServer. */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/global.h>
#include <gatehouse/requesthandler.h>

#include <QFuture>
#include <QObject>
#include <QString>

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
 * Serves a RequestHandler under a base path of an application's own QHttpServer.
 *
 * \code
 * QHttpServer server;
 * Gatehouse::HttpServerIntegration gatehouse([&auth](const Gatehouse::AuthRequest &r) {
 *     return auth.handle(r);
 * });
 * gatehouse.mount(&server, QStringLiteral("/auth"));
 * server.listen(QHostAddress::LocalHost, 3000);
 * \endcode
 *
 * Responses are written asynchronously on the connection's thread when the handler's future
 * finishes; a connection closed in the meantime is left alone. QHttpServer 6.4 itself has no
 * request limits or timeouts: for a public-facing server use HttpServerPool.
 */
class GATEHOUSE_EXPORT HttpServerIntegration : public QObject
{
    Q_OBJECT

public:
    explicit HttpServerIntegration(RequestHandler handler, QObject *parent = nullptr);
    ~HttpServerIntegration() override;

    /*!
     * Routes every request whose path is \a basePath or lies below it (\c basePath/...), with any
     * standard method, to the handler. \a basePath starts with \c / and has no trailing \c /.
     * Returns false, with a warning naming the problem, if \a basePath is invalid or the route
     * cannot be added. The routes keep their own copy of the handler and may outlive this object.
     */
    bool mount(QHttpServer *server, const QString &basePath = QStringLiteral("/auth"));

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
