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

namespace {

//! Gives \a url the authority of the Host header \a host, else the local address \a local.
QUrl withAuthority(QUrl url, QByteArrayView host, const QHostAddress &local, quint16 localPort)
{
    url.setUserInfo({});
    url.setFragment({});
    if (!applyHost(url, host)) {
        if (!local.isNull()) {
            url.setHost(local.toString());
            url.setPort(localPort);
        } else {
            url.setHost(QStringLiteral("127.0.0.1"));
            url.setPort(-1);
        }
    }
    dropDefaultPort(url);
    return url;
}

QByteArrayView hostField(const QList<QPair<QByteArray, QByteArray>> &headers)
{
    for (const auto &[name, value] : headers) {
        if (name.compare("host", Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

} // namespace

QUrl absoluteUrl(const QHttpServerRequest &request, const QAbstractSocket *socket)
{
    // QHttpServerRequest::url() (Qt 6.4) carries the target's path and query and the connection's
    // scheme, but reports port 0 whenever the Host header has no port.
    return withAuthority(request.url(), request.value(QByteArrayLiteral("host")),
                         socket ? socket->localAddress() : QHostAddress(),
                         socket ? socket->localPort() : 0);
}

QUrl targetUrl(QByteArrayView target, bool absoluteForm)
{
    if (absoluteForm) {
        // After "http://" or "https://" and the authority, the path (perhaps empty) and query.
        const qsizetype authority = target.indexOf("//") + 2;
        qsizetype pathStart = authority;
        while (pathStart < target.size() && target[pathStart] != '/' && target[pathStart] != '?')
            ++pathStart;
        target = target.sliced(pathStart);
    }
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    const qsizetype question = target.indexOf('?');
    const QByteArrayView path = question < 0 ? target : target.first(question);
    url.setPath(QString::fromUtf8(path.isEmpty() ? QByteArrayView("/") : path), QUrl::TolerantMode);
    if (question >= 0)
        url.setQuery(QString::fromUtf8(target.sliced(question + 1)));
    return url;
}

AuthRequest makeAuthRequest(RequestParts parts)
{
    AuthRequest out;
    out.method = std::move(parts.method);
    if (parts.url.isEmpty())
        parts.url = targetUrl(parts.target, parts.absoluteForm);
    out.url = withAuthority(std::move(parts.url), hostField(parts.headers), parts.localAddress,
                            parts.localPort);
    if (parts.absoluteForm)
        useTargetAuthority(out.url, parts.target);
    out.headers = std::move(parts.headers);
    out.body = std::move(parts.body);
    out.remoteAddress = plainAddress(parts.remoteAddress);
    return out;
}

AuthRequest makeAuthRequest(const QHttpServerRequest &request, QByteArray method,
                            const QAbstractSocket *socket)
{
    RequestParts parts;
    parts.method = std::move(method);
    parts.url = request.url();
    parts.headers = request.headers();
    parts.body = request.body();
    parts.remoteAddress = request.remoteAddress();
    if (socket) {
        parts.localAddress = socket->localAddress();
        parts.localPort = socket->localPort();
    }
    return makeAuthRequest(std::move(parts));
}

} // namespace Gatehouse
