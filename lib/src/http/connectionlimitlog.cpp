#include "http/connectionlimitlog.h"

#include "http/logging.h"

namespace Gatehouse {

namespace {

QString seconds(ConnectionLimitLog::Clock::duration d)
{
    return QString::number(std::chrono::duration<double>(d).count(), 'f', 1);
}

} // namespace

ConnectionLimitLog::ConnectionLimitLog(std::chrono::milliseconds quietPeriod) : m_quietPeriod(quietPeriod)
{
}

void ConnectionLimitLog::setSink(Sink sink)
{
    m_sink = std::move(sink);
}

ConnectionLimitLog::Episode &ConnectionLimitLog::capacityEpisode(int cap, Clock::time_point now)
{
    if (!m_capacity) {
        m_capacity = Episode();  // not emplace(): clang sees Episode as not default-constructible inside the class
        m_capacity->first = now;
        m_capacity->limit = cap;
    }
    m_capacity->last = now;
    return *m_capacity;
}

void ConnectionLimitLog::evicted(int count, int cap, const QString &newcomer,
                                 const std::function<QString()> &holders, Clock::time_point now)
{
    Episode &episode = capacityEpisode(cap, now);
    episode.evicted += quint64(count);
    if (episode.warnedEvicting)
        return;
    episode.warnedEvicting = true;
    emitLine(QtWarningMsg,
             QStringLiteral("connection limit (%1) reached: closing the connections idle the longest "
                            "to admit new ones; new connection from %2, %3")
                 .arg(cap)
                 .arg(newcomer, holders()));
}

void ConnectionLimitLog::refusedAtCapacity(int cap, const QString &newcomer,
                                           const std::function<QString()> &holders, Clock::time_point now)
{
    Episode &episode = capacityEpisode(cap, now);
    ++episode.refused;
    if (episode.warnedRefusing)
        return;
    episode.warnedRefusing = true;
    emitLine(QtWarningMsg,
             QStringLiteral("connection limit (%1) reached and every connection is busy with a "
                            "request: closing new connections; new connection from %2, %3")
                 .arg(cap)
                 .arg(newcomer, holders()));
}

void ConnectionLimitLog::refusedPerAddress(const QString &address, int limit, Clock::time_point now)
{
    auto it = m_addresses.find(address);
    if (it == m_addresses.end() && m_addresses.size() >= kNamedAddresses) {
        if (!m_otherAddresses) {
            m_otherAddresses = Episode();
            m_otherAddresses->first = now;
            m_otherAddresses->limit = limit;
            emitLine(QtWarningMsg,
                     QStringLiteral("more addresses reached the limit of %1 connections per address: "
                                    "closing their new connections (beyond %2 addresses they are not "
                                    "named one by one)")
                         .arg(limit)
                         .arg(kNamedAddresses));
        }
        m_otherAddresses->last = now;
        ++m_otherAddresses->refused;
        return;
    }
    if (it == m_addresses.end()) {
        Episode episode;
        episode.first = now;
        episode.limit = limit;
        it = m_addresses.insert(address, episode);
        emitLine(QtWarningMsg,
                 QStringLiteral("%1 reached the limit of %2 connections per address: closing its new "
                                "connections")
                     .arg(address)
                     .arg(limit));
    }
    it->last = now;
    ++it->refused;
}

void ConnectionLimitLog::tick(Clock::time_point now)
{
    const auto quiet = [this, now](const Episode &episode) { return now - episode.last >= m_quietPeriod; };
    if (m_capacity && quiet(*m_capacity))
        summariseCapacity();
    for (auto it = m_addresses.begin(); it != m_addresses.end();) {
        if (quiet(*it)) {
            summariseAddress(it.key(), *it);
            it = m_addresses.erase(it);
        } else {
            ++it;
        }
    }
    if (m_otherAddresses && quiet(*m_otherAddresses))
        summariseOthers();
}

void ConnectionLimitLog::flush()
{
    if (m_capacity)
        summariseCapacity();
    for (auto it = m_addresses.cbegin(); it != m_addresses.cend(); ++it)
        summariseAddress(it.key(), *it);
    m_addresses.clear();
    if (m_otherAddresses)
        summariseOthers();
}

void ConnectionLimitLog::summariseCapacity()
{
    emitLine(QtInfoMsg,
             QStringLiteral("connection limit (%1) no longer evicting or refusing: %2 idle connections "
                            "closed and %3 new connections refused over %4 s")
                 .arg(m_capacity->limit)
                 .arg(m_capacity->evicted)
                 .arg(m_capacity->refused)
                 .arg(seconds(m_capacity->last - m_capacity->first)));
    m_capacity.reset();
}

void ConnectionLimitLog::summariseAddress(const QString &address, const Episode &episode)
{
    emitLine(QtInfoMsg,
             QStringLiteral("limit of %1 connections per address no longer refusing %2: %3 new "
                            "connections refused over %4 s")
                 .arg(episode.limit)
                 .arg(address)
                 .arg(episode.refused)
                 .arg(seconds(episode.last - episode.first)));
}

void ConnectionLimitLog::summariseOthers()
{
    emitLine(QtInfoMsg,
             QStringLiteral("limit of %1 connections per address no longer refusing the further "
                            "addresses: %2 new connections refused over %3 s")
                 .arg(m_otherAddresses->limit)
                 .arg(m_otherAddresses->refused)
                 .arg(seconds(m_otherAddresses->last - m_otherAddresses->first)));
    m_otherAddresses.reset();
}

void ConnectionLimitLog::emitLine(QtMsgType type, const QString &line)
{
    if (m_sink) {
        m_sink(type, line);
        return;
    }
    if (type == QtWarningMsg)
        qCWarning(lcHttp).noquote() << line;
    else
        qCInfo(lcHttp).noquote() << line;
}

} // namespace Gatehouse
