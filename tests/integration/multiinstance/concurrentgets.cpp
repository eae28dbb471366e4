#include "concurrentgets.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTcpSocket>
#include <QTimer>
#include <memory>
#include <vector>

namespace Gatehouse::Test {

namespace {

RawResponse parse(quint16 port, const QByteArray &data)
{
    RawResponse r;
    r.port = port;
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0) {
        r.error = data.isEmpty() ? QStringLiteral("no answer") : QStringLiteral("incomplete answer: ") + QString::fromUtf8(data.left(200));
        return r;
    }
    const QList<QByteArray> lines = data.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
    r.status = statusLine.size() > 1 ? statusLine.at(1).toInt() : 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "location")
            r.location = value;
        else if (name == "set-cookie")
            r.setCookies.append(value);
    }
    return r;
}

//! True once \a data holds a whole answer (headers plus Content-Length bytes).
bool complete(const QByteArray &data)
{
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QByteArray head = data.left(end).toLower();
    const qsizetype at = head.indexOf("\ncontent-length:");
    if (at < 0)
        return false; // read until the server closes
    const qsizetype lineEnd = head.indexOf('\n', at + 1);
    const qint64 length = head.mid(at + 16, lineEnd < 0 ? -1 : lineEnd - at - 16).trimmed().toLongLong();
    return data.size() - end - 4 >= length;
}

} // namespace

QByteArray RawResponse::cookie(const QByteArray &name) const
{
    for (const QByteArray &c : setCookies) {
        if (!c.startsWith(name + '='))
            continue;
        const QByteArray value = c.mid(name.size() + 1, c.indexOf(';') < 0 ? -1 : c.indexOf(';') - name.size() - 1);
        if (!value.isEmpty())
            return value;
    }
    return {};
}

QList<RawResponse> concurrentGets(const QList<RawRequest> &requests, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    std::vector<QByteArray> received(requests.size());
    QEventLoop loop;
    qsizetype settled = 0;   // connected or failed
    qsizetype finished = 0;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    timer.start(int(qMax<qint64>(1, deadline.remainingTime())));

    const auto settle = [&]() {
        if (++settled == requests.size())
            loop.quit();
    };
    for (qsizetype i = 0; i < requests.size(); ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        QObject::connect(socket.get(), &QTcpSocket::connected, &loop, settle);
        QObject::connect(socket.get(), &QTcpSocket::errorOccurred, &loop, [settle](QAbstractSocket::SocketError) { settle(); });
        socket->connectToHost(QStringLiteral("127.0.0.1"), requests.at(i).port);
        sockets.push_back(std::move(socket));
    }
    // The start gate: no request leaves before every connection is open (or has failed).
    if (settled < requests.size())
        loop.exec();

    std::vector<bool> done(requests.size(), false);
    for (qsizetype i = 0; i < requests.size(); ++i) {
        QTcpSocket *s = sockets[i].get();
        const auto finish = [&, i]() {
            if (done[i])
                return;
            done[i] = true;
            if (++finished == requests.size())
                loop.quit();
        };
        QObject::disconnect(s, nullptr, &loop, nullptr);
        QObject::connect(s, &QTcpSocket::readyRead, &loop, [&, s, i, finish]() {
            received[i] += s->readAll();
            if (complete(received[i]))
                finish();
        });
        QObject::connect(s, &QTcpSocket::disconnected, &loop, finish);
        QObject::connect(s, &QTcpSocket::errorOccurred, &loop, [finish](QAbstractSocket::SocketError) { finish(); });
        if (s->state() != QAbstractSocket::ConnectedState)
            finish();
    }
    for (qsizetype i = 0; i < requests.size(); ++i) {
        if (sockets[i]->state() != QAbstractSocket::ConnectedState)
            continue;
        sockets[i]->write("GET " + requests.at(i).target + " HTTP/1.1\r\nHost: 127.0.0.1:"
                          + QByteArray::number(requests.at(i).port) + "\r\nConnection: close\r\n\r\n");
    }
    if (finished < requests.size() && !deadline.hasExpired())
        loop.exec();

    QList<RawResponse> responses;
    for (qsizetype i = 0; i < requests.size(); ++i) {
        received[i] += sockets[i]->readAll();
        RawResponse r = parse(requests.at(i).port, received[i]);
        if (r.status == 0 && sockets[i]->state() != QAbstractSocket::ConnectedState && r.error == QLatin1String("no answer"))
            r.error = QStringLiteral("connection failed: ") + sockets[i]->errorString();
        responses.append(r);
    }
    return responses;
}

} // namespace Gatehouse::Test
