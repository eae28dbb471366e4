#include "http/connectionregistry.h"

#include "metrics/catalogue.h"

#include <algorithm>

namespace Gatehouse {

namespace {

qint64 nanoseconds(ConnectionRegistry::Clock::time_point t)
{
    return std::max<qint64>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
}

bool isMappedIPv4(const ConnectionRegistry::AddressKey &key)
{
    return key.high == 0 && (key.low >> 32) == 0xffff;
}

} // namespace

bool ConnectionRegistry::Member::beginRequest()
{
    if (m_known == kBusy)
        return true;
    qint64 expected = m_known;
    if (!m_state.compare_exchange_strong(expected, kBusy, std::memory_order_acq_rel))
        return false;  // admit() evicted it first
    m_known = kBusy;
    return true;
}

void ConnectionRegistry::Member::endRequest(Clock::time_point since)
{
    if (m_known != kBusy)
        return;  // idle already, since earlier
    // Only the member leaves the busy state, and admit() only claims idle members: a store will do.
    m_known = nanoseconds(since);
    m_state.store(m_known, std::memory_order_release);
}

ConnectionRegistry::ConnectionRegistry() = default;

void ConnectionRegistry::setLimits(int maxConnections, int maxPerAddress)
{
    QMutexLocker lock(&m_mutex);
    m_maxConnections = maxConnections;
    m_maxPerAddress = maxPerAddress;
}

void ConnectionRegistry::setExempt(const QList<Subnet> &subnets)
{
    QMutexLocker lock(&m_mutex);
    m_exempt = subnets;
}

void ConnectionRegistry::setLogSink(ConnectionLimitLog::Sink sink)
{
    QMutexLocker lock(&m_mutex);
    m_log.setSink(std::move(sink));
}

ConnectionRegistry::AddressKey ConnectionRegistry::keyOf(const QHostAddress &address)
{
    // IPv4 addresses as IPv6 maps them, so that both forms of one address count together;
    // an IPv6 client by its /64, the network one site gets, as one IPv4 address behind NAT.
    const Q_IPV6ADDR bytes = address.toIPv6Address();
    AddressKey key;
    for (int i = 0; i < 8; ++i) {
        key.high = key.high << 8 | bytes[i];
        key.low = key.low << 8 | bytes[i + 8];
    }
    if (!isMappedIPv4(key))
        key.low = 0;
    return key;
}

QString ConnectionRegistry::textOf(const AddressKey &key)
{
    if (isMappedIPv4(key))
        return QHostAddress(quint32(key.low)).toString();
    Q_IPV6ADDR bytes{};
    for (int i = 0; i < 8; ++i)
        bytes[i] = quint8(key.high >> (56 - 8 * i));
    return QHostAddress(bytes).toString() + QStringLiteral("/64");
}

std::optional<ConnectionRegistry::Admission> ConnectionRegistry::admit(const QHostAddress &peer,
                                                                        Clock::time_point now)
{
    bool isIPv4 = false;
    const quint32 ipv4 = peer.toIPv4Address(&isIPv4);
    const QHostAddress plain = isIPv4 ? QHostAddress(ipv4) : peer;

    QMutexLocker lock(&m_mutex);
    Admission admission;
    admission.key = keyOf(plain);
    admission.exempt = std::any_of(m_exempt.cbegin(), m_exempt.cend(), [&](const Subnet &subnet) {
        return plain.isInSubnet(subnet) || peer.isInSubnet(subnet);
    });
    if (!admission.exempt && m_maxPerAddress > 0) {
        const auto it = m_perAddress.constFind(admission.key);
        if (it != m_perAddress.cend() && *it >= m_maxPerAddress) {
            ++m_counts.refusedPerAddress;
            Metrics::recordConnectionsLimited("refused_per_address");
            m_log.refusedPerAddress(textOf(admission.key), m_maxPerAddress, now);
            return std::nullopt;
        }
    }
    if (m_open >= m_maxConnections) {
        const int evicted = evictIdle();
        if (evicted == 0) {
            ++m_counts.refusedAtCapacity;
            Metrics::recordConnectionsLimited("refused_at_capacity");
            m_log.refusedAtCapacity(m_maxConnections, textOf(admission.key), [this] { return holders(); }, now);
            return std::nullopt;
        }
        m_counts.evicted += quint64(evicted);
        Metrics::recordConnectionsLimited("evicted", evicted);
        m_log.evicted(evicted, m_maxConnections, textOf(admission.key), [this] { return holders(); }, now);
    }
    ++m_open;
    ++m_counts.accepted;
    if (!admission.exempt) {
        ++m_counted;
        ++m_perAddress[admission.key];
    }
    return admission;
}

int ConnectionRegistry::evictIdle()
{
    // A few at once, as nginx reclaims its keep-alive connections: the scan over every
    // connection is then made once for several new ones.
    const std::size_t batch = std::size_t(std::clamp(m_maxConnections / 128, 1, 16));
    int evicted = 0;
    for (int attempt = 0; attempt < 3 && evicted == 0; ++attempt) {
        // The longest idle first: the smallest "idle since".
        m_candidates.clear();
        for (Member *member : m_members) {
            const qint64 since = member->m_state.load(std::memory_order_relaxed);
            if (since < 0)
                continue;
            if (m_candidates.size() == batch && since >= m_candidates.back().idleSince)
                continue;
            if (m_candidates.size() == batch)
                m_candidates.pop_back();
            const auto at = std::upper_bound(m_candidates.begin(), m_candidates.end(), since,
                                             [](qint64 s, const Candidate &c) { return s < c.idleSince; });
            m_candidates.insert(at, {member, since});
        }
        if (m_candidates.empty())
            return 0;  // every connection is busy
        for (const Candidate &candidate : m_candidates) {
            qint64 expected = candidate.idleSince;
            // Fails if the connection's request has just started: it stays.
            if (!candidate.member->m_state.compare_exchange_strong(expected, Member::kEvicted,
                                                                   std::memory_order_acq_rel))
                continue;
            uncount(candidate.member->m_admission);
            candidate.member->evict();
            ++evicted;
        }
    }
    return evicted;
}

void ConnectionRegistry::join(Member *member, const Admission &admission, Clock::time_point now)
{
    member->m_admission = admission;
    member->m_known = nanoseconds(now);
    member->m_state.store(member->m_known, std::memory_order_release);
    QMutexLocker lock(&m_mutex);
    member->m_index = m_members.size();
    m_members.push_back(member);
}

void ConnectionRegistry::leave(Member *member)
{
    QMutexLocker lock(&m_mutex);
    Member *last = m_members.back();
    last->m_index = member->m_index;
    m_members[member->m_index] = last;
    m_members.pop_back();
    if (member->m_state.load(std::memory_order_acquire) != Member::kEvicted)
        uncount(member->m_admission);  // an evicted one no longer counts
}

void ConnectionRegistry::cancel(const Admission &admission)
{
    QMutexLocker lock(&m_mutex);
    uncount(admission);
}

void ConnectionRegistry::uncount(const Admission &admission)
{
    --m_open;
    if (admission.exempt)
        return;
    --m_counted;
    const auto it = m_perAddress.find(admission.key);
    if (it != m_perAddress.end() && --*it <= 0)
        m_perAddress.erase(it);
}

QString ConnectionRegistry::holders() const
{
    const int exempt = m_open - m_counted;
    const auto most = std::max_element(m_perAddress.cbegin(), m_perAddress.cend());
    if (most == m_perAddress.cend())
        return QStringLiteral("all open connections from trusted proxies");
    const QString top = QStringLiteral("%1 (%2)").arg(textOf(most.key())).arg(*most);
    if (exempt <= 0)
        return QStringLiteral("most open connections from ") + top;
    return QStringLiteral("%1 open connections from trusted proxies, most others from %2").arg(exempt).arg(top);
}

ConnectionCounts ConnectionRegistry::counts() const
{
    QMutexLocker lock(&m_mutex);
    ConnectionCounts counts = m_counts;
    counts.open = m_open;
    counts.busy = int(std::count_if(m_members.cbegin(), m_members.cend(), [](const Member *member) {
        return member->m_state.load(std::memory_order_acquire) == Member::kBusy;
    }));
    return counts;
}

void ConnectionRegistry::tick(Clock::time_point now)
{
    QMutexLocker lock(&m_mutex);
    m_log.tick(now);
}

void ConnectionRegistry::flushLog()
{
    QMutexLocker lock(&m_mutex);
    m_log.flush();
}

} // namespace Gatehouse
