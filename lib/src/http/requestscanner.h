#pragma once
#include <QByteArray>
#include <QByteArrayView>

namespace Gatehouse {

/*!
 * Follows the framing of the HTTP/1.1 requests arriving on one connection, ahead of
 * QHttpServer's own parser, so that limits are enforced before anything is buffered.
 *
 * It reads the request line and headers (Content-Length, Transfer-Encoding, Connection, Upgrade
 * and the version), counts the body and reports the status a request that breaks a limit deserves.
 * It stops after the last byte of a complete request; next() starts the following one. A
 * chunked body has no end the scanner looks for: it counts every byte it is given (framing
 * included) until next().
 */
class RequestScanner
{
public:
    enum class Phase {
        Idle,      //!< between requests; blank lines are skipped
        Head,      //!< inside the request line or headers
        Body,      //!< inside the body
        Complete,  //!< the request is complete
        Failed,    //!< the request broke a limit or is malformed: see errorStatus()
    };

    RequestScanner(qint64 maxHeaderSize, qint64 maxBodySize);

    /*!
     * Scans \a size bytes following the ones scanned before. Returns how many were consumed:
     * fewer than \a size once the request is complete or failed.
     */
    qsizetype scan(const char *data, qsizetype size);
    //! Forgets the current request and waits for the next one.
    void next();

    Phase phase() const { return m_phase; }
    //! 400, 413, 431, or 501 for a WebSocket upgrade, once phase() is Failed.
    int errorStatus() const { return m_errorStatus; }

    // Known once the header block is complete (phase Body, Complete, or Failed with 413).
    QByteArrayView method() const { return m_method; }
    QByteArrayView target() const { return m_target; }
    bool isHttp10() const { return m_http10; }
    //! Whether the connection stays open after this request (HTTP/1.1 unless "Connection: close";
    //! HTTP/1.0 only with "Connection: keep-alive").
    bool keepAlive() const { return m_keepAlive; }

private:
    qsizetype scanHead(const char *data, qsizetype size);
    qsizetype scanBody(qsizetype size);
    void parseHead();
    bool parseHeaderLine(QByteArrayView line);
    void fail(int status);

    const qint64 m_maxHeaderSize;
    const qint64 m_maxBodySize;
    Phase m_phase = Phase::Idle;
    int m_errorStatus = 0;
    QByteArray m_head;
    QByteArrayView m_method;
    QByteArrayView m_target;
    bool m_http10 = false;
    bool m_keepAlive = true;
    bool m_chunked = false;
    bool m_connectionClose = false;
    bool m_connectionKeepAlive = false;
    bool m_connectionUpgrade = false;
    bool m_webSocket = false;
    qint64 m_contentLength = -1;
    qint64 m_bodyRemaining = 0;
    qint64 m_bodyScanned = 0;
};

} // namespace Gatehouse
