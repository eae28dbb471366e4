#include "operations/metricsroutes.h"

#include <gatehouse/metrics.h>

namespace Gatehouse {

namespace {

AuthResponse plain(int status, const QByteArray &body)
{
    AuthResponse response;
    response.status = status;
    response.body = body;
    response.setHeader(QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/plain; charset=utf-8"));
    response.setHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return response;
}

} // namespace

AuthResponse MetricsRoutes::handle(const AuthRequest &request)
{
    if (request.url.path() != QLatin1String("/metrics"))
        return plain(404, QByteArrayLiteral("Not found: the metrics are at /metrics\n"));
    if (request.method != "GET" && request.method != "HEAD") {
        AuthResponse refused = plain(405, QByteArrayLiteral("Method not allowed\n"));
        refused.setHeader(QByteArrayLiteral("Allow"), QByteArrayLiteral("GET, HEAD"));
        return refused;
    }
    AuthResponse response = plain(200, request.method == "HEAD" ? QByteArray() : Metrics::exposition());
    response.setHeader(QByteArrayLiteral("Content-Type"), Metrics::contentType());
    return response;
}

} // namespace Gatehouse
