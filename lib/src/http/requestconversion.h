#pragma once
#include <gatehouse/authrequest.h>

#include <QHttpServerRequest>

QT_BEGIN_NAMESPACE
class QAbstractSocket;
QT_END_NAMESPACE

namespace Gatehouse {

//! The upper-case name of a standard method ("GET"), or an empty array for Unknown.
QByteArray methodName(QHttpServerRequest::Method method);

/*!
 * The absolute URL \a request was sent to: scheme of the connection, host and port from the
 * Host header (a default port dropped), path and query from the request target. Without a
 * valid Host header the authority is \a socket's local address and port, or 127.0.0.1.
 */
QUrl absoluteUrl(const QHttpServerRequest &request, const QAbstractSocket *socket);

/*!
 * The path and query of the request target \a target (origin or absolute form), as an http URL
 * without an authority, read as QHttpServer reads them (UTF-8, tolerant).
 */
QUrl targetUrl(QByteArrayView target, bool absoluteForm);

/*!
 * Makes the authority of the absolute-form request target \a target (http://host:port/path)
 * that of \a url, as RFC 9112 (3.2.2) has it: the target names the host, not the Host header.
 * The scheme stays the connection's.
 */
void useTargetAuthority(QUrl &url, QByteArrayView target);

//! \a address without IPv4-in-IPv6 mapping (::ffff:127.0.0.1 becomes 127.0.0.1).
QHostAddress plainAddress(const QHostAddress &address);

//! A request as a front parsed it, before it becomes an AuthRequest.
struct RequestParts
{
    QByteArray method;            //!< as the client spelled it
    QUrl url;                     //!< scheme, path and query; the authority is added from Host
    QByteArrayView target;        //!< the request target, when \c url is not given
    bool absoluteForm = false;    //!< \c target is in absolute form: its authority wins
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QHostAddress remoteAddress;
    QHostAddress localAddress;    //!< the connection's; the authority when there is no Host
    quint16 localPort = 0;
};

/*!
 * The engine's request from \a parts: the one conversion of both fronts (the bundled server's
 * and QHttpServer's), so that a request means the same through either. The URL's authority
 * comes from the Host header, else the connection's local address (see absoluteUrl()).
 */
AuthRequest makeAuthRequest(RequestParts parts);

//! \a request as the engine sees it; \a method is the method as the client spelled it.
AuthRequest makeAuthRequest(const QHttpServerRequest &request, QByteArray method,
                            const QAbstractSocket *socket);

} // namespace Gatehouse
