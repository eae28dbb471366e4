#include "operations/healthroutes.h"

#include "operations/readiness.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPromise>

#include <memory>

namespace Gatehouse {

namespace {

AuthResponse probeResponse(const QJsonObject &body, int status)
{
    AuthResponse response = AuthResponse::json(body, status);
    response.setHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return response;
}

AuthResponse readinessResponse(const ReadinessReport &report)
{
    QJsonArray checks;
    for (const ReadinessOutcome &outcome : report.outcomes) {
        QJsonObject check{{QStringLiteral("check"), outcome.check}, {QStringLiteral("ok"), outcome.ok}};
        if (!outcome.ok)
            check.insert(QStringLiteral("reason"), outcome.reason);
        checks.append(check);
    }
    const bool ready = report.ready();
    return probeResponse({{QStringLiteral("status"), ready ? QStringLiteral("ready") : QStringLiteral("unavailable")},
                          {QStringLiteral("checks"), checks}},
                         ready ? 200 : 503);
}

} // namespace

HealthRoutes::HealthRoutes(Readiness *readiness, RequestHandler next)
    : m_readiness(readiness), m_next(std::move(next))
{
}

bool HealthRoutes::isHealthPath(const QString &path)
{
    return path == QLatin1String("/healthz") || path == QLatin1String("/readyz");
}

QFuture<AuthResponse> HealthRoutes::handle(const AuthRequest &request) const
{
    const QString path = request.url.path();
    if (!isHealthPath(path))
        return m_next(request);
    if (request.method != "GET" && request.method != "HEAD") {
        AuthResponse refused = probeResponse({{QStringLiteral("error"), QStringLiteral("MethodNotAllowed")}}, 405);
        refused.setHeader(QByteArrayLiteral("Allow"), QByteArrayLiteral("GET, HEAD"));
        return QtFuture::makeReadyFuture(refused);
    }
    if (path == QLatin1String("/healthz") || !m_readiness)
        return QtFuture::makeReadyFuture(probeResponse({{QStringLiteral("status"), QStringLiteral("ok")}}, 200));

    // The promise is finished by whenKnown(): at once from a recent report, or on the main
    // thread when the checks answer (within their timeout). The connection watches the future.
    auto promise = std::make_shared<QPromise<AuthResponse>>();
    QFuture<AuthResponse> future = promise->future();
    promise->start();
    m_readiness->whenKnown([promise](const ReadinessReport &report) {
        promise->addResult(readinessResponse(report));
        promise->finish();
    });
    return future;
}

} // namespace Gatehouse
