#include <gatehouse/httpserverintegration.h>

#include "core/timeformat.h"
#include "config/configcheck.h"
#include "core/urls.h"
#include "http/handlercall.h"
#include "http/headerguard.h"
#include "http/logging.h"
#include "http/requestconversion.h"
#include "http/requestlog.h"
#include "http/responseserializer.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QHttpServerRouterRule>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpSocket>

namespace Gatehouse {

namespace {

//! Matches a base path and every path below it, for every standard method.
class BasePathRule final : public QHttpServerRouterRule
{
public:
    BasePathRule(const QString &basePath, RouterHandler handler)
        : QHttpServerRouterRule(QRegularExpression::escape(basePath),
                                QHttpServerRequest::Method::AnyKnown, std::move(handler)),
          m_basePath(basePath)
    {
    }

protected:
    bool matches(const QHttpServerRequest &request, QRegularExpressionMatch *) const override
    {
        if (request.method() == QHttpServerRequest::Method::Unknown)
            return false;
        const QString path = request.url().path();
        return path == m_basePath || path.startsWith(Urls::basePathPrefix(m_basePath) + QLatin1Char('/'));
    }

private:
    const QString m_basePath;
};

bool requestsClose(const QHttpServerRequest &request)
{
    const QByteArrayList tokens = request.value(QByteArrayLiteral("connection")).split(',');
    for (const QByteArray &token : tokens) {
        if (token.trimmed().compare("close", Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

//! Writes \a future's response to \a socket when it finishes, unless the socket is gone.
void deliver(QTcpSocket *socket, const WireOptions &options, const QFuture<AuthResponse> &future,
             const RequestLog &log)
{
    const QPointer<QTcpSocket> target(socket);
    const auto write = [target, options, log](const QFuture<AuthResponse> &finished) {
        const AuthResponse response = responseOf(finished);
        if (!target || target->state() != QAbstractSocket::ConnectedState) {
            log.finish(499);
            return;
        }
        target->write(serializeResponse(response, options,
                                        httpDate(QDateTime::currentSecsSinceEpoch())));
        target->flush();
        log.finish(wireStatus(response.status));
        if (options.close)
            target->disconnectFromHost();
    };
    if (future.isFinished()) {
        write(future);
        return;
    }
    // A child of the socket: if the connection goes away first, so does the watcher.
    auto *watcher = new QFutureWatcher<AuthResponse>(socket);
    const auto delivered = std::make_shared<bool>(false);
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, [watcher, write, delivered] {
        *delivered = true;
        watcher->deleteLater();
        write(watcher->future());
    });
    QObject::connect(watcher, &QObject::destroyed, [delivered, log] {
        if (!*delivered)
            log.finish(499);  // the connection ended before the response was ready
    });
    watcher->setFuture(future);
}

} // namespace

class HttpServerIntegrationPrivate
{
public:
    HttpServerIntegrationPrivate(RequestHandler h, std::optional<Auth> a)
        : handler(std::make_shared<const RequestHandler>(std::move(h))), auth(std::move(a))
    {
    }

    std::shared_ptr<const RequestHandler> handler;
    std::optional<Auth> auth;  //!< unset for a request handler
};

HttpServerIntegration::HttpServerIntegration(const Auth &auth, QObject *parent)
    : QObject(parent)
    , d_ptr(std::make_unique<HttpServerIntegrationPrivate>(
          [auth](const AuthRequest &request) { return auth.handle(request); }, auth))
{
}

HttpServerIntegration::HttpServerIntegration(RequestHandler handler, QObject *parent)
    : QObject(parent), d_ptr(std::make_unique<HttpServerIntegrationPrivate>(std::move(handler), std::nullopt))
{
}

HttpServerIntegration::~HttpServerIntegration() = default;

bool HttpServerIntegration::mount(QHttpServer *server)
{
    Q_D(HttpServerIntegration);
    return mount(server, d->auth ? d->auth->config().basePath : QStringLiteral("/auth"));
}

bool HttpServerIntegration::mount(QHttpServer *server, const QString &basePath)
{
    Q_D(HttpServerIntegration);
    if (!server) {
        qCWarning(lcHttp, "cannot mount Gatehouse: no QHttpServer given");
        return false;
    }
    if (const char *problem = ConfigDetail::basePathProblem(basePath)) {
        qCWarning(lcHttp, "cannot mount Gatehouse on base path \"%s\": %s", qPrintable(basePath), problem);
        return false;
    }
    const std::shared_ptr<const RequestHandler> handler = d->handler;
    const bool added = server->route<BasePathRule>(
        basePath,
        [handler](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            if (refuseMalformedHeaders(request, responder.socket()))
                return;
            const AuthRequest authRequest = toAuthRequest(request, responder.socket());
            WireOptions options;
            options.omitBody = request.method() == QHttpServerRequest::Method::Head;
            options.close = requestsClose(request);
            deliver(responder.socket(), options, callHandler(*handler, authRequest),
                    RequestLog::start(authRequest.method, authRequest.url,
                                      authRequest.remoteAddress, authRequest.header("x-request-id")));
        });
    if (!added)
        qCWarning(lcHttp, "cannot mount Gatehouse on base path \"%s\": QHttpServer refused the route",
                  qPrintable(basePath));
    return added;
}

HttpServerIntegration::RouteHandler HttpServerIntegration::protect(ProtectedHandler handler) const
{
    Q_D(const HttpServerIntegration);
    if (!d->auth) {
        qCWarning(lcHttp, "protect() needs an HttpServerIntegration made from an Auth: the route answers 500");
        return [](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            AuthResponse failure;
            failure.status = 500;
            respond(request, std::move(responder), QtFuture::makeReadyFuture(failure));
        };
    }
    const Auth auth = *d->auth;
    return [auth, handler = std::move(handler)](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        serveProtected(auth, request, std::move(responder), handler);
    };
}

AuthRequest HttpServerIntegration::toAuthRequest(const QHttpServerRequest &request,
                                                 const QTcpSocket *socket)
{
    return makeAuthRequest(request, methodName(request.method()), socket);
}

void HttpServerIntegration::respond(const QHttpServerRequest &request,
                                    QHttpServerResponder &&responder,
                                    const QFuture<AuthResponse> &response)
{
    WireOptions options;
    options.omitBody = request.method() == QHttpServerRequest::Method::Head;
    options.close = requestsClose(request);
    deliver(responder.socket(), options, response,
            RequestLog::start(methodName(request.method()), request.url(),
                              plainAddress(request.remoteAddress())));
}

} // namespace Gatehouse
