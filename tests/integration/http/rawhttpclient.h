#pragma once
// A raw HTTP/1.1 client on QTcpSocket for the tests: exact bytes out, responses parsed by hand.
// Every wait is bounded and keeps the test thread's event loop running.
#include <QByteArrayList>
#include <QTcpSocket>
#include <QTest>

#include <optional>

#include <sys/socket.h>

struct RawResponse
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArrayList values(QByteArrayView name) const
    {
        QByteArrayList out;
        for (const auto &[key, value] : headers) {
            if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
                out.append(value);
        }
        return out;
    }
    QByteArray value(QByteArrayView name) const
    {
        const QByteArrayList all = values(name);
        return all.isEmpty() ? QByteArray() : all.first();
    }
};

class RawHttpClient
{
public:
    static constexpr int kTimeout = 5000;

    //! Connects to \a port on 127.0.0.1, from \a from (another loopback address, say) if given.
    explicit RawHttpClient(quint16 port, const QHostAddress &from = {})
    {
        if (!from.isNull())
            m_socket.bind(from);
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        m_socket.waitForConnected(kTimeout);
    }

    bool isConnected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    QTcpSocket &socket() { return m_socket; }
    //! Leaves as a crashed or impatient client does: a reset, not the end of what it sends.
    void reset()
    {
        const linger noLinger{1, 0};
        ::setsockopt(int(m_socket.socketDescriptor()), SOL_SOCKET, SO_LINGER, &noLinger,
                     sizeof(noLinger));
        m_socket.abort();
    }

    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }

    //! The next response; \a withBody false for answers to HEAD.
    std::optional<RawResponse> readResponse(bool withBody = true, int timeout = kTimeout)
    {
        std::optional<RawResponse> response;
        const bool received = QTest::qWaitFor([&] {
            m_buffer += m_socket.readAll();
            response = takeResponse(withBody);
            return response.has_value();
        }, timeout);
        return received ? response : std::nullopt;
    }

    //! Whether the server closes the connection within \a timeout; what it sent is kept.
    bool waitForClosed(int timeout = kTimeout)
    {
        const bool closed = QTest::qWaitFor([this] {
            m_buffer += m_socket.readAll();
            return m_socket.state() == QAbstractSocket::UnconnectedState;
        }, timeout);
        m_buffer += m_socket.readAll();
        return closed;
    }

    //! Bytes received and not yet taken as a response.
    QByteArray pending() const { return m_buffer; }

private:
    std::optional<RawResponse> takeResponse(bool withBody)
    {
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return std::nullopt;
        RawResponse response;
        const QByteArrayList lines = m_buffer.left(end).split('\n');
        const QByteArrayList status = lines.first().trimmed().split(' ');
        if (status.size() < 2)
            return std::nullopt;
        response.status = status.at(1).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            response.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
        }
        const qsizetype length = withBody ? response.value("Content-Length").toLongLong() : 0;
        if (m_buffer.size() < end + 4 + length)
            return std::nullopt;
        response.body = m_buffer.mid(end + 4, length);
        m_buffer.remove(0, end + 4 + length);
        return response;
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
};
