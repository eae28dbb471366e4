#include "nativesignin/loopbacklistener.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace Gatehouse::NativeSignInDetail {

namespace {

constexpr qsizetype kMaxRequestBytes = 16 * 1024;  //!< request line and headers: a redirect is far smaller
constexpr int kMaxConnections = 8;                  //!< open at once; more are closed unread
constexpr int kConnectionMs = 10000;                //!< for a connection to send its request

QByteArray reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    default: return "Error";
    }
}

//! The value of header \a name in \a head (the lines after the request line), or a null array.
QByteArray headerValue(const QList<QByteArray> &lines, QByteArrayView name)
{
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0 && name.compare(lines.at(i).left(colon).trimmed(), Qt::CaseInsensitive) == 0)
            return lines.at(i).mid(colon + 1).trimmed();
    }
    return {};
}

} // namespace

QByteArray httpAnswer(int status, const QString &text)
{
    const QByteArray body = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Sign-in</title>"
                            "<style>body{font-family:sans-serif;margin:4em auto;max-width:32em;text-align:center}</style>"
                            "</head><body><p>"
        + text.toHtmlEscaped().toUtf8() + "</p></body></html>\n";
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n"
           "Content-Type: text/html; charset=utf-8\r\n"
           "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\n"
           "Cache-Control: no-store\r\n"
           "Referrer-Policy: no-referrer\r\n"
           "X-Content-Type-Options: nosniff\r\n"
           "Connection: close\r\n"
           "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

LoopbackListener::LoopbackListener(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
{
}

LoopbackListener::~LoopbackListener()
{
    close();
}

bool LoopbackListener::listen(QString *problem)
{
    m_server = new QTcpServer(this);
    m_server->setMaxPendingConnections(kMaxConnections);
    if (!m_server->listen(QHostAddress::LocalHost, 0)) {
        *problem = QStringLiteral("cannot listen on 127.0.0.1: %1").arg(m_server->errorString());
        return false;
    }
    m_port = m_server->serverPort();
    connect(m_server, &QTcpServer::newConnection, this, &LoopbackListener::accept);
    return true;
}

QUrl LoopbackListener::redirectUri() const
{
    QUrl uri;
    uri.setScheme(QStringLiteral("http"));
    uri.setHost(QStringLiteral("127.0.0.1"));
    uri.setPort(m_port);
    uri.setPath(m_path);
    return uri;
}

void LoopbackListener::accept()
{
    while (m_server && m_server->hasPendingConnections()) {
        QTcpSocket *socket = m_server->nextPendingConnection();
        if (m_pending.size() >= kMaxConnections) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        m_pending.insert(socket, {});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            if (m_pending.remove(socket))
                socket->deleteLater();
        });
        QTimer::singleShot(kConnectionMs, this, [this, socket = QPointer<QTcpSocket>(socket)] {
            if (socket && m_pending.remove(socket)) {
                socket->abort();
                socket->deleteLater();
            }
        });
    }
}

void LoopbackListener::refuse(QTcpSocket *socket, int status, const QString &text)
{
    m_pending.remove(socket);
    socket->write(httpAnswer(status, text));
    socket->disconnectFromHost();
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    if (socket->state() == QAbstractSocket::UnconnectedState)
        socket->deleteLater();
}

void LoopbackListener::read(QTcpSocket *socket)
{
    auto it = m_pending.find(socket);
    if (it == m_pending.end())
        return;
    *it += socket->read(kMaxRequestBytes + 1 - it->size());
    const qsizetype end = it->indexOf("\r\n\r\n");
    if (end < 0) {
        if (it->size() > kMaxRequestBytes)
            refuse(socket, 400, QStringLiteral("The request is too large."));
        return;
    }
    const QList<QByteArray> lines = it->left(end).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1.") || !requestLine.at(1).startsWith('/'))
        return refuse(socket, 400, QStringLiteral("This is not a request this app understands."));
    // The browser names the address it was sent to; any other name is a page that resolved its
    // own host to 127.0.0.1 (DNS rebinding), not the provider's redirect.
    const QByteArray host = "127.0.0.1:" + QByteArray::number(m_port);
    if (headerValue(lines, "host") != host)
        return refuse(socket, 400, QStringLiteral("This is not a request this app understands."));
    const QByteArray target = requestLine.at(1);
    const qsizetype question = target.indexOf('?');
    const QByteArray path = question < 0 ? target : target.left(question);
    if (path != m_path.toUtf8())
        return refuse(socket, 404, QStringLiteral("There is nothing here."));
    if (requestLine.at(0) != "GET")
        return refuse(socket, 405, QStringLiteral("This is not a request this app understands."));

    // The one request: nothing more is listened to or read.
    m_pending.remove(socket);
    m_received = socket;
    disconnect(socket, nullptr, this, nullptr);
    // Its answer must outlive the listener, which the sign-in closes right after answering.
    socket->setParent(nullptr);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    m_server->close();
    for (auto other = m_pending.cbegin(); other != m_pending.cend(); ++other) {
        other.key()->abort();
        other.key()->deleteLater();
    }
    m_pending.clear();
    QList<QPair<QString, QString>> query;
    if (question >= 0) {
        // application/x-www-form-urlencoded: "+" is a space.
        QByteArray raw = target.mid(question + 1);
        raw.replace('+', ' ');
        query = QUrlQuery(QString::fromUtf8(raw)).queryItems(QUrl::FullyDecoded);
    }
    Q_EMIT received(query);
}

void LoopbackListener::answer(int status, const QString &text)
{
    if (!m_received)
        return;
    QTcpSocket *socket = m_received;
    m_received = nullptr;
    socket->write(httpAnswer(status, text));
    socket->disconnectFromHost();
    if (socket->state() == QAbstractSocket::UnconnectedState)
        socket->deleteLater();
}

void LoopbackListener::close()
{
    if (m_server)
        m_server->close();
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        it.key()->abort();
        it.key()->deleteLater();
    }
    m_pending.clear();
    if (m_received) {
        m_received->abort();
        m_received->deleteLater();
        m_received = nullptr;
    }
}

} // namespace Gatehouse::NativeSignInDetail
