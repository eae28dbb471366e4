#pragma once
/*! \file httpserverpool.h  Gatehouse's multi-threaded, hardened HTTP/1.1 server. */
#include <gatehouse/connectioncounts.h>
#include <gatehouse/global.h>
#include <gatehouse/requesthandler.h>
#include <gatehouse/serverlimits.h>

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <memory>

namespace Gatehouse {

class HttpServerPoolPrivate;

/*!
 * Serves a RequestHandler on one address and port from several threads.
 *
 * Each thread parses its connections' requests itself, once each (no QHttpServer in between;
 * HttpServerIntegration is the way to serve Gatehouse from a QHttpServer), on its own listening
 * socket; all sockets are
 * bound to the same address and port with \c SO_REUSEPORT, so the kernel spreads connections
 * over the threads. The kernel's choice is a hash and often uneven, so a thread that accepts a
 * connection while another thread serves fewer hands it over to that one. Every connection is
 * guarded by ServerLimits and honours \c Connection: close and HTTP/1.0 semantics; pipelined
 * requests are answered in order; "Expect: 100-continue" is answered with "100 Continue" when
 * the body is within the limit (413 otherwise), any other expectation with 417.
 * Every request reaches the handler, whatever its path or method, except what the server does
 * not implement (501: WebSocket upgrades, CONNECT, server-wide OPTIONS, transfer codings other
 * than chunked) and requests whose framing is malformed or ambiguous (400 and the connection
 * closed; RFC 9112).
 *
 * The connection limits are the pool's, over all its threads: at ServerLimits::maxConnections
 * the connections idle the longest make room for new ones, and one address may hold
 * ServerLimits::maxConnectionsPerAddress. connectionCounts() says what they did.
 *
 * Each request is logged at info level on the \c gatehouse.http category: method, path without
 * query, status, duration in microseconds and peer address. When a connection limit starts
 * closing connections a warning says so, naming the address, and a summary follows once it
 * has stopped for 10 s; not a line per connection.
 *
 * Call listen() and stop() from the thread that created the pool.
 */
class GATEHOUSE_EXPORT HttpServerPool : public QObject
{
    Q_OBJECT

public:
    explicit HttpServerPool(RequestHandler handler, QObject *parent = nullptr);
    ~HttpServerPool() override;  //!< Calls stop().

    //! Limits for connections accepted by the next listen(). Defaults: see ServerLimits.
    void setLimits(const ServerLimits &limits);
    ServerLimits limits() const;

    //! Number of serving threads for the next listen(); 0 (the default) means one per core.
    void setThreadCount(int count);
    int threadCount() const;

    /*!
     * Addresses or subnets (as QHostAddress::parseSubnet() gives them) of reverse proxies:
     * behind one, every client arrives from its address, so connections from these are exempt
     * from ServerLimits::maxConnectionsPerAddress. Takes effect at once, for new connections;
     * thread-safe.
     */
    void setTrustedProxies(const QList<QPair<QHostAddress, int>> &subnets);

    //! What the connection limits have done so far. Thread-safe.
    ConnectionCounts connectionCounts() const;

    /*!
     * Starts serving on \a address and \a port (0 picks a free port). Returns the port the pool
     * listens on, or 0 on failure; errorString() then says what went wrong.
     */
    quint16 listen(const QHostAddress &address, quint16 port = 0);
    bool isListening() const;
    quint16 serverPort() const;
    QString errorString() const;

    //! Closes the listening sockets and every open connection, and joins the threads.
    void stop();

private:
    Q_DECLARE_PRIVATE(HttpServerPool)
    std::unique_ptr<HttpServerPoolPrivate> d_ptr;
};

} // namespace Gatehouse
