#include "http/requestlog.h"

#include "http/logging.h"

#include <QUrl>

namespace Gatehouse {

namespace {

QByteArray printable(QByteArrayView text)
{
    if (text.isEmpty())
        return QByteArrayLiteral("-");
    // Client-supplied bytes: keep log lines single and printable.
    return QByteArray(text.data(), text.size())
        .toPercentEncoding("!$&'()*+,;=:@/-._~", QByteArray(), '%');
}

} // namespace

RequestLog RequestLog::start(QByteArrayView method, const QUrl &url, const QHostAddress &peer)
{
    RequestLog log;
    if (!lcHttp().isInfoEnabled())
        return log;
    log.m_enabled = true;
    log.m_method = printable(method);
    log.m_path = url.path(QUrl::FullyEncoded).toLatin1();
    log.m_peer = peer;
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
    log.m_method = printable(method);
    log.m_path = printable(query < 0 ? target : target.first(query));
    log.m_peer = peer;
    log.m_start = std::chrono::steady_clock::now();
    return log;
}

void RequestLog::finish(int status) const
{
    if (!m_enabled || !lcHttp().isInfoEnabled())
        return;
    const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - m_start);
    qCInfo(lcHttp, "%s %s %d %lldus %s", m_method.constData(),
           m_path.isEmpty() ? "/" : m_path.constData(), status, qlonglong(elapsed.count()),
           qPrintable(m_peer.toString()));
}

} // namespace Gatehouse
