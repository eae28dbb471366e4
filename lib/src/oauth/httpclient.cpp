#include "oauth/httpclient.h"

#include "metrics/catalogue.h"
#include "oauth/logging.h"

#include <QHash>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPromise>
#include <QThread>
#include <QTimer>

namespace Gatehouse::OAuth {

QByteArray HttpResponse::header(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (name.compare(h.first, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

QByteArray HttpResponse::mediaType() const
{
    QByteArray type = header("content-type");
    const qsizetype semicolon = type.indexOf(';');
    if (semicolon >= 0)
        type.truncate(semicolon);
    return type.trimmed().toLower();
}

//! The QNetworkAccessManager of each thread that sent a request.
struct ThreadManagers
{
    QMutex mutex;
    QHash<QThread *, QNetworkAccessManager *> byThread;
};

namespace {

QNetworkAccessManager *managerForCurrentThread(const std::shared_ptr<ThreadManagers> &managers)
{
    QThread *thread = QThread::currentThread();
    QMutexLocker lock(&managers->mutex);
    if (QNetworkAccessManager *existing = managers->byThread.value(thread))
        return existing;
    auto *manager = new QNetworkAccessManager;
    manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    managers->byThread.insert(thread, manager);
    // Qt's way to free an object with its thread: deleteLater on QThread::finished.
    QObject::connect(thread, &QThread::finished, manager, &QObject::deleteLater, Qt::DirectConnection);
    const std::weak_ptr<ThreadManagers> weak = managers;
    QObject::connect(manager, &QObject::destroyed, [weak, thread] {
        if (const auto alive = weak.lock()) {
            QMutexLocker aliveLock(&alive->mutex);
            alive->byThread.remove(thread);
        }
    });
    return manager;
}

//! What one exchange has collected so far.
struct Exchange
{
    QByteArray body;
    QString failure;    //!< set when the client gave up (time-out, size)
    bool settled = false;
};

} // namespace

HttpClient::HttpClient()
    : m_managers(std::make_shared<ThreadManagers>())
{
}

HttpClient::~HttpClient()
{
    QHash<QThread *, QNetworkAccessManager *> managers;
    {
        QMutexLocker lock(&m_managers->mutex);
        managers.swap(m_managers->byThread);
    }
    for (auto it = managers.cbegin(); it != managers.cend(); ++it) {
        if (it.key() == QThread::currentThread())
            delete it.value();
        else
            it.value()->deleteLater();
    }
}

QFuture<HttpResponse> HttpClient::send(const HttpRequest &request) const
{
    auto promise = std::make_shared<QPromise<HttpResponse>>();
    QFuture<HttpResponse> future = promise->future();
    promise->start();

    QNetworkRequest req(request.url);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    req.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    req.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    req.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    req.setRawHeader("User-Agent", "Gatehouse");
    for (const auto &h : request.headers)
        req.setRawHeader(h.first, h.second);

    QNetworkAccessManager *manager = managerForCurrentThread(m_managers);
    QNetworkReply *reply = manager->sendCustomRequest(req, request.method, request.body);
    auto exchange = std::make_shared<Exchange>();
    const qint64 limit = request.maxResponseBytes;
    const auto giveUp = [reply, exchange](const QString &why) {
        if (exchange->failure.isEmpty())
            exchange->failure = why;
        reply->abort();
    };

    auto *timer = new QTimer(reply);
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, reply, [giveUp, ms = request.timeoutMs] {
        giveUp(QStringLiteral("timed out after %1 ms").arg(ms));
    });
    timer->start(request.timeoutMs);

    const QString tooLarge = QStringLiteral("response larger than %1 bytes").arg(limit);
    QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, [reply, giveUp, limit, tooLarge] {
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (length.isValid() && length.toLongLong() > limit)
            giveUp(tooLarge);
    });
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [reply, exchange, giveUp, limit, tooLarge] {
        if (!exchange->failure.isEmpty())
            return;
        exchange->body += reply->read(limit + 1 - exchange->body.size());
        if (exchange->body.size() > limit)
            giveUp(tooLarge);
    });
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply, exchange, promise, limit, tooLarge, timer,
                                                              started = Metrics::start(), endpoint = request.endpoint] {
        timer->stop();
        if (exchange->settled)
            return;
        exchange->settled = true;
        HttpResponse response;
        response.received = QDateTime::currentDateTimeUtc();
        if (exchange->failure.isEmpty()) {
            exchange->body += reply->read(limit + 1 - exchange->body.size());
            if (exchange->body.size() > limit)
                exchange->failure = tooLarge;
        }
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (!exchange->failure.isEmpty()) {
            response.error = exchange->failure;
        } else if (status <= 0) {
            response.error = reply->errorString();
        } else {
            response.status = status;
            for (const auto &h : reply->rawHeaderPairs())
                response.headers.append({h.first, h.second});
            response.body = std::move(exchange->body);
        }
        Metrics::recordOAuthCall(endpoint, reply->request().url().host(), started, response.status, !response.ok());
        if (!response.ok())
            qCDebug(lcOAuth).noquote() << reply->request().url().toString(QUrl::RemoveQuery) << "failed:" << response.error;
        promise->addResult(std::move(response));
        promise->finish();
        reply->deleteLater();
    });
    // A reply deleted unfinished (its manager went away with the client) still settles.
    QObject::connect(reply, &QObject::destroyed, [exchange, promise] {
        if (exchange->settled)
            return;
        exchange->settled = true;
        HttpResponse response;
        response.error = QStringLiteral("request abandoned: the HTTP client was destroyed");
        promise->addResult(std::move(response));
        promise->finish();
    });
    return future;
}

} // namespace Gatehouse::OAuth
