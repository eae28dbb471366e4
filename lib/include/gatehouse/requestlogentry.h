#pragma once
/*! \file requestlogentry.h  The fields of the line logged for each request, for log formatters. */
#include <gatehouse/global.h>

#include <QByteArray>
#include <QHostAddress>

#include <chrono>

namespace Gatehouse {

/*!
 * HttpServerPool and HttpServerIntegration log one info line per request on the
 * \c gatehouse.http category (\c "GET /auth/session 200 412us 127.0.0.1"). While that line
 * passes through a Qt message handler, current() returns its fields, so that a handler that
 * writes structured logs (JSON, the journal's fields) needs not parse the text.
 */
struct GATEHOUSE_EXPORT RequestLogEntry
{
    /*!
     * The request's \c X-Request-Id when it sent one of 1 to 64 letters, digits, \c - \c _ \c .
     * (a proxy's, such as nginx's \c $request_id), else one made here: 16 hex digits, unique
     * within the process.
     */
    QByteArray id;
    QByteArray method;
    QByteArray path;                       //!< percent-encoded, without the query (it may hold tokens)
    //! 499: the connection ended before the response was sent (a reset, or a front that reads
    //! the client's end of sending as the end; the bundled server answers a half-close)
    int status = 0;
    std::chrono::microseconds duration{};  //!< from the complete request to its response written
    QHostAddress client;                   //!< the peer's address (a proxy's, behind one)

    /*!
     * The entry whose line is being logged on the calling thread, or null outside such a
     * qCInfo() call: valid only inside the message handler.
     */
    static const RequestLogEntry *current();
};

} // namespace Gatehouse
