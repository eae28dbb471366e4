#include "engineclient.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

namespace Gatehouse::Test {

QStringList Reply::cookieNames() const
{
    QStringList names;
    for (const SetCookie &c : response.cookies)
        names << c.name;
    return names;
}

const SetCookie *Reply::cookie(const QString &name) const
{
    for (const SetCookie &c : response.cookies) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

EngineClient::EngineClient(const Auth &auth, QString origin)
    : m_auth(auth), m_origin(std::move(origin))
{
}

Reply EngineClient::get(const QString &pathAndQuery, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    AuthRequest r;
    r.method = "GET";
    r.url = QUrl(m_origin + pathAndQuery);
    r.headers = headers;
    return send(r);
}

AuthRequest EngineClient::formRequest(const QString &path, const QList<QPair<QString, QString>> &fields,
                                      const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    AuthRequest r;
    r.method = "POST";
    r.url = QUrl(m_origin + path);
    r.headers = headers;
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/x-www-form-urlencoded")));
    QByteArray body;
    for (const auto &f : fields) {
        if (!body.isEmpty())
            body += '&';
        body += QUrl::toPercentEncoding(f.first) + '=' + QUrl::toPercentEncoding(f.second);
    }
    r.body = body;
    return r;
}

Reply EngineClient::postForm(const QString &path, const QList<QPair<QString, QString>> &fields,
                             const QList<QPair<QByteArray, QByteArray>> &headers)
{
    return send(formRequest(path, fields, headers));
}

QFuture<AuthResponse> EngineClient::startForm(const QString &path, const QList<QPair<QString, QString>> &fields,
                                              const QList<QPair<QByteArray, QByteArray>> &headers)
{
    return start(formRequest(path, fields, headers));
}

Reply EngineClient::postJson(const QString &path, const QJsonObject &body,
                             const QList<QPair<QByteArray, QByteArray>> &headers)
{
    AuthRequest r;
    r.method = "POST";
    r.url = QUrl(m_origin + path);
    r.headers = headers;
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return send(r);
}

QFuture<AuthResponse> EngineClient::start(AuthRequest request) const
{
    QByteArray cookieHeader;
    for (auto it = cookies.cbegin(); it != cookies.cend(); ++it) {
        if (!cookieHeader.isEmpty())
            cookieHeader += "; ";
        cookieHeader += it.key().toLatin1() + '=' + QUrl::toPercentEncoding(it.value(), "-_.!~*'()");
    }
    if (!cookieHeader.isEmpty())
        request.headers.append(qMakePair(QByteArray("Cookie"), cookieHeader));
    request.remoteAddress = address;
    return m_auth.handle(request);
}

Reply EngineClient::send(AuthRequest request)
{
    QFuture<AuthResponse> future = start(std::move(request));
    if (!future.isFinished()) {
        QEventLoop loop;
        QFutureWatcher<AuthResponse> watcher;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            loop.exec();
    }
    Reply reply;
    reply.response = future.result();
    for (const SetCookie &c : reply.response.cookies) {
        if (c.options.maxAge && *c.options.maxAge <= 0)
            cookies.remove(c.name);
        else
            cookies.insert(c.name, c.value);
    }
    return reply;
}

QString EngineClient::csrfToken()
{
    return get(QStringLiteral("/auth/csrf")).json().object().value(QStringLiteral("csrfToken")).toString();
}

} // namespace Gatehouse::Test
