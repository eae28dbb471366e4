#pragma once
#include <gatehouse/authresponse.h>

#include <QByteArray>

namespace Gatehouse {

//! How an AuthResponse goes on the wire, beyond what it says itself.
struct WireOptions
{
    bool omitBody = false;         //!< answer to HEAD: headers (with Content-Length) only
    bool close = false;            //!< add "Connection: close"
    bool keepAliveHeader = false;  //!< add "Connection: keep-alive" (HTTP/1.0 keep-alive)
};

/*!
 * The HTTP/1.1 bytes of \a response: status line, \a date, the response's headers, one
 * Set-Cookie header per cookie, Content-Length, then the body.
 *
 * The connection-level headers (Connection, Content-Length, Transfer-Encoding, Keep-Alive) are
 * the server's: the response's own are dropped. A header whose name or value could split the
 * response (CR, LF, NUL, or a name that is not a token) is dropped with a warning, and a status
 * outside 100-599 becomes 500.
 */
QByteArray serializeResponse(const AuthResponse &response, const WireOptions &options,
                             const QByteArray &date);

//! \a status if it is a valid HTTP status (100-599), else 500.
int wireStatus(int status);

//! A plain-text answer with \c Connection: close, for requests refused before any handler ran.
QByteArray serializeErrorResponse(int status, const QByteArray &date);

//! The reason phrase of \a status ("Not Found"), or "Unknown Status".
QByteArray reasonPhrase(int status);

//! The current Date header value, formatted at most once per second. Not thread-safe.
class HttpDateCache
{
public:
    QByteArray now();

private:
    qint64 m_second = -1;
    QByteArray m_value;
};

} // namespace Gatehouse
