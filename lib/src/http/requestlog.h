#pragma once
#include <gatehouse/requestlogentry.h>

#include <QByteArray>
#include <QHostAddress>

#include <chrono>

QT_BEGIN_NAMESPACE
class QUrl;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * The info line logged for one request on \c gatehouse.http:
 * \c "GET /auth/session 200 412us 127.0.0.1", timed from the complete request to its response
 * being written (status 499: the connection ended first). The path is logged without its query,
 * which may hold tokens; nothing else of the request is kept. While the line is logged,
 * RequestLogEntry::current() holds its fields. When info logging is off, start() returns
 * an inert record and nothing is copied.
 */
class RequestLog
{
public:
    RequestLog() = default;
    //! \a requestId: the request's X-Request-Id header (kept when well-formed).
    static RequestLog start(QByteArrayView method, const QUrl &url, const QHostAddress &peer,
                            QByteArrayView requestId = {});
    //! As start(), for a request known only by its raw target (refused before parsing).
    static RequestLog startRaw(QByteArrayView method, QByteArrayView target,
                               const QHostAddress &peer);

    void finish(int status) const;

private:
    bool m_enabled = false;
    RequestLogEntry m_entry;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace Gatehouse
