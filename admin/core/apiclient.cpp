#include "apiclient.h"

#include "serverlink.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace Gatehouse::Admin {

namespace {

constexpr int transferTimeoutMs = 30000;
constexpr qint64 maxAnswerBytes = 16 * 1024 * 1024;

ApiProblem::Kind kindOf(int status)
{
    switch (status) {
    case 401: return ApiProblem::Kind::SignInRequired;
    case 403: return ApiProblem::Kind::Forbidden;
    case 404: return ApiProblem::Kind::NotFound;
    case 409: return ApiProblem::Kind::Conflict;
    case 429: return ApiProblem::Kind::RateLimited;
    default: return status >= 500 ? ApiProblem::Kind::Server : ApiProblem::Kind::Invalid;
    }
}

} // namespace

QString ApiReply::errorText() const
{
    if (!problem)
        return {};
    switch (problem->kind) {
    case ApiProblem::Kind::Network:
        return ApiClient::tr("the server could not be reached: %1").arg(problem->message);
    case ApiProblem::Kind::SignInRequired:
        return ApiClient::tr("your sign-in has ended; sign in again");
    case ApiProblem::Kind::Forbidden:
        return ApiClient::tr("the server refused: %1").arg(problem->message);
    case ApiProblem::Kind::RateLimited:
        return ApiClient::tr("too many attempts; wait a minute and try again");
    case ApiProblem::Kind::Server:
        return ApiClient::tr("the server failed (%1): %2").arg(problem->status).arg(problem->message);
    case ApiProblem::Kind::NotFound:
    case ApiProblem::Kind::Conflict:
    case ApiProblem::Kind::Invalid:
        break;
    }
    return problem->message;
}

QByteArray ApiReply::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

ApiClient::ApiClient(const QUrl &apiBase, ServerLink *link, QObject *parent)
    : QObject(parent)
    , m_base(apiBase)
    , m_link(link)
    , m_nam(new QNetworkAccessManager(this))
{
    m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

ApiClient::~ApiClient() = default;

void ApiClient::get(const QString &path, const QUrlQuery &query, QObject *context, Done done)
{
    start({"GET", path, query, std::nullopt, std::nullopt, 0, context, std::move(done)});
}

void ApiClient::send(const QByteArray &method, const QString &path, const QJsonObject &body, QObject *context, Done done)
{
    start({method, path, {}, body.isEmpty() ? std::nullopt : std::optional(body), std::nullopt, 0, context, std::move(done)});
}

void ApiClient::upload(const QString &path, const QUrlQuery &query, const QByteArray &bytes, int timeoutMs, QObject *context,
                       Done done)
{
    start({"POST", path, query, std::nullopt, bytes, timeoutMs, context, std::move(done)});
}

void ApiClient::start(Call call)
{
    QUrl url = m_base.resolved(QUrl(call.path));
    if (!call.query.isEmpty())
        url.setQuery(call.query);
    QNetworkRequest request(url);
    request.setTransferTimeout(call.timeoutMs > 0 ? call.timeoutMs : transferTimeoutMs);
    request.setRawHeader("Accept", "application/json");
    if (m_link)
        request.setRawHeader("Authorization", "Bearer " + m_link->accessToken().toLatin1());
    QByteArray payload;
    if (call.body) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        payload = QJsonDocument(*call.body).toJson(QJsonDocument::Compact);
    } else if (call.bytes) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
        payload = *call.bytes;
    }
    QNetworkReply *reply = m_nam->sendCustomRequest(request, call.method, payload);
    connect(reply, &QNetworkReply::finished, this, [this, reply, call = std::move(call)]() mutable {
        reply->deleteLater();
        if (!call.context)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->read(maxAnswerBytes);
        const QString networkError = status == 0 ? reply->errorString() : QString();
        if (status == 401 && !call.renewed && m_link) {
            // The access token expired or was refused: one refresh, then the same request again.
            call.renewed = true;
            QPointer<ApiClient> self(this);
            m_link->renew(this, [self, call](bool renewed) mutable {
                if (!self || !call.context)
                    return;
                if (renewed) {
                    self->start(std::move(call));
                    return;
                }
                ApiReply refused;
                refused.status = 401;
                refused.problem = ApiProblem{ApiProblem::Kind::SignInRequired, 401, QStringLiteral("invalid_token"),
                                             tr("your sign-in has ended; sign in again"), {}};
                call.done(refused);
            });
            return;
        }
        ApiReply answer =
            readReply(status, body, reply->header(QNetworkRequest::ContentTypeHeader).toByteArray(), networkError);
        answer.headers = reply->rawHeaderPairs();
        if (status == 401 && m_link)
            m_link->requireSignIn(tr("the server no longer accepts your sign-in; sign in again"));
        call.done(answer);
    });
}

ApiReply ApiClient::readReply(int status, const QByteArray &body, const QByteArray &contentType, const QString &networkError)
{
    ApiReply reply;
    reply.status = status;
    if (status == 0) {
        reply.problem = ApiProblem{ApiProblem::Kind::Network, 0, {}, networkError, {}};
        return reply;
    }
    if (status >= 200 && status < 300 && contentType.startsWith("application/x-ndjson")) {
        for (const QByteArray &line : body.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonDocument document = QJsonDocument::fromJson(line);
            if (!document.isObject()) {
                reply.problem = ApiProblem{ApiProblem::Kind::Network, status, {},
                                           tr("the server answered a line that is not the admin API's JSON (HTTP %1)").arg(status), {}};
                return reply;
            }
            reply.lines.append(document.object());
        }
        return reply;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    const QJsonObject object = document.object();
    if (status >= 200 && status < 300) {
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            reply.problem = ApiProblem{ApiProblem::Kind::Network, status, {},
                                       tr("the server answered something that is not the admin API's JSON (HTTP %1)").arg(status), {}};
            return reply;
        }
        reply.json = object;
        return reply;
    }
    ApiProblem problem;
    problem.kind = kindOf(status);
    problem.status = status;
    problem.error = object.value(QLatin1String("error")).toString();
    problem.message = object.value(QLatin1String("message")).toString();
    problem.field = object.value(QLatin1String("field")).toString();
    problem.body = object;
    if (problem.message.isEmpty()) // not the admin API answering (a proxy, an older server)
        problem.message = status == 404 ? tr("the server has no admin API here (HTTP 404); is \"admin\" configured?")
                                        : tr("HTTP %1").arg(status);
    reply.problem = problem;
    return reply;
}

} // namespace Gatehouse::Admin
