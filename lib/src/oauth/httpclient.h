#pragma once
/*!
 * \file httpclient.h  Outbound HTTP for the OAuth flows: discovery, JWKS, token and userinfo
 * requests, asynchronously over QNetworkAccessManager, with a total time limit and a limit on
 * the size of the response.
 */
#include <QByteArray>
#include <QDateTime>
#include <QFuture>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <memory>

namespace Gatehouse::OAuth {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;
struct ThreadManagers;

struct HttpRequest
{
    QByteArray method = "GET";
    QUrl url;
    //! What the call is for (discovery, jwks, token, userinfo): the metrics' endpoint label.
    QByteArray endpoint = "other";
    HeaderList headers;
    QByteArray body;
    int timeoutMs = 10000;              //!< for the whole exchange, connecting included
    qint64 maxResponseBytes = 1 << 20;  //!< larger bodies fail the request
};

/*!
 * The answer to an HttpRequest. \c error is empty when an HTTP response arrived (whatever its
 * status); otherwise it says why there is none ("timed out after 500 ms", "response larger
 * than 1048576 bytes", "Connection refused", ...).
 */
struct HttpResponse
{
    int status = 0;
    HeaderList headers;
    QByteArray body;
    QString error;
    QDateTime received;                 //!< UTC

    bool ok() const { return error.isEmpty(); }
    //! First value of header \a name (case-insensitive), or an empty array.
    QByteArray header(QByteArrayView name) const;
    //! The media type of the body without parameters, lower-cased ("application/json").
    QByteArray mediaType() const;
};

/*!
 * Sends requests on a QNetworkAccessManager that belongs to the calling thread, created on the
 * first request of each thread and deleted when that thread finishes or the client is
 * destroyed. The replies are processed by the calling thread's event loop, so a request must
 * be made from a thread that runs (or will soon run) a Qt event loop; its future finishes in
 * that thread. Redirects are not followed. Thread-safe.
 */
class HttpClient
{
public:
    HttpClient();
    ~HttpClient();
    HttpClient(const HttpClient &) = delete;
    HttpClient &operator=(const HttpClient &) = delete;

    //! Sends \a request; the future never fails: transport problems are in HttpResponse::error.
    QFuture<HttpResponse> send(const HttpRequest &request) const;

private:
    std::shared_ptr<ThreadManagers> m_managers;
};

} // namespace Gatehouse::OAuth
