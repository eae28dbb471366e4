#pragma once
#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>

#include <utility>

namespace Gatehouse {

/*!
 * The bundled server's HTTP/1.1 request parser: it reads the requests arriving on one
 * connection once, enforcing the limits as it goes, and keeps what it delimited (request line,
 * header fields, body with any chunk framing removed) for the connection to hand on.
 *
 * It reads the request line and the header section strictly (RFC 9112: CRLF line ends, no
 * obs-fold, no whitespace before a field's colon, no control characters, exactly one Host in
 * HTTP/1.1, one Content-Length of digits, a Transfer-Encoding that is exactly "chunked" and
 * never beside Content-Length), follows the body to its end, chunked or not, and reports the
 * status a request that breaks a rule or a limit deserves. It stops after the last byte of a
 * complete request; next() starts the following one.
 */
class RequestScanner
{
public:
    enum class Phase {
        Idle,      //!< between requests; empty lines are skipped
        Head,      //!< inside the request line or headers
        Body,      //!< inside the body
        Complete,  //!< the request is complete
        Failed,    //!< the request broke a limit or is malformed: see errorStatus()
    };

    //! Header fields a request may have (QHttpServer, the embedding front, drops more).
    static constexpr int kMaxFieldCount = 100;
    //! Largest header section scanned, whatever the configured limit.
    static constexpr qint64 kMaxHeaderSize = 100 * 1024;

    RequestScanner(qint64 maxHeaderSize, qint64 maxBodySize);
    ~RequestScanner();
    RequestScanner(const RequestScanner &) = delete;
    RequestScanner &operator=(const RequestScanner &) = delete;
    /*!
     * Lets requests of the origin-form path \a path (exactly, any query) have bodies of up to
     * \a maxBodySize bytes instead (ServerLimits::largeBodyPath: the admin API's user import).
     * One such body over the usual limit is received at a time in the process: a second one
     * meanwhile is refused with 503 before its body is read.
     */
    void allowLargeBody(const QByteArray &path, qint64 maxBodySize);

    /*!
     * Scans \a size bytes following the ones scanned before. Returns how many were consumed:
     * fewer than \a size once the request is complete or failed.
     */
    qsizetype scan(const char *data, qsizetype size);
    //! Forgets the current request and waits for the next one.
    void next();

    Phase phase() const { return m_phase; }
    //! Once phase() is Failed: 400 (malformed), 413 (body), 414 (request line), 417 (an
    //! expectation other than 100-continue), 431 (header section), 501 (a transfer coding,
    //! method or upgrade the server does not implement), 503 (another large body is arriving:
    //! allowLargeBody()) or 505 (an HTTP version other than 1.x).
    int errorStatus() const { return m_errorStatus; }

    // Known once the request line is complete.
    QByteArrayView method() const { return QByteArrayView(m_head).first(m_methodLength); }
    QByteArrayView target() const
    {
        return m_targetLength ? QByteArrayView(m_head).sliced(m_methodLength + 1, m_targetLength) : QByteArrayView();
    }
    //! Whether target() is in absolute form (http://host/path): its authority names the host,
    //! not the Host field (RFC 9112, 3.2.2).
    bool isAbsoluteForm() const { return m_absoluteForm; }
    bool isHttp10() const { return m_http10; }
    //! Whether the connection stays open after this request (HTTP/1.1 unless "Connection: close";
    //! HTTP/1.0 only with "Connection: keep-alive").
    bool keepAlive() const { return m_keepAlive; }
    //! Header field lines of the request.
    int fieldCount() const { return m_fieldCount; }
    //! Length of the body without its chunk framing, once the request is complete.
    qint64 contentSize() const { return m_contentSize; }
    //! Whether an HTTP/1.1 client waits for "100 Continue" before it sends the body (RFC 9110, 10.1.1).
    bool expectsContinue() const { return m_expectContinue; }
    //! Body bytes scanned so far, chunk framing included.
    qint64 bodyScanned() const { return m_bodyScanned; }

    //! The header fields, names as sent and values without surrounding whitespace, in order;
    //! once the header section is complete.
    QList<QPair<QByteArray, QByteArray>> fields() const;
    //! The body without its chunk framing, once the request is complete; leaves it empty.
    QByteArray takeBody() { return std::exchange(m_body, QByteArray()); }

private:
    enum class Chunk { SizeLine, Data, DataEnd, Trailer };

    qsizetype scanHead(const char *data, qsizetype size);
    qsizetype scanBody(const char *data, qsizetype size);
    qsizetype scanChunked(const char *data, qsizetype size);
    bool chunkLineDone(QByteArrayView line);
    void parseHead();
    bool parseRequestLine(QByteArrayView line);
    bool parseField(QByteArrayView line);
    void fail(int status);
    void releaseLargeBodySlot();

    const qint64 m_maxHeaderSize;
    const qint64 m_maxBodySize;
    QByteArray m_largeBodyPath;
    qint64 m_largeBodyMax = 0;
    qint64 m_bodyLimit = 0;  //!< the current request's: m_maxBodySize, or m_largeBodyMax for its path
    bool m_holdsLargeBodySlot = false;  //!< this request's body is the one large body being received
    Phase m_phase = Phase::Idle;
    int m_errorStatus = 0;
    QByteArray m_head;
    qsizetype m_lineStart = 0;  //!< where the line being read starts in m_head
    qsizetype m_methodLength = 0;  //!< the method starts m_head
    qsizetype m_targetLength = 0;  //!< the target follows it, after a space
    bool m_absoluteForm = false;
    bool m_http10 = false;
    bool m_keepAlive = true;
    int m_fieldCount = 0;
    int m_hostCount = 0;
    bool m_hostValid = true;
    bool m_connectionClose = false;
    bool m_connectionKeepAlive = false;
    bool m_connectionUpgrade = false;
    bool m_webSocket = false;
    bool m_expectContinue = false;
    bool m_otherExpectation = false;
    qint64 m_contentLength = -1;
    // Transfer-Encoding, over all its lines.
    bool m_transferEncoding = false;
    int m_chunkedCodings = 0;
    int m_otherCodings = 0;
    bool m_lastCodingChunked = false;
    // The body.
    bool m_chunked = false;
    Chunk m_chunk = Chunk::SizeLine;
    QByteArray m_line;            //!< a chunk-size or trailer line being read
    qint64 m_chunkRemaining = 0;  //!< data bytes of the current chunk still to come
    int m_dataEndRead = 0;        //!< bytes of the CRLF after a chunk's data read so far
    qint64 m_bodyRemaining = 0;   //!< Content-Length bytes still to come
    qint64 m_bodyScanned = 0;     //!< body bytes scanned, chunk framing included
    qint64 m_contentSize = 0;
    QByteArray m_body;            //!< the body, chunk framing removed
};

} // namespace Gatehouse
