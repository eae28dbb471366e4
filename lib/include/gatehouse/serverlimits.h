#pragma once
/*! \file serverlimits.h  Limits HttpServerPool enforces on every connection. */
#include <gatehouse/global.h>

#include <QByteArray>
#include <QtGlobal>

#include <chrono>

namespace Gatehouse {

/*!
 * Protection against oversized and slow clients, which QHttpServer 6.4 does not have.
 * A request that breaks a limit is answered with the status named below and
 * \c Connection: close, and its connection is closed without reading the rest of it.
 */
struct GATEHOUSE_EXPORT ServerLimits
{
    //! Largest request body in bytes (413 beyond). A chunked body counts with its chunk framing.
    qint64 maxBodySize = 64 * 1024;
    /*!
     * One path (origin form, exactly as sent, any query) whose requests may have bodies of up to
     * \c largeBodyMaxSize instead: gatehouse-server sets it to the admin API's user import
     * (\c {basePath}/admin/api/users/import) when \c admin is configured. Empty: none.
     */
    QByteArray largeBodyPath;
    qint64 largeBodyMaxSize = 0;
    //! Largest request line plus header section in bytes (431 beyond, 414 when the request line
    //! alone is longer). At most 100 KiB: QHttpServer 6.4, which parses after the guard, drops
    //! every header field of a request with a longer one.
    qint64 maxHeaderSize = 16 * 1024;
    //! Time a client has to send a request's headers, from the connection or the request's
    //! first byte (408 after it).
    std::chrono::milliseconds headerTimeout{5000};
    //! Time a client has to send a request's body once its headers are complete (408 after it).
    std::chrono::milliseconds bodyTimeout{10000};
    //! Time a keep-alive connection may stay idle between requests before it is closed.
    std::chrono::milliseconds idleTimeout{10000};
    /*!
     * Open connections over all threads of one pool. At the limit, a new connection takes the
     * place of the connections idle the longest (between requests, or not having sent a byte
     * yet), which are closed; a connection with a request in progress never is. Only when
     * every connection is busy is the new one closed at once.
     */
    int maxConnections = 1000;
    /*!
     * Open connections from one client address (an IPv6 client's /64 network); further ones
     * are closed at once. Addresses given to HttpServerPool::setTrustedProxies() are exempt;
     * 0 turns the limit off.
     */
    int maxConnectionsPerAddress = 64;
};

} // namespace Gatehouse
