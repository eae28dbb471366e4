#pragma once
#include <QHttpServerRequest>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * What HttpServerIntegration adds to QHttpServer 6.4's parsing on its own routes. QHttpServer
 * hands on requests whose framing is ambiguous (Content-Length beside Transfer-Encoding, two
 * Content-Lengths, two Hosts, a control character in a value ...); the bundled server refuses
 * them, and so do Gatehouse's routes in an embedding app, by the bundled server's own rules
 * (RequestScanner). Only the header fields can be judged here: the request line and the body
 * QHttpServer has already read its own way.
 */

//! The status RequestScanner refuses \a request's header fields with (400, 417, 501), or 0.
int headerRefusal(const QHttpServerRequest &request);

/*!
 * When headerRefusal() refuses \a request: logs it, answers with Connection: close on
 * \a socket and ends the connection, and returns true. Nothing the client sent after the
 * refused request is read or handed on (a request hidden in an ambiguous body included), and
 * the refusal is flushed before the socket closes.
 */
bool refuseMalformedHeaders(const QHttpServerRequest &request, QTcpSocket *socket);

} // namespace Gatehouse
