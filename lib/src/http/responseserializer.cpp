#include "http/responseserializer.h"

#include "http/logging.h"
#include "core/decimal.h"
#include "core/timeformat.h"

#include <QDateTime>

#include <cstring>

namespace Gatehouse {

namespace {

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return c != '\0' && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

bool isValidName(QByteArrayView name)
{
    if (name.isEmpty())
        return false;
    for (char c : name) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

bool isValidValue(QByteArrayView value)
{
    // Three memchr() scans: much faster than one loop of comparisons over a session cookie.
    return !value.contains('\r') && !value.contains('\n') && !value.contains('\0');
}

bool isConnectionLevel(QByteArrayView name)
{
    return name.compare("connection", Qt::CaseInsensitive) == 0
        || name.compare("content-length", Qt::CaseInsensitive) == 0
        || name.compare("transfer-encoding", Qt::CaseInsensitive) == 0
        || name.compare("keep-alive", Qt::CaseInsensitive) == 0;
}

void appendHeader(QByteArray &out, QByteArrayView name, QByteArrayView value)
{
    out.append(name);
    out.append(": ");
    out.append(value);
    out.append("\r\n");
}

void appendStatusLine(QByteArray &out, int status)
{
    out.append("HTTP/1.1 ");
    appendDecimal(out, status);
    out.append(' ');
    out.append(reasonPhrase(status));
    out.append("\r\n");
}

} // namespace

int wireStatus(int status)
{
    return status >= 100 && status <= 599 ? status : 500;
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100: return QByteArrayLiteral("Continue");
    case 101: return QByteArrayLiteral("Switching Protocols");
    case 200: return QByteArrayLiteral("OK");
    case 201: return QByteArrayLiteral("Created");
    case 202: return QByteArrayLiteral("Accepted");
    case 204: return QByteArrayLiteral("No Content");
    case 301: return QByteArrayLiteral("Moved Permanently");
    case 302: return QByteArrayLiteral("Found");
    case 303: return QByteArrayLiteral("See Other");
    case 304: return QByteArrayLiteral("Not Modified");
    case 307: return QByteArrayLiteral("Temporary Redirect");
    case 308: return QByteArrayLiteral("Permanent Redirect");
    case 400: return QByteArrayLiteral("Bad Request");
    case 401: return QByteArrayLiteral("Unauthorized");
    case 403: return QByteArrayLiteral("Forbidden");
    case 404: return QByteArrayLiteral("Not Found");
    case 405: return QByteArrayLiteral("Method Not Allowed");
    case 408: return QByteArrayLiteral("Request Timeout");
    case 409: return QByteArrayLiteral("Conflict");
    case 410: return QByteArrayLiteral("Gone");
    case 411: return QByteArrayLiteral("Length Required");
    case 413: return QByteArrayLiteral("Content Too Large");
    case 414: return QByteArrayLiteral("URI Too Long");
    case 415: return QByteArrayLiteral("Unsupported Media Type");
    case 422: return QByteArrayLiteral("Unprocessable Content");
    case 429: return QByteArrayLiteral("Too Many Requests");
    case 431: return QByteArrayLiteral("Request Header Fields Too Large");
    case 500: return QByteArrayLiteral("Internal Server Error");
    case 501: return QByteArrayLiteral("Not Implemented");
    case 502: return QByteArrayLiteral("Bad Gateway");
    case 503: return QByteArrayLiteral("Service Unavailable");
    case 504: return QByteArrayLiteral("Gateway Timeout");
    case 505: return QByteArrayLiteral("HTTP Version Not Supported");
    default: return QByteArrayLiteral("Unknown Status");
    }
}

QByteArray serializeResponse(const AuthResponse &response, const WireOptions &options,
                             const QByteArray &date)
{
    const int status = wireStatus(response.status);
    if (status != response.status)
        qCWarning(lcHttp, "handler answered with invalid status %d; sending 500", response.status);
    // 1xx, 204 and 304 responses have no body (RFC 9110, 6.4.1).
    const bool bodyless = status < 200 || status == 204 || status == 304;

    qsizetype estimate = 128 + date.size() + (bodyless || options.omitBody ? 0 : response.body.size());
    for (const auto &header : response.headers)
        estimate += header.first.size() + header.second.size() + 4;
    estimate += response.cookies.size() * 160;

    QByteArray out;
    out.reserve(estimate);
    appendStatusLine(out, status);
    appendHeader(out, "Date", date);
    for (const auto &[name, value] : response.headers) {
        if (isConnectionLevel(name))
            continue;
        if (!isValidName(name) || !isValidValue(value)) {
            qCWarning(lcHttp, "dropped response header with an invalid name or value: %s",
                      isValidValue(name) ? name.constData() : "(unprintable)");
            continue;
        }
        appendHeader(out, name, value);
    }
    for (const SetCookie &cookie : response.cookies) {
        const QByteArray value = cookie.toHeaderValue();
        if (!isValidValue(value)) {
            qCWarning(lcHttp, "dropped Set-Cookie header with an invalid value for cookie %s",
                      qPrintable(cookie.name));
            continue;
        }
        appendHeader(out, "Set-Cookie", value);
    }
    if (!bodyless) {
        out.append("Content-Length: ");
        appendDecimal(out, response.body.size());
        out.append("\r\n");
    }
    if (options.close)
        out.append("Connection: close\r\n");
    else if (options.keepAliveHeader)
        out.append("Connection: keep-alive\r\n");
    out.append("\r\n");
    if (!bodyless && !options.omitBody)
        out.append(response.body);
    return out;
}

QByteArray serializeErrorResponse(int status, const QByteArray &date)
{
    const QByteArray body = reasonPhrase(status) + '\n';
    QByteArray out;
    out.reserve(160 + body.size());
    appendStatusLine(out, status);
    appendHeader(out, "Date", date);
    out.append("Content-Type: text/plain; charset=utf-8\r\n");
    appendHeader(out, "Content-Length", QByteArray::number(body.size()));
    out.append("Connection: close\r\n\r\n");
    out.append(body);
    return out;
}

QByteArray HttpDateCache::now()
{
    const qint64 second = QDateTime::currentSecsSinceEpoch();
    if (second != m_second) {
        m_second = second;
        m_value = httpDate(second);
    }
    return m_value;
}

} // namespace Gatehouse
