#pragma once
/*
 * Many HTTP GETs fired at the same moment: every connection is opened first, then all requests
 * are written in one go (Connection: close), so the servers see them together rather than
 * queued behind a client's per-host connection limit. Bounded by a deadline.
 */
#include <QByteArray>
#include <QList>
#include <QString>

namespace Gatehouse::Test {

struct RawRequest
{
    quint16 port = 0;      //!< on 127.0.0.1
    QByteArray target;     //!< path and query
};

struct RawResponse
{
    quint16 port = 0;
    int status = 0;                   //!< 0 when no complete answer arrived
    QByteArray location;
    QList<QByteArray> setCookies;     //!< each Set-Cookie header value
    QString error;                    //!< why there is no answer

    //! The value of cookie \a name set by this answer (empty when absent or cleared).
    QByteArray cookie(const QByteArray &name) const;
};

//! Sends every request at once and collects the answers in the same order.
QList<RawResponse> concurrentGets(const QList<RawRequest> &requests, int timeoutMs);

} // namespace Gatehouse::Test
