#include "http/requestconversion.h"

#include <QAbstractSocket>

namespace Gatehouse {

namespace {

//! Applies the Host header \a host to \a url; false if it is not a plain host[:port].
bool applyHost(QUrl &url, QByteArrayView host)
{
    for (char c : host) {
        // Printable ASCII only, and no user info, path, query or fragment.
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f || c == '@' || c == '/' || c == '\\' || c == '?' || c == '#')
            return false;
    }
    QUrl candidate = url;
    candidate.setAuthority(QString::fromLatin1(host.data(), host.size()), QUrl::StrictMode);
    if (!candidate.isValid() || candidate.host().isEmpty())
        return false;
    url = std::move(candidate);
    return true;
}

void dropDefaultPort(QUrl &url)
{
    const int port = url.port();
    if ((port == 80 && url.scheme() == QLatin1String("http"))
        || (port == 443 && url.scheme() == QLatin1String("https")))
        url.setPort(-1);
}

} // namespace

void useTargetAuthority(QUrl &url, QByteArrayView target)
{
    const QUrl absolute = QUrl::fromEncoded(target.toByteArray(), QUrl::StrictMode);
    QUrl candidate = url;
    candidate.setHost(absolute.host());
    candidate.setPort(absolute.port());
    if (absolute.host().isEmpty() || !candidate.isValid())
        return;
    url = std::move(candidate);
    dropDefaultPort(url);
}

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get: return QByteArrayLiteral("GET");
    case QHttpServerRequest::Method::Put: return QByteArrayLiteral("PUT");
    case QHttpServerRequest::Method::Delete: return QByteArrayLiteral("DELETE");
    case QHttpServerRequest::Method::Post: return QByteArrayLiteral("POST");
    case QHttpServerRequest::Method::Head: return QByteArrayLiteral("HEAD");
    case QHttpServerRequest::Method::Options: return QByteArrayLiteral("OPTIONS");
    case QHttpServerRequest::Method::Patch: return QByteArrayLiteral("PATCH");
    case QHttpServerRequest::Method::Connect: return QByteArrayLiteral("CONNECT");
    case QHttpServerRequest::Method::Trace: return QByteArrayLiteral("TRACE");
    default: return {};
    }
}

QHostAddress plainAddress(const QHostAddress &address)
{
    bool mapped = false;
    const quint32 ipv4 = address.toIPv4Address(&mapped);
    return mapped && address.protocol() == QAbstractSocket::IPv6Protocol ? QHostAddress(ipv4)
                                                                           : address;
}

QUrl absoluteUrl(const QHttpServerRequest &request, const QAbstractSocket *socket)
{
    // QHttpServerRequest::url() (Qt 6.4) carries the target's path and query and the connection's
    // scheme, but reports port 0 whenever the Host header has no port.
    QUrl url = request.url();
    url.setUserInfo({});
    url.setFragment({});
    if (!applyHost(url, request.value(QByteArrayLiteral("host")))) {
        if (socket) {
            url.setHost(socket->localAddress().toString());
            url.setPort(socket->localPort());
        } else {
            url.setHost(QStringLiteral("127.0.0.1"));
            url.setPort(-1);
        }
    }
    dropDefaultPort(url);
    return url;
}

AuthRequest makeAuthRequest(const QHttpServerRequest &request, QByteArray method,
                            const QAbstractSocket *socket)
{
    AuthRequest out;
    out.method = std::move(method);
    out.url = absoluteUrl(request, socket);
    out.headers = request.headers();
    out.body = request.body();
    out.remoteAddress = plainAddress(request.remoteAddress());
    return out;
}

} // namespace Gatehouse
