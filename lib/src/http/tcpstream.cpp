#include "http/tcpstream.h"

#include "http/writebatch.h"

#include <cerrno>
#include <utility>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Gatehouse {

namespace {

bool wouldBlock(int error)
{
    return error == EAGAIN || error == EWOULDBLOCK;
}

quint16 portOf(const sockaddr_storage &address)
{
    if (address.ss_family == AF_INET)
        return ntohs(reinterpret_cast<const sockaddr_in &>(address).sin_port);
    if (address.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6 &>(address).sin6_port);
    return 0;
}

} // namespace

TcpStream::TcpStream(QObject *parent) : QObject(parent)
{
}

TcpStream::~TcpStream()
{
    // Not close(): nobody is left to hear closed(). A batched write goes out as far as the
    // kernel takes it now.
    if (m_batched) {
        WriteBatch::remove(this);
        qsizetype sent = 0;
        sendNow(m_queue.constData() + m_queueSent, bytesToWrite(), &sent);
    }
    delete m_readNotifier;
    delete m_writeNotifier;
    if (m_descriptor >= 0)
        ::close(m_descriptor);
}

bool TcpStream::open(qintptr descriptor)
{
    const int fd = int(descriptor);
    sockaddr_storage peer{};
    socklen_t peerLength = sizeof(peer);
    sockaddr_storage local{};
    socklen_t localLength = sizeof(local);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0
        || ::getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &peerLength) != 0
        || ::getsockname(fd, reinterpret_cast<sockaddr *>(&local), &localLength) != 0) {
        return false;
    }
    // Responses go out in one write each: no reason to hold them back (Nagle).
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));

    m_descriptor = fd;
    m_peer = QHostAddress(reinterpret_cast<const sockaddr *>(&peer));
    m_local = QHostAddress(reinterpret_cast<const sockaddr *>(&local));
    m_localPort = portOf(local);
    m_readNotifier = new QSocketNotifier(descriptor, QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &TcpStream::readyRead);
    return true;
}

TcpStream::ReadResult TcpStream::read(char *into, qsizetype capacity, qsizetype *size)
{
    *size = 0;
    if (m_descriptor < 0)
        return ReadResult::Failed;
    if (!m_readNotifier->isEnabled())
        return ReadResult::End;  // reported once already
    ssize_t got;
    do {
        got = ::recv(m_descriptor, into, size_t(capacity), 0);
    } while (got < 0 && errno == EINTR);
    if (got > 0) {
        *size = got;
        return ReadResult::Data;
    }
    if (got == 0) {
        // The end stays readable for ever: stop listening for it.
        m_readNotifier->setEnabled(false);
        return ReadResult::End;
    }
    if (wouldBlock(errno))
        return ReadResult::Nothing;
    close();
    return ReadResult::Failed;
}

bool TcpStream::sendNow(const char *data, qsizetype size, qsizetype *sent)
{
    *sent = 0;
    while (*sent < size) {
        const ssize_t n = ::send(m_descriptor, data + *sent, size_t(size - *sent), MSG_NOSIGNAL);
        if (n > 0) {
            *sent += n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && wouldBlock(errno)) {
            return true;
        } else {
            return false;
        }
    }
    return true;
}

void TcpStream::write(const QByteArray &data)
{
    if (m_descriptor < 0 || m_shutdownWhenFlushed || data.isEmpty())
        return;
    if (bytesToWrite() == 0) {
        m_queue = data;
        m_queueSent = 0;
    } else {
        m_queue.append(data);
    }
    // Waiting for the client to read (the write notifier is on), or in this pass's batch already.
    if (m_batched || (m_writeNotifier && m_writeNotifier->isEnabled()))
        return;
    m_batched = true;
    WriteBatch::add(this);
}

void TcpStream::flush()
{
    if (!m_batched)
        return;
    m_batched = false;
    sendQueued();
}

void TcpStream::sendQueued()
{
    qsizetype sent = 0;
    if (!sendNow(m_queue.constData() + m_queueSent, bytesToWrite(), &sent)) {
        close();
        return;
    }
    m_queueSent += sent;
    if (bytesToWrite() == 0) {
        m_queue.clear();
        m_queueSent = 0;
        if (m_writeNotifier)
            m_writeNotifier->setEnabled(false);
    } else if (!m_writeNotifier) {
        // Made on first need: most responses go out in one send.
        m_writeNotifier = new QSocketNotifier(m_descriptor, QSocketNotifier::Write, this);
        connect(m_writeNotifier, &QSocketNotifier::activated, this, &TcpStream::sendQueued);
    } else {
        m_writeNotifier->setEnabled(true);
    }
    if (sent > 0)
        Q_EMIT bytesWritten();
    if (m_descriptor < 0 || bytesToWrite() > 0)
        return;
    if (m_closeWhenFlushed)
        close();
    else if (m_shutdownWhenFlushed)
        ::shutdown(m_descriptor, SHUT_WR);
}

void TcpStream::shutdownWrite()
{
    if (m_descriptor < 0)
        return;
    m_shutdownWhenFlushed = true;
    if (bytesToWrite() == 0)
        ::shutdown(m_descriptor, SHUT_WR);
}

void TcpStream::closeWhenFlushed()
{
    if (m_descriptor < 0)
        return;
    m_closeWhenFlushed = true;
    if (bytesToWrite() == 0)
        close();
}

void TcpStream::close()
{
    if (m_descriptor < 0)
        return;
    // Perhaps inside a notifier's own signal: disabled now, deleted with the stream. Disabled,
    // they do not stand in the way of a new notifier on the descriptor's number.
    m_readNotifier->setEnabled(false);
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    if (std::exchange(m_batched, false))
        WriteBatch::remove(this);
    ::close(m_descriptor);
    m_descriptor = -1;
    m_queue.clear();
    m_queueSent = 0;
    Q_EMIT closed();
}

} // namespace Gatehouse
