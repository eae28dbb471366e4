#pragma once
/*
 * A browser-like client for the engine in-process: it keeps a cookie jar (name, value,
 * expiry; deletion by Max-Age=0), sends AuthRequests to Auth::handle and waits for the
 * response (running the event loop, so asynchronous callbacks work).
 */
#include <gatehouse/auth.h>

#include <QJsonDocument>
#include <QMap>
#include <QUrl>

namespace Gatehouse::Test {

struct Reply
{
    AuthResponse response;
    QByteArray location() const { return response.header("location"); }
    QJsonDocument json() const { return QJsonDocument::fromJson(response.body); }
    //! Set-Cookie names in order, for checks like "csrf then callback-url".
    QStringList cookieNames() const;
    const SetCookie *cookie(const QString &name) const;
};

class EngineClient
{
public:
    explicit EngineClient(const Auth &auth, QString origin = QStringLiteral("http://127.0.0.1:9300"));

    Reply get(const QString &pathAndQuery, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    Reply postForm(const QString &path, const QList<QPair<QString, QString>> &fields,
                   const QList<QPair<QByteArray, QByteArray>> &headers = {});
    Reply postJson(const QString &path, const QJsonObject &body,
                   const QList<QPair<QByteArray, QByteArray>> &headers = {});
    Reply send(AuthRequest request);
    /*!
     * postForm() without waiting: the request goes to the engine now, with this client's cookies
     * and address, and the future is its answer (the jar does not learn its cookies). For
     * requests that must be in flight together.
     */
    QFuture<AuthResponse> startForm(const QString &path, const QList<QPair<QString, QString>> &fields,
                                    const QList<QPair<QByteArray, QByteArray>> &headers = {});

    //! GET csrf and return the token.
    QString csrfToken();

    QMap<QString, QString> cookies;  //!< the jar: name -> value
    QHostAddress address = QHostAddress(QStringLiteral("127.0.0.1"));

private:
    AuthRequest formRequest(const QString &path, const QList<QPair<QString, QString>> &fields,
                            const QList<QPair<QByteArray, QByteArray>> &headers) const;
    QFuture<AuthResponse> start(AuthRequest request) const;

    const Auth &m_auth;
    QString m_origin;
};

} // namespace Gatehouse::Test
