#include "http/handlercall.h"

#include "http/logging.h"

#include <exception>

namespace Gatehouse {

namespace {

AuthResponse internalError()
{
    AuthResponse response;
    response.status = 500;
    response.headers.append({QByteArrayLiteral("Content-Type"),
                             QByteArrayLiteral("text/plain; charset=utf-8")});
    response.body = QByteArrayLiteral("Internal Server Error\n");
    return response;
}

} // namespace

QFuture<AuthResponse> callHandler(const RequestHandler &handler, const AuthRequest &request)
{
    try {
        return handler(request);
    } catch (const std::exception &e) {
        qCWarning(lcHttp, "request handler threw: %s", e.what());
    } catch (...) {
        qCWarning(lcHttp, "request handler threw an exception of unknown type");
    }
    return QtFuture::makeReadyFuture(internalError());
}

AuthResponse responseOf(const QFuture<AuthResponse> &future)
{
    try {
        QFuture<AuthResponse> finished = future;
        finished.waitForFinished();  // rethrows an exception the future holds
        if (finished.resultCount() > 0)
            return finished.result();
        qCWarning(lcHttp, "request handler's future was cancelled without a response");
    } catch (const std::exception &e) {
        qCWarning(lcHttp, "request handler failed: %s", e.what());
    } catch (...) {
        qCWarning(lcHttp, "request handler failed with an exception of unknown type");
    }
    return internalError();
}

} // namespace Gatehouse
