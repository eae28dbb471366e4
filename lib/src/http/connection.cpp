#include "http/connection.h"

#include "http/handlercall.h"
#include "http/httpworker.h"
#include "http/logging.h"
#include "http/requestconversion.h"
#include "http/responseserializer.h"

#include <QFutureWatcher>
#include <QHttpServerRequest>

#include <sys/socket.h>

namespace Gatehouse {

namespace {

using namespace std::chrono_literals;

//! How long a closing connection may take to flush its last response and hear the client close.
constexpr std::chrono::milliseconds kLingerTime = 2s;
//! Pipelined requests a connection may have waiting for their responses.
constexpr std::size_t kMaxPipelined = 32;
//! Read buffer room beyond one maximal request, for the start of a pipelined one.
constexpr qint64 kReadBufferSlack = 16 * 1024;

QByteArray methodBytes(QByteArrayView scanned)
{
    // The common methods without an allocation.
    if (scanned == "GET")
        return QByteArrayLiteral("GET");
    if (scanned == "POST")
        return QByteArrayLiteral("POST");
    if (scanned == "HEAD")
        return QByteArrayLiteral("HEAD");
    return scanned.toByteArray();
}

} // namespace

Connection::Connection(HttpWorker *worker, QObject *parent)
    : QTcpSocket(parent),
      m_worker(worker),
      m_scanner(worker->limits().maxHeaderSize, worker->limits().maxBodySize)
{
    const ServerLimits &limits = worker->limits();
    setReadBufferSize(limits.maxHeaderSize + limits.maxBodySize + kReadBufferSlack);
    connect(this, &QTcpSocket::readyRead, this, &Connection::inspectIncoming);
    m_worker->track(this);
    setTimer(Timer::Header, limits.headerTimeout);
}

Connection::~Connection()
{
    for (const Exchange &exchange : m_exchanges)
        exchange.log.finish(499);  // the connection ended before this response was sent
    m_worker->untrack(this);
}

void Connection::attachAfterServer()
{
    connect(this, &QTcpSocket::readyRead, this, &Connection::afterServerRead);
}

void Connection::inspectIncoming()
{
    if (m_readingStopped) {
        // After the last request, or lingering after a refusal: discard what the client sends.
        skip(bytesAvailable());
        return;
    }
    const qint64 available = bytesAvailable();
    if (available <= m_scanned)
        return;
    QByteArray &buffer = m_worker->scratch();
    buffer.resize(available);
    const qint64 peeked = peek(buffer.data(), available);
    if (peeked <= m_scanned)
        return;

    const RequestScanner::Phase before = m_scanner.phase();
    m_scanned += m_scanner.scan(buffer.constData() + m_scanned, peeked - m_scanned);
    if (m_scanner.phase() == RequestScanner::Phase::Failed)
        reject(m_scanner.errorStatus());
    else if (m_scanner.phase() != before)
        updateTimer();
}

void Connection::afterServerRead()
{
    if (m_readingStopped || state() != ConnectedState)
        return;
    if (m_dispatched) {
        // The parser consumed exactly one request; QHttpServer signals again for what follows.
        m_dispatched = false;
        m_scanned = 0;
        return;
    }
    if (m_scanner.phase() == RequestScanner::Phase::Complete) {
        // The parser expects more of a request the scanner has seen whole: they disagree about
        // its framing, and the parser must not be left to read an unchecked body.
        qCWarning(lcHttp, "request framing is ambiguous; refusing it");
        reject(400);
        return;
    }
    m_scanned = bytesAvailable();
}

void Connection::dispatch(const QHttpServerRequest &request)
{
    m_dispatched = true;
    const RequestScanner::Phase phase = m_scanner.phase();
    if (phase != RequestScanner::Phase::Body && phase != RequestScanner::Phase::Complete) {
        qCWarning(lcHttp, "request parsed before its headers were checked; closing the connection");
        abortConnection();
        return;
    }
    if (m_exchanges.size() >= kMaxPipelined) {
        qCWarning(lcHttp, "more than %zu pipelined requests waiting; closing the connection",
                  kMaxPipelined);
        abortConnection();
        return;
    }

    Exchange exchange;
    exchange.head = m_scanner.method() == "HEAD";
    exchange.close = !m_scanner.keepAlive();
    exchange.http10 = m_scanner.isHttp10();
    const AuthRequest authRequest =
        makeAuthRequest(request, methodBytes(m_scanner.method()), this);
    m_scanner.next();
    if (exchange.close)
        stopReading();  // the client's last request: nothing after it is processed (RFC 9112, 9.6)
    exchange.log = RequestLog::start(authRequest.method, authRequest.url, authRequest.remoteAddress,
                                     authRequest.header("x-request-id"));
    const quint64 sequence = m_firstSequence + m_exchanges.size();
    m_exchanges.push_back(std::move(exchange));

    const QFuture<AuthResponse> future = callHandler(m_worker->handler(), authRequest);
    if (future.isFinished()) {
        complete(sequence, future);
        return;
    }
    watch(sequence, future);
    updateTimer();
}

void Connection::watch(quint64 sequence, const QFuture<AuthResponse> &future)
{
    // A QFutureWatcher, not QFuture::then(): Qt 6.4 may run a continuation twice when it is
    // attached while another thread finishes the future (see DeliveryHome).
    if (!m_watching) {
        // The connection's own watcher, reused request after request (a new QFutureWatcher
        // costs a QObject and a system call).
        if (!m_watcher) {
            m_watcher = new QFutureWatcher<AuthResponse>(this);
            connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
                m_watching = false;
                complete(m_watchedSequence, m_watcher->future());
            });
        }
        m_watching = true;
        m_watchedSequence = sequence;
        m_watcher->setFuture(future);
        return;
    }
    // A pipelined request while an earlier one is still being answered.
    auto *watcher = new QFutureWatcher<AuthResponse>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, sequence] {
        watcher->deleteLater();
        complete(sequence, watcher->future());
    });
    watcher->setFuture(future);
}

void Connection::complete(quint64 sequence, const QFuture<AuthResponse> &future)
{
    if (m_closing || sequence < m_firstSequence)
        return;
    Exchange &exchange = m_exchanges[std::size_t(sequence - m_firstSequence)];
    const AuthResponse response = responseOf(future);
    WireOptions options;
    options.omitBody = exchange.head;
    options.close = exchange.close;
    options.keepAliveHeader = exchange.http10 && !exchange.close;
    exchange.status = wireStatus(response.status);
    exchange.wire = serializeResponse(response, options, m_worker->date());
    exchange.done = true;
    writeCompleted();
}

void Connection::writeCompleted()
{
    bool wrote = false;
    while (!m_exchanges.empty() && m_exchanges.front().done) {
        const Exchange exchange = std::move(m_exchanges.front());
        m_exchanges.pop_front();
        ++m_firstSequence;
        if (state() != ConnectedState) {
            exchange.log.finish(499);
            continue;
        }
        write(exchange.wire);
        wrote = true;
        exchange.log.finish(exchange.status);
        if (exchange.close) {
            closeGracefully();
            return;
        }
    }
    if (wrote)
        flush();
    updateTimer();
}

void Connection::reject(int status)
{
    stopReading();
    if (!m_exchanges.empty() || state() != ConnectedState) {
        // Earlier pipelined requests still await their responses, and a refusal cannot overtake
        // them; or the connection is already closing.
        abortConnection();
        return;
    }
    m_closing = true;
    RequestLog::startRaw(m_scanner.method(), m_scanner.target(), plainAddress(peerAddress()))
        .finish(status);
    write(serializeErrorResponse(status, m_worker->date()));
    flush();
    skip(bytesAvailable());
    // Half-close once the refusal is out, and keep reading until the client closes: closing
    // with unread data would reset the connection and could destroy the refusal in transit.
    connect(this, &QIODevice::bytesWritten, this, &Connection::shutdownWhenFlushed);
    shutdownWhenFlushed();
    setTimer(Timer::Closing, kLingerTime);
}

void Connection::shutdownWhenFlushed()
{
    if (bytesToWrite() > 0 || state() != ConnectedState)
        return;
    disconnect(this, &QIODevice::bytesWritten, this, &Connection::shutdownWhenFlushed);
    ::shutdown(int(socketDescriptor()), SHUT_WR);
}

void Connection::closeGracefully()
{
    stopReading();
    m_closing = true;
    setTimer(Timer::Closing, kLingerTime);
    disconnectFromHost();  // after the pending response is written
}

void Connection::abortConnection()
{
    stopReading();
    m_closing = true;
    setTimer(Timer::None, {});
    abort();
}

void Connection::stopReading()
{
    // From now on inspectIncoming() discards whatever arrives before QHttpServer's parser could
    // see it; the parser is disconnected as well (its context is the worker), and the
    // transaction it keeps open over a partly read request is dropped.
    m_readingStopped = true;
    disconnect(this, &QTcpSocket::readyRead, m_worker, nullptr);
    if (isTransactionStarted())
        commitTransaction();
}

void Connection::expire()
{
    switch (m_timer) {
    case Timer::Header:
    case Timer::Body:
        reject(408);
        break;
    case Timer::Idle:
        closeGracefully();
        break;
    case Timer::Closing:
        abortConnection();
        break;
    case Timer::None:
        break;
    }
}

void Connection::updateTimer()
{
    if (m_closing)
        return;
    const ServerLimits &limits = m_worker->limits();
    switch (m_scanner.phase()) {
    case RequestScanner::Phase::Idle:
        // Reached right after handing a request on or writing responses.
        if (m_exchanges.empty())
            setTimer(Timer::Idle, limits.idleTimeout);
        else
            setTimer(Timer::None, {});
        break;
    case RequestScanner::Phase::Head:
        if (m_timer != Timer::Header)
            setTimer(Timer::Header, limits.headerTimeout);
        break;
    case RequestScanner::Phase::Body:
        if (m_timer != Timer::Body)
            setTimer(Timer::Body, limits.bodyTimeout);
        break;
    case RequestScanner::Phase::Complete:
    case RequestScanner::Phase::Failed:
        break;  // dispatched or refused before control returns to the event loop
    }
}

void Connection::setTimer(Timer timer, std::chrono::milliseconds after)
{
    m_timer = timer;
    m_deadline = timer == Timer::None ? Clock::time_point::max() : Clock::now() + after;
}

} // namespace Gatehouse
