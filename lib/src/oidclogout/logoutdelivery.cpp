#include "oidclogout/logoutdelivery.h"

#include "oidclogout/logging.h"
#include "oauth/httpclient.h"

#include <QThread>
#include <QTimer>

namespace Gatehouse::OidcLogout {

namespace {

using Done = std::function<void(const LogoutDeliveryOutcome &)>;

//! Whether an attempt that got \a response may succeed when tried again.
bool worthRetrying(const OAuth::HttpResponse &response)
{
    return !response.ok() || response.status >= 500;
}

QString problemOf(const OAuth::HttpResponse &response)
{
    if (!response.ok())
        return response.error;
    if (response.status >= 300 && response.status < 400)
        return QStringLiteral("HTTP %1 (a redirect, not followed)").arg(response.status);
    return QStringLiteral("HTTP %1").arg(response.status);
}

} // namespace

class LogoutDeliveryPrivate
{
public:
    explicit LogoutDeliveryPrivate(const LogoutDelivery::Policy &policy)
        : policy(policy)
    {
        thread.setObjectName(QStringLiteral("gatehouse-oidc-logout"));
        worker.moveToThread(&thread);
        thread.start();
    }

    ~LogoutDeliveryPrivate()
    {
        thread.quit();
        thread.wait();
        // The worker's thread has ended: its timers and replies die with it here.
    }

    void attempt(const std::shared_ptr<const LogoutDeliveryJob> &job, const Done &done, int number)
    {
        OAuth::HttpRequest request;
        request.method = "POST";
        request.url = job->uri;
        request.endpoint = "backchannel_logout";
        request.headers = {{QByteArrayLiteral("content-type"), QByteArrayLiteral("application/x-www-form-urlencoded")}};
        request.body = QByteArrayLiteral("logout_token=") + QUrl::toPercentEncoding(job->logoutToken);
        request.timeoutMs = policy.timeoutMs;
        request.maxResponseBytes = 64 * 1024;
        http.send(request).then(&worker, [this, job, done, number](const OAuth::HttpResponse &response) {
            if (response.ok() && (response.status == 200 || response.status == 204)) {
                finish(done, {true, number, {}, false});
                return;
            }
            const QString problem = problemOf(response);
            if (!worthRetrying(response) || number >= policy.attempts) {
                finish(done, {false, number, problem, worthRetrying(response)});
                return;
            }
            qCDebug(lcOidcLogout) << "back-channel logout to client" << job->clientId << "attempt" << number << "failed:" << problem;
            QTimer::singleShot(policy.firstRetryDelayMs << (number - 1), &worker,
                               [this, job, done, number] { attempt(job, done, number + 1); });
        });
    }

    static void finish(const Done &done, const LogoutDeliveryOutcome &outcome)
    {
        if (done)
            done(outcome);
    }

    const LogoutDelivery::Policy policy;
    QThread thread;
    QObject worker;       // lives in thread: the replies and retry timers run there
    OAuth::HttpClient http;
};

LogoutDelivery::LogoutDelivery(const Policy &policy)
    : d(std::make_unique<LogoutDeliveryPrivate>(policy))
{
}

LogoutDelivery::~LogoutDelivery() = default;

void LogoutDelivery::submit(LogoutDeliveryJob job, std::function<void(const LogoutDeliveryOutcome &)> done)
{
    auto shared = std::make_shared<const LogoutDeliveryJob>(std::move(job));
    LogoutDeliveryPrivate *p = d.get();
    QMetaObject::invokeMethod(&p->worker, [p, shared, done = std::move(done)] { p->attempt(shared, done, 1); },
                              Qt::QueuedConnection);
}

} // namespace Gatehouse::OidcLogout
