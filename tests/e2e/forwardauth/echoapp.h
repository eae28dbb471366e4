#pragma once
/*! \file echoapp.h  The app behind the proxy in the forward-auth end-to-end tests. */
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTcpServer>
#include <QTcpSocket>

/*!
 * The protected app: answers every request with 200 and the identity headers it received as
 * JSON ({"path": ..., "served": ..., "remote-user": ..., ...}; a header it did not receive is
 * absent). "served" is the file a lenient server would serve for the path (servedPath()).
 */
class EchoApp : public QObject
{
public:
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    quint16 port() const { return m_server.serverPort(); }
    EchoApp()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, socket, [socket] { answer(socket); });
            }
        });
    }

    /*!
     * The path as the most lenient common upstream reads it: ';' parameters stripped from every
     * segment (Tomcat, Jetty, Spring) before and after each of two percent-decodings (a second
     * proxy, or an app that decodes again), backslashes as slashes, the rest after a NUL dropped,
     * overlong UTF-8 dots and slashes taken for what they spell, dot segments resolved.
     */
    static QString servedPath(const QByteArray &target)
    {
        const auto stripped = [](const QByteArray &path) {
            QList<QByteArray> segments = path.split('/');
            for (QByteArray &segment : segments)
                segment.truncate(segment.contains(';') ? segment.indexOf(';') : segment.size());
            return segments.join('/');
        };
        QByteArray path = target.left(target.contains('?') ? target.indexOf('?') : target.size());
        for (int round = 0; round < 2; ++round)
            path = stripped(QByteArray::fromPercentEncoding(stripped(path)));
        path = stripped(path).replace('\\', '/').replace("\xc0\xae", ".").replace("\xc0\xaf", "/");
        if (path.contains('\0'))
            path.truncate(path.indexOf('\0'));
        QList<QByteArray> resolved;
        for (const QByteArray &segment : path.split('/')) {
            if (segment == "..") {
                if (!resolved.isEmpty())
                    resolved.removeLast();
            } else if (!segment.isEmpty() && segment != ".") {
                resolved.append(segment);
            }
        }
        return QString::fromUtf8('/' + resolved.join('/'));
    }

private:
    static void answer(QTcpSocket *socket)
    {
        QByteArray request = socket->property("buffer").toByteArray() + socket->readAll();
        const qsizetype end = request.indexOf("\r\n\r\n");
        if (end < 0) {
            socket->setProperty("buffer", request);
            return;
        }
        socket->setProperty("buffer", QByteArray());
        const QList<QByteArray> lines = request.left(end).split('\n');
        const QByteArray target = lines.value(0).split(' ').value(1);
        QJsonObject seen{{"path", QString::fromUtf8(target)}, {"served", servedPath(target)}};
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            const QByteArray name = line.left(colon).toLower();
            if (name.startsWith("remote-") || name.startsWith("x-auth-request-") || name == "x-forwarded-user")
                seen.insert(QString::fromLatin1(name), QString::fromUtf8(line.mid(colon + 1).trimmed()));
        }
        const QByteArray body = QJsonDocument(seen).toJson(QJsonDocument::Compact);
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                      + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
};
