#include "support/webhookreceiver.h"

#include <QDateTime>
#include <QMessageAuthenticationCode>
#include <QTcpSocket>

namespace Gatehouse::Testing {

WebhookReceiver::WebhookReceiver(QByteArray secret, QObject *parent)
    : QObject(parent)
    , m_secret(std::move(secret))
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            m_buffers.insert(socket, {});
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
            connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                m_buffers.remove(socket);
                socket->deleteLater();
            });
        }
    });
}

WebhookReceiver::~WebhookReceiver()
{
    stop();
}

bool WebhookReceiver::start(quint16 port)
{
    if (!m_server.listen(QHostAddress::LocalHost, port ? port : m_port))
        return false;
    m_port = m_server.serverPort();
    return true;
}

void WebhookReceiver::stop()
{
    m_server.close();
    const QList<QTcpSocket *> open = m_buffers.keys();
    m_buffers.clear();
    for (QTcpSocket *socket : open) {
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
}

QString WebhookReceiver::url(const QString &path) const
{
    return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path);
}

QList<ReceivedWebhook> WebhookReceiver::accepted() const
{
    QList<ReceivedWebhook> ok;
    for (const ReceivedWebhook &r : m_received) {
        if (r.answeredWith >= 200 && r.answeredWith < 300)
            ok.append(r);
    }
    return ok;
}

bool WebhookReceiver::verify(const QByteArray &header, const QByteArray &body) const
{
    QByteArray timestamp;
    QList<QByteArray> signatures;
    for (const QByteArray &part : header.split(',')) {
        if (part.startsWith("t="))
            timestamp = part.mid(2);
        else if (part.startsWith("v1="))
            signatures.append(part.mid(3));
    }
    bool ok = false;
    const qint64 when = timestamp.toLongLong(&ok);
    if (!ok || qAbs(QDateTime::currentSecsSinceEpoch() - when) > 300)
        return false;
    const QByteArray expected =
        QMessageAuthenticationCode::hash(timestamp + '.' + body, m_secret, QCryptographicHash::Sha256).toHex();
    return signatures.contains(expected);
}

void WebhookReceiver::readFrom(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    ReceivedWebhook request;
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.path = requestLine.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            request.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    const qsizetype length = request.headers.value("content-length").toLongLong();
    if (buffer.size() < end + 4 + length)
        return;  // the rest of the body comes later
    request.body = buffer.mid(end + 4, length);
    buffer.clear();
    request.signatureValid = verify(request.header("gatehouse-signature"), request.body);
    request.answeredWith = requestLine.value(0) == "POST" ? m_status : 405;
    m_received.append(request);
    socket->write("HTTP/1.1 " + QByteArray::number(request.answeredWith) + " Answer\r\nContent-Length: 0\r\n"
                  "Connection: close\r\n\r\n");
    socket->disconnectFromHost();
}

} // namespace Gatehouse::Testing
