#pragma once
#include <gatehouse/authresponse.h>

#include "http/connectionregistry.h"
#include "http/requestlog.h"
#include "http/requestscanner.h"
#include "http/tcpstream.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <chrono>
#include <deque>

namespace Gatehouse {

class HttpWorker;

/*!
 * One client connection of an HttpWorker.
 *
 * Each readyRead reads what arrived in one block and parses it once (RequestScanner): a
 * request that breaks a rule or a limit is refused (400/413/417/431/501/505, Connection:
 * close) as soon as it does, and nothing after it is read; a complete request becomes an
 * AuthRequest for the handler. A deadline per phase (headers, body, idle, closing) is checked
 * by the worker's timer.
 *
 * Requests are handed to the handler in order; their responses are written in the same order
 * once their futures finish, on this thread. A request with Connection: close, or HTTP/1.0
 * without keep-alive, is the connection's last: nothing sent after it is processed, and the
 * connection closes once its response is written. A client that half-closes is answered what
 * it sent before, then the connection closes (RFC 9112, 9.6).
 *
 * As a member of the pool's ConnectionRegistry it is busy from the first byte of a request
 * until its response is written, and idle otherwise; an idle connection may be evicted to make
 * room for a new one, and then closes at once.
 */
class Connection final : public QObject, public ConnectionRegistry::Member
{
    Q_OBJECT

public:
    using Clock = std::chrono::steady_clock;

    //! Serves the connection \a admission admitted to \a worker's registry.
    Connection(HttpWorker *worker, const ConnectionRegistry::Admission &admission, QObject *parent);
    ~Connection() override;

    //! Takes over the accepted \a descriptor; false (and not taken) if it is unusable. The
    //! connection deletes itself (later) once it is closed.
    bool open(qintptr descriptor);

    Clock::time_point deadline() const { return m_deadline; }
    //! The deadline has passed: refuse the request in progress (408) or close.
    void expire();

private:
    struct Exchange
    {
        bool head = false;
        bool close = false;
        bool http10 = false;
        bool done = false;
        int status = 0;
        QByteArray wire;
        RequestLog log;
    };
    enum class Timer { None, Header, Body, Idle, Closing };

    void evict() override;
    void closeEvicted();
    void readIncoming();
    void clientFinished();
    bool scanIncoming(const char *data, qsizetype size);
    void dispatch();
    void continueIfExpected(bool bodyArrived);
    void becomeIdle(Clock::time_point now);
    void idleWhenFlushed();
    void watch(quint64 sequence, const QFuture<AuthResponse> &future);
    void complete(quint64 sequence, const QFuture<AuthResponse> &future);
    void writeCompleted();
    void reject(int status);
    void closeGracefully();
    void abortConnection();
    void stopReading();
    void updateTimer();
    void setTimer(Timer timer, std::chrono::milliseconds after);
    void setTimer(Timer timer, std::chrono::milliseconds after, Clock::time_point now);

    HttpWorker *const m_worker;
    TcpStream m_stream;
    RequestScanner m_scanner;
    bool m_continued = false;       //!< "100 Continue" was sent for the request being read
    bool m_readingStopped = false;  //!< no further request on this connection is processed
    bool m_closing = false;         //!< no further response is written
    bool m_clientFinished = false;  //!< the client half-closed: close once nothing is owed
    bool m_idleWhenFlushed = false; //!< idle once what is written has gone out
    bool m_listensForFlush = false; //!< idleWhenFlushed() is connected to bytesWritten()
    std::deque<Exchange> m_exchanges;  //!< requests handed on and not yet answered, in order
    quint64 m_firstSequence = 0;       //!< sequence number of m_exchanges.front()
    QFutureWatcher<AuthResponse> *m_watcher = nullptr;  //!< created on first use, then reused
    bool m_watching = false;           //!< m_watcher waits for the response to m_watchedSequence
    quint64 m_watchedSequence = 0;
    Timer m_timer = Timer::None;
    Clock::time_point m_deadline = Clock::time_point::max();
};

} // namespace Gatehouse
