#include "http/requestscanner.h"

#include <cstring>

namespace Gatehouse {

namespace {

bool isBlank(char c)
{
    return c == '\r' || c == '\n' || c == ' ' || c == '\t' || c == '\v';
}

QByteArrayView trimmed(QByteArrayView v)
{
    while (!v.isEmpty() && (v.front() == ' ' || v.front() == '\t'))
        v = v.sliced(1);
    while (!v.isEmpty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
        v.chop(1);
    return v;
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

//! Whether the comma-separated header value \a value contains \a token.
bool hasToken(QByteArrayView value, QByteArrayView token)
{
    while (!value.isEmpty()) {
        const qsizetype comma = value.indexOf(',');
        const QByteArrayView item = trimmed(comma < 0 ? value : value.first(comma));
        if (equalsIgnoringCase(item, token))
            return true;
        if (comma < 0)
            break;
        value = value.sliced(comma + 1);
    }
    return false;
}

bool containsIgnoringCase(QByteArrayView haystack, QByteArrayView needle)
{
    for (qsizetype i = 0; i + needle.size() <= haystack.size(); ++i) {
        if (equalsIgnoringCase(haystack.sliced(i, needle.size()), needle))
            return true;
    }
    return false;
}

//! A decimal Content-Length, or -1 if \a value is not one. 18 digits keep it within qint64.
qint64 parseLength(QByteArrayView value)
{
    if (value.isEmpty() || value.size() > 18)
        return -1;
    qint64 n = 0;
    for (char c : value) {
        if (c < '0' || c > '9')
            return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

} // namespace

RequestScanner::RequestScanner(qint64 maxHeaderSize, qint64 maxBodySize)
    : m_maxHeaderSize(maxHeaderSize), m_maxBodySize(maxBodySize)
{
}

qsizetype RequestScanner::scan(const char *data, qsizetype size)
{
    qsizetype pos = 0;
    while (pos < size) {
        switch (m_phase) {
        case Phase::Idle:
            while (pos < size && isBlank(data[pos]))
                ++pos;
            if (pos < size)
                m_phase = Phase::Head;
            break;
        case Phase::Head:
            pos += scanHead(data + pos, size - pos);
            break;
        case Phase::Body:
            pos += scanBody(size - pos);
            break;
        case Phase::Complete:
        case Phase::Failed:
            return pos;
        }
    }
    return pos;
}

qsizetype RequestScanner::scanHead(const char *data, qsizetype size)
{
    // Consume up to and including the next line feed; the block ends with an empty line
    // (CRLF CRLF, or bare LFs as QHttpServer accepts them).
    const auto *lf = static_cast<const char *>(std::memchr(data, '\n', size_t(size)));
    const qsizetype take = lf ? (lf - data) + 1 : size;
    if (m_head.size() + take > m_maxHeaderSize) {
        fail(431);
        return 0;
    }
    m_head.append(data, take);
    if (lf && (m_head.endsWith("\n\n") || m_head.endsWith("\n\r\n")))
        parseHead();
    return take;
}

qsizetype RequestScanner::scanBody(qsizetype size)
{
    if (m_chunked) {
        m_bodyScanned += size;
        if (m_bodyScanned > m_maxBodySize)
            fail(413);
        return size;
    }
    const qsizetype take = qsizetype(qMin<qint64>(m_bodyRemaining, size));
    m_bodyRemaining -= take;
    if (m_bodyRemaining == 0)
        m_phase = Phase::Complete;
    return take;
}

void RequestScanner::parseHead()
{
    const QByteArrayView head(m_head);
    const qsizetype lineEnd = head.indexOf('\n');
    const QByteArrayView requestLine = trimmed(head.first(lineEnd));

    // Request-Line = Method SP Request-Target SP HTTP-Version
    const qsizetype firstSpace = requestLine.indexOf(' ');
    const qsizetype lastSpace = requestLine.lastIndexOf(' ');
    if (firstSpace <= 0 || lastSpace <= firstSpace) {
        fail(400);
        return;
    }
    m_method = requestLine.first(firstSpace);
    m_target = trimmed(requestLine.sliced(firstSpace + 1, lastSpace - firstSpace - 1));
    const QByteArrayView version = requestLine.sliced(lastSpace + 1);
    if (m_target.isEmpty() || version.size() != 8 || !version.startsWith("HTTP/1.")) {
        fail(400);
        return;
    }
    m_http10 = version == "HTTP/1.0";

    QByteArrayView rest = head.sliced(lineEnd + 1);
    while (!rest.isEmpty()) {
        const qsizetype lf = rest.indexOf('\n');
        const QByteArrayView line = trimmed(lf < 0 ? rest : rest.first(lf));
        if (!line.isEmpty() && !parseHeaderLine(line)) {
            fail(400);
            return;
        }
        if (lf < 0)
            break;
        rest = rest.sliced(lf + 1);
    }

    m_keepAlive = m_http10 ? m_connectionKeepAlive && !m_connectionClose : !m_connectionClose;
    if (m_webSocket && m_connectionUpgrade) {
        // QHttpServer would take the connection over for a WebSocket server; Gatehouse has none.
        fail(501);
    } else if (m_chunked) {
        m_phase = Phase::Body;
    } else if (m_contentLength > m_maxBodySize) {
        fail(413);
    } else if (m_contentLength > 0) {
        m_bodyRemaining = m_contentLength;
        m_phase = Phase::Body;
    } else {
        m_phase = Phase::Complete;
    }
}

bool RequestScanner::parseHeaderLine(QByteArrayView line)
{
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return false;
    const QByteArrayView name = trimmed(line.first(colon));
    const QByteArrayView value = trimmed(line.sliced(colon + 1));
    if (equalsIgnoringCase(name, "content-length")) {
        const qint64 length = parseLength(value);
        // A malformed or contradicting length could make this scanner and QHttpServer's parser
        // disagree about where the request ends.
        if (length < 0 || (m_contentLength >= 0 && length != m_contentLength))
            return false;
        m_contentLength = length;
    } else if (equalsIgnoringCase(name, "transfer-encoding")) {
        // QHttpServer treats any value mentioning "chunked" as chunked; so does the scanner.
        m_chunked = m_chunked || containsIgnoringCase(value, "chunked");
    } else if (equalsIgnoringCase(name, "connection")) {
        m_connectionClose = m_connectionClose || hasToken(value, "close");
        m_connectionKeepAlive = m_connectionKeepAlive || hasToken(value, "keep-alive");
        m_connectionUpgrade = m_connectionUpgrade || containsIgnoringCase(value, "upgrade");
    } else if (equalsIgnoringCase(name, "upgrade")) {
        m_webSocket = m_webSocket || containsIgnoringCase(value, "websocket");
    }
    return true;
}

void RequestScanner::fail(int status)
{
    m_phase = Phase::Failed;
    m_errorStatus = status;
}

void RequestScanner::next()
{
    m_phase = Phase::Idle;
    m_errorStatus = 0;
    m_head.resize(0);  // keeps the capacity for the next request
    m_method = {};
    m_target = {};
    m_http10 = false;
    m_keepAlive = true;
    m_chunked = false;
    m_connectionClose = false;
    m_connectionKeepAlive = false;
    m_connectionUpgrade = false;
    m_webSocket = false;
    m_contentLength = -1;
    m_bodyRemaining = 0;
    m_bodyScanned = 0;
}

} // namespace Gatehouse
