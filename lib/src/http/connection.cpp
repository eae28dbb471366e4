#include "http/connection.h"

#include "http/handlercall.h"
#include "http/httpworker.h"
#include "http/logging.h"
#include "http/requestconversion.h"
#include "http/responseserializer.h"
#include "core/deliveryhome.h"
#include "metrics/catalogue.h"

#include <QFutureWatcher>

#include <utility>

namespace Gatehouse {

namespace {

using namespace std::chrono_literals;

//! How long a closing connection may take to flush its last response and hear the client close.
constexpr std::chrono::milliseconds kLingerTime = 2s;
//! Pipelined requests a connection may have waiting for their responses.
constexpr std::size_t kMaxPipelined = 32;
//! What one read takes from the socket at most (on the stack: nothing is allocated to read).
constexpr qsizetype kReadBlock = 64 * 1024;
//! The interim response to "Expect: 100-continue" (RFC 9110, 15.2.1).
constexpr char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";

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

Connection::Connection(HttpWorker *worker, const ConnectionRegistry::Admission &admission, QObject *parent)
    : QObject(parent),
      m_worker(worker),
      m_stream(this),
      m_scanner(worker->limits().maxHeaderSize, worker->limits().maxBodySize)
{
    const ServerLimits &limits = worker->limits();
    if (!limits.largeBodyPath.isEmpty())
        m_scanner.allowLargeBody(limits.largeBodyPath, limits.largeBodyMaxSize);
    connect(&m_stream, &TcpStream::readyRead, this, &Connection::readIncoming);
    connect(&m_stream, &TcpStream::closed, this, &QObject::deleteLater);
    m_worker->track(this);
    Metrics::addOpenConnections(1);
    Metrics::recordConnectionAccepted();
    const Clock::time_point now = Clock::now();
    setTimer(Timer::Header, limits.headerTimeout, now);
    m_worker->registry().join(this, admission, now);  // idle: it has not sent a byte
}

Connection::~Connection()
{
    m_worker->registry().leave(this);  // first: admit() may evict it until then
    for (const Exchange &exchange : m_exchanges)
        exchange.log.finish(499);  // the connection ended before this response was sent
    m_worker->untrack(this);
    Metrics::addOpenConnections(-1);
}

bool Connection::open(qintptr descriptor)
{
    return m_stream.open(descriptor);
}

void Connection::evict()
{
    // On the thread admitting a new connection, under the registry's lock.
    QMetaObject::invokeMethod(this, &Connection::closeEvicted, Qt::QueuedConnection);
}

void Connection::closeEvicted()
{
    // Idle, or it would not have been evicted: nothing is lost but the connection.
    if (m_stream.isOpen() && !m_closing)
        abortConnection();
}

void Connection::readIncoming()
{
    // One read of what arrived, straight into this block; the scanner copies out only what
    // it keeps.
    char block[kReadBlock];
    qsizetype size = 0;
    switch (m_stream.read(block, kReadBlock, &size)) {
    case TcpStream::ReadResult::Data:
        break;
    case TcpStream::ReadResult::End:
        clientFinished();
        return;
    case TcpStream::ReadResult::Nothing:
    case TcpStream::ReadResult::Failed:  // closed: the connection goes
        return;
    }
    // After the last request, or lingering after a refusal: what the client sends is discarded.
    if (m_readingStopped || !scanIncoming(block, size))
        return;
    if (m_exchanges.empty() && m_scanner.phase() == RequestScanner::Phase::Idle)
        becomeIdle(Clock::now());  // what came after the last request was empty lines
}

void Connection::clientFinished()
{
    // A half-close (RFC 9112, 9.6): the requests it completed are answered, then the connection
    // closes; one it cut short is dropped.
    stopReading();
    m_clientFinished = true;
    if (m_exchanges.empty())
        closeGracefully();
}

bool Connection::scanIncoming(const char *data, qsizetype size)
{
    qsizetype pos = 0;
    while (pos < size) {
        const RequestScanner::Phase before = m_scanner.phase();
        pos += m_scanner.scan(data + pos, size - pos);
        if (before == RequestScanner::Phase::Idle && m_scanner.phase() != RequestScanner::Phase::Idle
            && !beginRequest()) {
            abortConnection();  // evicted while idle, just before this request arrived
            return false;
        }
        switch (m_scanner.phase()) {
        case RequestScanner::Phase::Failed:
            reject(m_scanner.errorStatus());
            return false;
        case RequestScanner::Phase::Complete:
            dispatch();
            if (m_readingStopped)
                return false;  // the connection's last request, or the connection is gone
            break;
        case RequestScanner::Phase::Body:
            continueIfExpected(pos < size || m_scanner.bodyScanned() > 0);
            [[fallthrough]];
        case RequestScanner::Phase::Idle:
        case RequestScanner::Phase::Head:
            if (m_scanner.phase() != before)
                updateTimer();
            break;
        }
    }
    return true;
}

void Connection::continueIfExpected(bool bodyArrived)
{
    // Asked once per request, and answered only when it is the next response on the wire: an
    // interim answer cannot overtake the responses to earlier pipelined requests, and a client
    // that sends its body anyway needs none (RFC 9110, 10.1.1).
    if (m_continued || !m_scanner.expectsContinue())
        return;
    m_continued = true;
    if (bodyArrived || !m_exchanges.empty())
        return;
    m_stream.write(QByteArray::fromRawData(kContinue, sizeof(kContinue) - 1));
}

void Connection::dispatch()
{
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
    RequestParts parts;
    parts.method = methodBytes(m_scanner.method());
    parts.target = m_scanner.target();
    parts.absoluteForm = m_scanner.isAbsoluteForm();
    parts.headers = m_scanner.fields();
    parts.body = m_scanner.takeBody();
    parts.remoteAddress = m_stream.peerAddress();
    parts.localAddress = m_stream.localAddress();
    parts.localPort = m_stream.localPort();
    AuthRequest authRequest = makeAuthRequest(std::move(parts));
    m_scanner.next();
    m_continued = false;
    if (exchange.close)
        stopReading();  // the client's last request: nothing after it is processed (RFC 9112, 9.6)
    exchange.log = RequestLog::start(authRequest.method, authRequest.url, authRequest.remoteAddress,
                                     authRequest.header("x-request-id"));
    const quint64 sequence = m_firstSequence + m_exchanges.size();
    m_exchanges.push_back(std::move(exchange));

    DeliveryHome::setCurrent(m_worker->deliveryHome());
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
    while (!m_exchanges.empty() && m_exchanges.front().done) {
        const Exchange exchange = std::move(m_exchanges.front());
        m_exchanges.pop_front();
        ++m_firstSequence;
        if (!m_stream.isOpen()) {
            exchange.log.finish(499);
            continue;
        }
        m_stream.write(exchange.wire);
        exchange.log.finish(exchange.status);
        if (exchange.close || (m_clientFinished && m_exchanges.empty())) {
            closeGracefully();
            return;
        }
    }
    updateTimer();
}

void Connection::reject(int status)
{
    stopReading();
    if (!m_exchanges.empty() || !m_stream.isOpen()) {
        // Earlier pipelined requests still await their responses, and a refusal cannot overtake
        // them; or the connection is already closing.
        abortConnection();
        return;
    }
    m_closing = true;
    RequestLog::startRaw(m_scanner.method(), m_scanner.target(),
                         plainAddress(m_stream.peerAddress()))
        .finish(status);
    m_stream.write(serializeErrorResponse(status, m_worker->date()));
    // Half-close once the refusal is out, and keep reading (and discarding) until the client
    // closes: closing with unread data would reset the connection and could destroy the
    // refusal in transit.
    m_stream.shutdownWrite();
    setTimer(Timer::Closing, kLingerTime);
}

void Connection::closeGracefully()
{
    stopReading();
    m_closing = true;
    setTimer(Timer::Closing, kLingerTime);
    m_stream.closeWhenFlushed();  // after the pending response is written
}

void Connection::abortConnection()
{
    stopReading();
    m_closing = true;
    setTimer(Timer::None, {});
    m_stream.close();
}

void Connection::stopReading()
{
    // From now on readIncoming() discards whatever arrives.
    m_readingStopped = true;
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
        if (m_exchanges.empty()) {
            const Clock::time_point now = Clock::now();
            setTimer(Timer::Idle, limits.idleTimeout, now);
            becomeIdle(now);
        } else {
            setTimer(Timer::None, {});
        }
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

void Connection::becomeIdle(Clock::time_point now)
{
    // Not while a response is still on its way: written in this pass of the event loop, or to
    // a slow reader.
    if (m_stream.bytesToWrite() > 0) {
        if (!std::exchange(m_listensForFlush, true))  // kept: this repeats for every request
            connect(&m_stream, &TcpStream::bytesWritten, this, &Connection::idleWhenFlushed);
        m_idleWhenFlushed = true;
        return;
    }
    endRequest(now);
}

void Connection::idleWhenFlushed()
{
    if (!m_idleWhenFlushed || m_stream.bytesToWrite() > 0)
        return;
    m_idleWhenFlushed = false;
    if (!m_closing && m_exchanges.empty() && m_scanner.phase() == RequestScanner::Phase::Idle)
        becomeIdle(Clock::now());
}

void Connection::setTimer(Timer timer, std::chrono::milliseconds after)
{
    setTimer(timer, after, timer == Timer::None ? Clock::time_point() : Clock::now());
}

void Connection::setTimer(Timer timer, std::chrono::milliseconds after, Clock::time_point now)
{
    m_timer = timer;
    m_deadline = timer == Timer::None ? Clock::time_point::max() : now + after;
}

} // namespace Gatehouse
