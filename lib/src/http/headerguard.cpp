#include "http/headerguard.h"

#include "core/timeformat.h"
#include "http/requestconversion.h"
#include "http/requestlog.h"
#include "http/requestscanner.h"
#include "http/responseserializer.h"

#include <QDateTime>
#include <QTcpSocket>
#include <QTimer>

#include <limits>

#include <sys/socket.h>

namespace Gatehouse {

namespace {

//! How long a refused connection may take to flush its answer and hear the client close.
constexpr int kLingerMs = 2000;

} // namespace

int headerRefusal(const QHttpServerRequest &request)
{
    // The fields as a header section of their own, judged by the scanner. QHttpServer does not
    // tell the version: a request without Host is read as HTTP/1.0, the only version where that
    // is valid; every other as HTTP/1.1.
    const QList<QPair<QByteArray, QByteArray>> fields = request.headers();
    bool hasHost = false;
    QByteArray head = methodName(request.method());
    head += " / HTTP/1.1\r\n";
    for (const auto &[name, value] : fields) {
        hasHost = hasHost || name.compare("host", Qt::CaseInsensitive) == 0;
        head += name + ": " + value + "\r\n";
    }
    head += "\r\n";
    if (!hasHost)
        head[head.indexOf("\r\n") - 1] = '0';
    RequestScanner scanner(RequestScanner::kMaxHeaderSize, std::numeric_limits<qint64>::max());
    scanner.scan(head.constData(), head.size());
    // 413/414/431 are limits, not rules: QHttpServer has read the request already.
    const int status = scanner.errorStatus();
    return status == 413 || status == 414 || status == 431 ? 0 : status;
}

bool refuseMalformedHeaders(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const int status = headerRefusal(request);
    if (!status)
        return false;
    RequestLog::start(methodName(request.method()), request.url(), plainAddress(request.remoteAddress()))
        .finish(status);
    // QHttpServer reads the socket on readyRead, a pipelined request included: no longer.
    QObject::disconnect(socket, &QIODevice::readyRead, nullptr, nullptr);
    socket->write(serializeErrorResponse(status, httpDate(QDateTime::currentSecsSinceEpoch())));
    socket->flush();
    socket->skip(socket->bytesAvailable());
    // Half-close once the refusal is out and discard what still arrives until the client
    // closes: closing with unread data would reset the connection and could destroy the refusal.
    QObject::connect(socket, &QIODevice::readyRead, socket, [socket] { socket->skip(socket->bytesAvailable()); });
    const auto shutdownWhenFlushed = [socket] {
        if (socket->bytesToWrite() == 0 && socket->state() == QAbstractSocket::ConnectedState)
            ::shutdown(int(socket->socketDescriptor()), SHUT_WR);
    };
    QObject::connect(socket, &QIODevice::bytesWritten, socket, shutdownWhenFlushed);
    shutdownWhenFlushed();
    QTimer::singleShot(kLingerMs, socket, [socket] { socket->abort(); });
    return true;
}

} // namespace Gatehouse
