#include "httpload.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace Gatehouse::Testing {

HttpLoad::HttpLoad(quint16 port, QList<LoadRequest> requests, int threads, std::chrono::milliseconds interval)
    : m_port(port), m_requests(std::move(requests)), m_threads(threads), m_interval(interval)
{
}

HttpLoad::~HttpLoad()
{
    stop();
}

void HttpLoad::start()
{
    m_started = std::chrono::steady_clock::now();
    for (int i = 0; i < m_threads; ++i)
        m_workers.emplace_back([this, i] { run(i); });
}

void HttpLoad::stop()
{
    m_stop = true;
    for (std::thread &worker : m_workers)
        worker.join();
    m_workers.clear();
}

qint64 HttpLoad::now() const
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - m_started).count();
}

QList<LoadAnswer> HttpLoad::answers() const
{
    std::lock_guard lock(m_mutex);
    return m_answers;
}

void HttpLoad::run(int first)
{
    for (qsizetype i = first; !m_stop; ++i) {
        const auto next = std::chrono::steady_clock::now() + m_interval;
        const int index = int(i % m_requests.size());
        const qint64 sentAt = now();
        LoadAnswer answer = send(m_port, m_requests.at(index));
        answer.request = index;
        answer.sentAtMs = sentAt;
        {
            std::lock_guard lock(m_mutex);
            m_answers.append(answer);
        }
        std::this_thread::sleep_until(next);
    }
}

namespace {

QByteArray bytesOf(quint16 port, const LoadRequest &request)
{
    const QByteArray host = request.host.isEmpty() ? "127.0.0.1:" + QByteArray::number(port) : request.host;
    QByteArray head = request.method + ' ' + request.target + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n"
        + request.headers;
    if (!request.body.isEmpty() || request.method == "POST")
        head += "Content-Length: " + QByteArray::number(request.body.size()) + "\r\n";
    return head + "\r\n" + request.body;
}

//! \a answer with what \a received says (status, headers, body).
void parseInto(LoadAnswer &answer, const QByteArray &received)
{
    const qsizetype end = received.indexOf("\r\n\r\n");
    if (end < 0) {
        if (answer.error.isEmpty())
            answer.error = QStringLiteral("no complete answer (%1 bytes)").arg(received.size());
        return;
    }
    const QList<QByteArray> lines = received.left(end).split('\n');
    answer.status = lines.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "set-cookie")
            answer.setCookies.append(value);
        else if (name == "retry-after")
            answer.retryAfter = value;
        else if (name == "location")
            answer.location = value;
        else if (name == "content-type")
            answer.contentType = value;
    }
    answer.body = received.mid(end + 4);
}

} // namespace

LoadAnswer HttpLoad::send(quint16 port, const LoadRequest &request)
{
    LoadAnswer answer;
    const auto started = std::chrono::steady_clock::now();
    const QDeadlineTimer deadline(5000);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    QByteArray received;
    if (!socket.waitForConnected(int(deadline.remainingTime()))) {
        answer.error = QStringLiteral("connect: ") + socket.errorString();
    } else {
        socket.write(bytesOf(port, request));
        // Until the server closes (Connection: close) or the deadline.
        while (!deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState) {
            if (socket.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
                received += socket.readAll();
        }
        received += socket.readAll();
        if (socket.state() == QAbstractSocket::ConnectedState)
            answer.error = QStringLiteral("no complete answer within 5 s");
    }
    answer.elapsedMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    parseInto(answer, received);
    return answer;
}

QList<LoadAnswer> HttpLoad::sendAtOnce(quint16 port, const QList<LoadRequest> &requests, int timeoutMs)
{
    const auto started = std::chrono::steady_clock::now();
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    std::vector<QByteArray> received(requests.size());
    std::vector<bool> done(requests.size(), false);
    qsizetype pending = requests.size();
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    const auto settle = [&](qsizetype i) {
        if (done[i])
            return;
        done[i] = true;
        if (--pending == 0)
            loop.quit();
    };
    for (qsizetype i = 0; i < requests.size(); ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        QObject::connect(socket.get(), &QTcpSocket::connected, &loop, [&, i] { settle(i); });
        QObject::connect(socket.get(), &QTcpSocket::errorOccurred, &loop, [&, i](QAbstractSocket::SocketError) { settle(i); });
        socket->connectToHost(QHostAddress::LocalHost, requests.at(i).port ? requests.at(i).port : port);
        sockets.push_back(std::move(socket));
    }
    // The start gate: no request leaves before every connection is open (or has failed).
    if (pending > 0)
        loop.exec();
    pending = requests.size();
    std::fill(done.begin(), done.end(), false);
    for (qsizetype i = 0; i < requests.size(); ++i) {
        QTcpSocket *socket = sockets[i].get();
        QObject::disconnect(socket, nullptr, &loop, nullptr);
        QObject::connect(socket, &QTcpSocket::readyRead, &loop, [&, socket, i] { received[i] += socket->readAll(); });
        QObject::connect(socket, &QTcpSocket::disconnected, &loop, [&, i] { settle(i); });
        QObject::connect(socket, &QTcpSocket::errorOccurred, &loop, [&, i](QAbstractSocket::SocketError) { settle(i); });
        if (socket->state() != QAbstractSocket::ConnectedState)
            settle(i);
    }
    for (qsizetype i = 0; i < requests.size(); ++i) {
        if (sockets[i]->state() == QAbstractSocket::ConnectedState)
            sockets[i]->write(bytesOf(requests.at(i).port ? requests.at(i).port : port, requests.at(i)));
    }
    if (pending > 0)
        loop.exec();
    const qint64 elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    QList<LoadAnswer> answers;
    for (qsizetype i = 0; i < requests.size(); ++i) {
        received[i] += sockets[i]->readAll();
        LoadAnswer answer;
        answer.request = int(i);
        answer.elapsedMs = elapsed;
        if (!done[i])
            answer.error = QStringLiteral("no answer within %1 ms").arg(timeoutMs);
        parseInto(answer, received[i]);
        answers.append(answer);
    }
    return answers;
}

QByteArray cookieSet(const LoadAnswer &answer, const QByteArray &name)
{
    for (const QByteArray &set : answer.setCookies) {
        if (set.startsWith(name + '='))
            return set.mid(name.size() + 1, set.indexOf(';') - name.size() - 1);
    }
    return {};
}

bool removesCookie(const LoadAnswer &answer, const QByteArray &name)
{
    for (const QByteArray &set : answer.setCookies) {
        if (set.startsWith(name + "=;") || (set.startsWith(name + '=') && set.contains("Max-Age=0")))
            return true;
    }
    return false;
}

QString sessionEmail(const LoadAnswer &answer)
{
    if (answer.body == "null")
        return QStringLiteral("null");
    return QJsonDocument::fromJson(answer.body).object().value(QStringLiteral("user")).toObject().value(QStringLiteral("email")).toString();
}

LoadRequest getSession(const QByteArray &token, const QByteArray &cookieName)
{
    return {"GET", "/auth/session", token.isEmpty() ? QByteArray() : "Cookie: " + cookieName + '=' + token + "\r\n", {}, {}};
}

} // namespace Gatehouse::Testing
