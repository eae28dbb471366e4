#include "http/requestlog.h"

#include "http/logging.h"

#include <QAtomicInteger>
#include <QRandomGenerator>
#include <QUrl>

namespace Gatehouse {

namespace {

thread_local const RequestLogEntry *currentEntry = nullptr;

QByteArray printable(QByteArrayView text)
{
    if (text.isEmpty())
        return QByteArrayLiteral("-");
    // Client-supplied bytes: keep log lines single and printable.
    return QByteArray(text.data(), text.size())
        .toPercentEncoding("!$&'()*+,;=:@/-._~", QByteArray(), '%');
}

bool isRequestId(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 64)
        return false;
    for (const char c : text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '-' || c == '_' || c == '.';
        if (!ok)
            return false;
    }
    return true;
}

// A random prefix per process and a counter: unique within the process, unguessable across runs.
QByteArray newRequestId()
{
    static const quint32 prefix = QRandomGenerator::system()->generate();
    static QAtomicInteger<quint32> counter;
    char text[17];
    std::snprintf(text, sizeof text, "%08x%08x", prefix, counter.fetchAndAddRelaxed(1) + 1);
    return QByteArray(text, 16);
}

} // namespace

const RequestLogEntry *RequestLogEntry::current()
{
    return currentEntry;
}

RequestLog RequestLog::start(QByteArrayView method, const QUrl &url, const QHostAddress &peer,
                             QByteArrayView requestId)
{
    RequestLog log;
    if (!lcHttp().isInfoEnabled())
        return log;
    log.m_enabled = true;
    log.m_entry.id = isRequestId(requestId) ? requestId.toByteArray() : newRequestId();
    log.m_entry.method = printable(method);
    log.m_entry.path = url.path(QUrl::FullyEncoded).toLatin1();
    if (log.m_entry.path.isEmpty())
        log.m_entry.path = QByteArrayLiteral("/");
    log.m_entry.client = peer;
    log.m_start = std::chrono::steady_clock::now();
    return log;
}

RequestLog RequestLog::startRaw(QByteArrayView method, QByteArrayView target,
                                const QHostAddress &peer)
{
    RequestLog log;
    if (!lcHttp().isInfoEnabled())
        return log;
    const qsizetype query = target.indexOf('?');
    log.m_enabled = true;
    log.m_entry.id = newRequestId();
    log.m_entry.method = printable(method);
    log.m_entry.path = printable(query < 0 ? target : target.first(query));
    log.m_entry.client = peer;
    log.m_start = std::chrono::steady_clock::now();
    return log;
}

void RequestLog::finish(int status) const
{
    if (!m_enabled || !lcHttp().isInfoEnabled())
        return;
    RequestLogEntry entry = m_entry;
    entry.status = status;
    entry.duration = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - m_start);
    currentEntry = &entry;
    qCInfo(lcHttp, "%s %s %d %lldus %s", entry.method.constData(), entry.path.constData(), status,
           qlonglong(entry.duration.count()), qPrintable(entry.client.toString()));
    currentEntry = nullptr;
}

} // namespace Gatehouse
