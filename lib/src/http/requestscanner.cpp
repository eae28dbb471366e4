#include "http/requestscanner.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <limits>

namespace Gatehouse {

// Section numbers in the comments are RFC 9112's, unless another RFC is named.

namespace {

constexpr qint64 kSaturated = std::numeric_limits<qint64>::max();

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Character classes, looked up in one table: a request's every byte goes through them.
enum CharClass : quint8 {
    TokenChar = 1,   //!< tchar (RFC 9110, 5.6.2): methods and field names
    ValueChar = 2,   //!< field-vchar, SP, HTAB (RFC 9110, 5.5): no control character, no DEL
    TargetChar = 4,  //!< in a request target: no whitespace, control or fragment (3.2)
    HostChar = 8,    //!< reg-name (RFC 3986, 3.2.2): unreserved, sub-delims and pct-encoded
};

constexpr std::array<quint8, 256> makeClasses()
{
    std::array<quint8, 256> table{};
    for (int c = 0; c < 256; ++c) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        const auto among = [c](const char *set) {
            for (; *set; ++set) {
                if (*set == c)
                    return true;
            }
            return false;
        };
        quint8 classes = 0;
        if (alnum || among("!#$%&'*+-.^_`|~"))
            classes |= TokenChar;
        if (c == '\t' || (c >= 0x20 && c != 0x7f))
            classes |= ValueChar;
        if (c > 0x20 && c != 0x7f && c != '#')
            classes |= TargetChar;
        if (alnum || among("-._~!$&'()*+,;=%"))
            classes |= HostChar;
        table[std::size_t(c)] = classes;
    }
    return table;
}

constexpr std::array<quint8, 256> kClasses = makeClasses();

bool allOf(QByteArrayView v, CharClass charClass)
{
    for (char c : v) {
        if (!(kClasses[static_cast<unsigned char>(c)] & charClass))
            return false;
    }
    return true;
}

bool isToken(QByteArrayView v)
{
    return !v.isEmpty() && allOf(v, TokenChar);
}

//! A control character other than HTAB, or DEL: never part of a field value (RFC 9110, 5.5).
bool isControl(char c)
{
    return !(kClasses[static_cast<unsigned char>(c)] & ValueChar);
}

bool isOws(char c)
{
    return c == ' ' || c == '\t';
}

QByteArrayView trimmedOws(QByteArrayView v)
{
    while (!v.isEmpty() && isOws(v.front()))
        v = v.sliced(1);
    while (!v.isEmpty() && isOws(v.back()))
        v.chop(1);
    return v;
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    return a.size() == b.size() && a.compare(b, Qt::CaseInsensitive) == 0;
}

bool startsWithIgnoringCase(QByteArrayView v, QByteArrayView prefix)
{
    return v.size() >= prefix.size() && equalsIgnoringCase(v.first(prefix.size()), prefix);
}

//! Calls \a element with every non-empty element of the comma-separated list \a value.
template<typename Function>
void forEachElement(QByteArrayView value, Function element)
{
    while (true) {
        const qsizetype comma = value.indexOf(',');
        const QByteArrayView item = trimmedOws(comma < 0 ? value : value.first(comma));
        if (!item.isEmpty())  // empty list elements are ignored (RFC 9110, 5.6.1)
            element(item);
        if (comma < 0)
            return;
        value = value.sliced(comma + 1);
    }
}

bool containsIgnoringCase(QByteArrayView haystack, QByteArrayView needle)
{
    for (qsizetype i = 0; i + needle.size() <= haystack.size(); ++i) {
        if (equalsIgnoringCase(haystack.sliced(i, needle.size()), needle))
            return true;
    }
    return false;
}

bool hasToken(QByteArrayView value, QByteArrayView token)
{
    bool found = false;
    forEachElement(value, [&](QByteArrayView item) { found = found || equalsIgnoringCase(item, token); });
    return found;
}

//! uri-host [ ":" port ] (RFC 3986, 3.2.2): an IP literal in brackets or a reg-name, nothing else.
bool isValidAuthority(QByteArrayView v)
{
    if (v.isEmpty())
        return false;
    qsizetype hostEnd;
    if (v.front() == '[') {
        hostEnd = v.indexOf(']');
        if (hostEnd < 2)
            return false;
        for (char c : v.sliced(1, hostEnd - 1)) {
            if (hexValue(c) < 0 && c != ':' && c != '.')
                return false;
        }
        ++hostEnd;
    } else {
        hostEnd = v.indexOf(':');
        if (hostEnd < 0)
            hostEnd = v.size();
        if (hostEnd == 0)
            return false;
        if (!allOf(v.first(hostEnd), HostChar))
            return false;
    }
    const QByteArrayView rest = v.sliced(hostEnd);
    if (rest.isEmpty())
        return true;
    return rest.front() == ':' && std::all_of(rest.begin() + 1, rest.end(), isDigit);
}

//! Decimal digits only, saturating: 1*DIGIT (RFC 9110, 8.6). -1 if \a value is not that.
qint64 parseContentLength(QByteArrayView value)
{
    if (value.isEmpty())
        return -1;
    qint64 n = 0;
    for (char c : value) {
        if (!isDigit(c))
            return -1;
        n = n > (kSaturated - 9) / 10 ? kSaturated : n * 10 + (c - '0');
    }
    return n;
}

// Whether some connection of the process is receiving a body over the usual limit. The large
// path's bodies arrive before anyone is authenticated: one at a time bounds what strangers can
// make the process hold to one large limit, however many connections they open.
std::atomic<bool> largeBodySlotTaken{false};

} // namespace

RequestScanner::RequestScanner(qint64 maxHeaderSize, qint64 maxBodySize)
    : m_maxHeaderSize(std::min(maxHeaderSize, kMaxHeaderSize)), m_maxBodySize(maxBodySize), m_bodyLimit(maxBodySize)
{
}

RequestScanner::~RequestScanner()
{
    releaseLargeBodySlot();
}

void RequestScanner::releaseLargeBodySlot()
{
    if (std::exchange(m_holdsLargeBodySlot, false))
        largeBodySlotTaken.store(false, std::memory_order_release);
}

void RequestScanner::allowLargeBody(const QByteArray &path, qint64 maxBodySize)
{
    m_largeBodyPath = path;
    m_largeBodyMax = maxBodySize;
}

qsizetype RequestScanner::scan(const char *data, qsizetype size)
{
    qsizetype pos = 0;
    while (pos < size) {
        switch (m_phase) {
        case Phase::Idle:
            // At least one empty line before a request is ignored (2.2).
            while (pos < size && (data[pos] == '\r' || data[pos] == '\n'))
                ++pos;
            if (pos < size)
                m_phase = Phase::Head;
            break;
        case Phase::Head:
            pos += scanHead(data + pos, size - pos);
            break;
        case Phase::Body:
            pos += scanBody(data + pos, size - pos);
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
    // Consume up to and including the next line feed; the section ends with an empty line.
    const auto *lf = static_cast<const char *>(std::memchr(data, '\n', size_t(size)));
    const qsizetype take = lf ? (lf - data) + 1 : size;
    if (m_head.size() + take > m_maxHeaderSize) {
        // Still in the request line: its target is what is too long (3).
        fail(m_lineStart == 0 ? 414 : 431);
        return 0;
    }
    m_head.append(data, take);
    if (!lf)
        return take;
    // Lines end with CRLF. A bare LF is where parsers disagree: refused (2.2).
    if (m_head.size() < 2 || m_head.at(m_head.size() - 2) != '\r') {
        fail(400);
        return take;
    }
    const bool requestLine = m_lineStart == 0;
    const bool emptyLine = m_head.size() - m_lineStart == 2;
    m_lineStart = m_head.size();
    if (requestLine)  // judged at once: an HTTP/0.9 client waits for an answer here
        parseRequestLine(QByteArrayView(m_head).chopped(2));
    else if (emptyLine)
        parseHead();
    return take;
}

void RequestScanner::parseHead()
{
    // Every line ends with CRLF (scanHead() refused bare LFs).
    QByteArrayView rest(m_head);
    rest = rest.sliced(rest.indexOf('\n') + 1);  // after the request line
    while (true) {
        const qsizetype end = rest.indexOf('\n');
        const QByteArrayView line = rest.first(end - 1);
        rest = rest.sliced(end + 1);
        if (line.isEmpty())
            break;
        if (!parseField(line))  // a bare CR (2.2) is in neither a name nor a value
            return;
    }

    // A Host field, exactly one in HTTP/1.1, at most one in 1.0, and a valid one (3.2).
    if ((!m_http10 && m_hostCount != 1) || m_hostCount > 1 || !m_hostValid) {
        fail(400);
        return;
    }
    if (m_transferEncoding) {
        // HTTP/1.0 has no transfer codings (6.1); Transfer-Encoding beside Content-Length is
        // a smuggling attempt (6.3, 3); chunked must be the last coding, once (6.3, 4 and 7).
        if (m_http10 || m_contentLength >= 0 || !m_lastCodingChunked || m_chunkedCodings > 1) {
            fail(400);
            return;
        }
        if (m_otherCodings > 0) {  // gzip, chunked: a coding the server does not implement (6.1)
            fail(501);
            return;
        }
        m_chunked = true;
    }
    if (m_otherExpectation) {  // the only expectation there is: 100-continue (RFC 9110, 10.1.1)
        fail(417);
        return;
    }
    m_expectContinue = m_expectContinue && !m_http10;  // ignored in HTTP/1.0 (RFC 9110, 10.1.1)
    if (m_webSocket && m_connectionUpgrade) {
        // An upgrade to a WebSocket server, which Gatehouse does not have.
        fail(501);
        return;
    }

    m_keepAlive = m_http10 ? m_connectionKeepAlive && !m_connectionClose : !m_connectionClose;
    m_bodyLimit = m_maxBodySize;
    if (!m_largeBodyPath.isEmpty() && !m_absoluteForm) {
        // The path exactly as sent: an encoded variant of it keeps the usual limit.
        const QByteArrayView requested = target();
        const qsizetype query = requested.indexOf('?');
        const bool largePath = (query < 0 ? requested : requested.first(query)) == QByteArrayView(m_largeBodyPath);
        if (largePath && (m_chunked || m_contentLength > m_maxBodySize)) {
            bool taken = false;
            if (!largeBodySlotTaken.compare_exchange_strong(taken, true, std::memory_order_acquire)) {
                fail(503);  // another large body is arriving; its sender may retry
                return;
            }
            m_holdsLargeBodySlot = true;
            m_bodyLimit = std::max(m_maxBodySize, m_largeBodyMax);
        }
    }
    if (m_chunked) {
        m_phase = Phase::Body;
    } else if (m_contentLength > m_bodyLimit) {
        fail(413);
    } else if (m_contentLength > 0) {
        // What the client claims is reserved only up to the usual limit: a larger body (the
        // user import's) grows as it arrives, so a claim alone never takes the memory.
        m_body.reserve(qsizetype(std::min(m_contentLength, m_maxBodySize)));
        m_bodyRemaining = m_contentLength;
        m_contentSize = m_contentLength;
        m_phase = Phase::Body;
    } else {
        m_phase = Phase::Complete;
    }
}

bool RequestScanner::parseRequestLine(QByteArrayView line)
{
    // request-line = method SP request-target SP HTTP-version, single spaces (3).
    // The method is a token, the target has no space, the version is 8 characters: no third
    // space, and no CR, can hide anywhere.
    const qsizetype firstSpace = line.indexOf(' ');
    const qsizetype secondSpace = firstSpace < 0 ? -1 : line.indexOf(' ', firstSpace + 1);
    if (firstSpace <= 0 || secondSpace < 0) {
        fail(400);  // also HTTP/0.9's "GET /" without a version
        return false;
    }
    const QByteArrayView method = line.first(firstSpace);
    const QByteArrayView target = line.sliced(firstSpace + 1, secondSpace - firstSpace - 1);
    m_methodLength = method.size();
    m_targetLength = target.size();
    const QByteArrayView version = line.sliced(secondSpace + 1);
    // HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive (2.3); the target has no
    // whitespace, control or fragment (3.2).
    if (!isToken(method) || target.isEmpty() || !allOf(target, TargetChar) || version.size() != 8
        || !version.startsWith("HTTP/") || !isDigit(version[5]) || version[6] != '.' || !isDigit(version[7])) {
        fail(400);
        return false;
    }
    if (version[5] != '1') {  // HTTP/2.0 (its connection preface), 0.9, 3.0 ... (RFC 9110, 15.6.6)
        fail(505);
        return false;
    }
    m_http10 = version[7] == '0';
    if (method == "CONNECT") {  // a tunnel through a proxy; this server is none (3.2.3)
        fail(501);
        return false;
    }
    if (target.front() == '/')
        return true;  // origin-form (3.2.1)
    if (target == "*") {
        // asterisk-form (3.2.4): a server-wide OPTIONS, which the server does not implement.
        fail(method == "OPTIONS" ? 501 : 400);
        return false;
    }
    // absolute-form (3.2.2) of an http or https URI: its authority, then an optional path.
    const qsizetype schemeEnd = startsWithIgnoringCase(target, "http://")    ? 7
                                : startsWithIgnoringCase(target, "https://") ? 8
                                                                               : -1;
    if (schemeEnd < 0) {
        fail(400);
        return false;
    }
    const QByteArrayView afterScheme = target.sliced(schemeEnd);
    qsizetype authorityEnd = afterScheme.size();
    for (qsizetype i = 0; i < afterScheme.size(); ++i) {
        if (afterScheme[i] == '/' || afterScheme[i] == '?') {
            authorityEnd = i;
            break;
        }
    }
    if (!isValidAuthority(afterScheme.first(authorityEnd))) {
        fail(400);
        return false;
    }
    m_absoluteForm = true;
    return true;
}

bool RequestScanner::parseField(QByteArrayView line)
{
    // A line that starts with whitespace is obs-fold, or whitespace after the request line (5.2, 2.2).
    // field-line = field-name ":" OWS field-value OWS, no whitespace before the colon (5.1).
    const qsizetype colon = line.indexOf(':');
    if (isOws(line.front()) || colon <= 0 || !isToken(line.first(colon))) {
        fail(400);
        return false;
    }
    if (++m_fieldCount > kMaxFieldCount) {
        fail(431);
        return false;
    }
    const QByteArrayView name = line.first(colon);
    const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
    if (!allOf(value, ValueChar)) {  // NUL, bare CR ... (RFC 9110, 5.5)
        fail(400);
        return false;
    }
    if (equalsIgnoringCase(name, "content-length")) {
        const qint64 length = parseContentLength(value);
        // Not digits, or a second Content-Length even if equal (RFC 9110, 8.6; 6.3, 5).
        if (length < 0 || m_contentLength >= 0) {
            fail(400);
            return false;
        }
        m_contentLength = length;
    } else if (equalsIgnoringCase(name, "transfer-encoding")) {
        // The codings of all Transfer-Encoding lines, in order (6.1).
        m_transferEncoding = true;
        forEachElement(value, [this](QByteArrayView coding) {
            m_lastCodingChunked = equalsIgnoringCase(coding, "chunked");
            if (m_lastCodingChunked)
                ++m_chunkedCodings;
            else
                ++m_otherCodings;
        });
    } else if (equalsIgnoringCase(name, "host")) {
        ++m_hostCount;
        // Empty only where the target has no authority, which an HTTP/1.1 request always has.
        m_hostValid = m_hostValid && (value.isEmpty() ? m_http10 : isValidAuthority(value));
    } else if (equalsIgnoringCase(name, "connection")) {
        m_connectionClose = m_connectionClose || hasToken(value, "close");
        m_connectionKeepAlive = m_connectionKeepAlive || hasToken(value, "keep-alive");
        // As loosely as QHttpServer 6.4 recognises an upgrade: the embedding front's rule.
        m_connectionUpgrade = m_connectionUpgrade || containsIgnoringCase(value, "upgrade");
    } else if (equalsIgnoringCase(name, "upgrade")) {
        m_webSocket = m_webSocket || containsIgnoringCase(value, "websocket");
    } else if (equalsIgnoringCase(name, "expect")) {
        if (equalsIgnoringCase(value, "100-continue"))
            m_expectContinue = true;
        else
            m_otherExpectation = true;
    }
    return true;
}

qsizetype RequestScanner::scanBody(const char *data, qsizetype size)
{
    if (m_chunked)
        return scanChunked(data, size);
    const qsizetype take = qsizetype(qMin<qint64>(m_bodyRemaining, size));
    m_body.append(data, take);
    m_bodyRemaining -= take;
    m_bodyScanned += take;
    if (m_bodyRemaining == 0)
        m_phase = Phase::Complete;
    return take;
}

qsizetype RequestScanner::scanChunked(const char *data, qsizetype size)
{
    // The body limit counts the chunk framing as well, extensions included (7.1.1), and a line
    // still open from an earlier read. Bytes past the limit are never looked at: one byte more
    // than allowed is 413 whatever it holds, so where the reads split never changes the answer.
    const qint64 allowed = m_bodyLimit - m_bodyScanned - m_line.size();
    const qsizetype given = size;
    size = qsizetype(qBound<qint64>(0, size, allowed));
    qsizetype pos = 0;
    while (pos < size && m_phase == Phase::Body) {
        switch (m_chunk) {
        case Chunk::SizeLine:
        case Chunk::Trailer: {
            const auto *lf = static_cast<const char *>(std::memchr(data + pos, '\n', size_t(size - pos)));
            const qsizetype take = lf ? (lf - (data + pos)) + 1 : size - pos;
            m_line.append(data + pos, take);
            pos += take;
            if (lf) {
                m_bodyScanned += m_line.size();
                const QByteArrayView line(m_line);
                const bool done = line.size() >= 2 && line.at(line.size() - 2) == '\r'
                                  && chunkLineDone(line.chopped(2));
                m_line.resize(0);
                if (!done && m_phase == Phase::Body)
                    fail(400);  // a bare LF (7.1), or a malformed line
            }
            break;
        }
        case Chunk::Data: {
            const qsizetype take = qsizetype(qMin<qint64>(m_chunkRemaining, size - pos));
            m_body.append(data + pos, take);
            m_chunkRemaining -= take;
            m_bodyScanned += take;
            pos += take;
            if (m_chunkRemaining == 0)
                m_chunk = Chunk::DataEnd;
            break;
        }
        case Chunk::DataEnd:
            // Exactly CRLF after the data (7.1).
            if (data[pos] != (m_dataEndRead == 0 ? '\r' : '\n')) {
                fail(400);
                return pos;
            }
            ++pos;
            ++m_bodyScanned;
            if (++m_dataEndRead == 2) {
                m_dataEndRead = 0;
                m_chunk = Chunk::SizeLine;
            }
            break;
        }
    }
    if (m_phase == Phase::Body && given > size)
        fail(413);
    return pos;
}

bool RequestScanner::chunkLineDone(QByteArrayView line)
{
    if (m_chunk == Chunk::Trailer) {
        // The empty line ends the body. A trailer field is read like a header field and
        // discarded (7.1.2): nothing in a request's trailer concerns the engine.
        if (line.isEmpty()) {
            m_phase = Phase::Complete;
            return true;
        }
        const qsizetype colon = line.indexOf(':');
        return !isOws(line.front()) && colon > 0 && isToken(line.first(colon))
               && allOf(line.sliced(colon + 1), ValueChar);
    }
    // chunk-size [ chunk-ext ] (7.1): hexadecimal digits, however many, then extensions.
    qsizetype digits = 0;
    qint64 size = 0;
    for (; digits < line.size() && hexValue(line[digits]) >= 0; ++digits)
        size = size > (kSaturated >> 4) ? kSaturated : size * 16 + hexValue(line[digits]);
    if (digits == 0)
        return false;
    // chunk-ext = *( BWS ";" BWS name [ BWS "=" BWS value ] ): ignored (7.1.1), but it must be
    // one, and hold no control character.
    const QByteArrayView rest = line.sliced(digits);
    const QByteArrayView extensions = trimmedOws(rest);
    if (!rest.isEmpty()
        && (extensions.isEmpty() || extensions.front() != ';'
            || std::any_of(extensions.begin(), extensions.end(), isControl)))
        return false;
    if (size > m_bodyLimit - m_bodyScanned) {
        fail(413);  // also a size too large for any integer (7.1)
        return false;
    }
    m_contentSize += size;
    m_chunkRemaining = size;
    m_chunk = size == 0 ? Chunk::Trailer : Chunk::Data;
    return true;
}

void RequestScanner::fail(int status)
{
    releaseLargeBodySlot();
    m_phase = Phase::Failed;
    m_errorStatus = status;
}

void RequestScanner::next()
{
    releaseLargeBodySlot();
    m_phase = Phase::Idle;
    m_errorStatus = 0;
    m_head.resize(0);  // keeps the capacity for the next request
    m_lineStart = 0;
    m_methodLength = 0;
    m_targetLength = 0;
    m_absoluteForm = false;
    m_http10 = false;
    m_keepAlive = true;
    m_fieldCount = 0;
    m_hostCount = 0;
    m_hostValid = true;
    m_connectionClose = false;
    m_connectionKeepAlive = false;
    m_connectionUpgrade = false;
    m_webSocket = false;
    m_expectContinue = false;
    m_otherExpectation = false;
    m_contentLength = -1;
    m_transferEncoding = false;
    m_chunkedCodings = 0;
    m_otherCodings = 0;
    m_lastCodingChunked = false;
    m_chunked = false;
    m_chunk = Chunk::SizeLine;
    m_line.resize(0);
    m_chunkRemaining = 0;
    m_dataEndRead = 0;
    m_bodyRemaining = 0;
    m_bodyScanned = 0;
    m_contentSize = 0;
    m_body = QByteArray();
}

QList<QPair<QByteArray, QByteArray>> RequestScanner::fields() const
{
    // The header section is whole and valid: every line ends with CRLF, every field has a colon.
    QList<QPair<QByteArray, QByteArray>> out;
    out.reserve(m_fieldCount);
    QByteArrayView rest(m_head);
    rest = rest.sliced(rest.indexOf('\n') + 1);
    while (true) {
        const qsizetype end = rest.indexOf('\n');
        if (end <= 1)
            break;  // the empty line
        const QByteArrayView line = rest.first(end - 1);
        rest = rest.sliced(end + 1);
        const qsizetype colon = line.indexOf(':');
        out.append({line.first(colon).toByteArray(), trimmedOws(line.sliced(colon + 1)).toByteArray()});
    }
    return out;
}

} // namespace Gatehouse
