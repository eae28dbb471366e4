#include "core/ratelimiter.h"

#include "metrics/catalogue.h"

#include <QMutexLocker>

#include <algorithm>
#include <vector>

namespace Gatehouse {

MemoryRateLimiter::MemoryRateLimiter(int maxKeys)
    : m_maxKeys(maxKeys)
{
}

QFuture<bool> MemoryRateLimiter::isLimited(const QString &key, int limit, qint64 windowSeconds)
{
    const bool limited = limitedNow(key, limit, windowSeconds);
    if (limited)
        Metrics::recordRateLimited(key);
    return QtFuture::makeReadyFuture(limited);
}

bool MemoryRateLimiter::limitedNow(const QString &key, int limit, qint64 windowSeconds)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMutexLocker lock(&m_mutex);
    const auto it = m_failures.find(key);
    if (it == m_failures.end())
        return false;
    auto &times = *it;
    while (!times.empty() && times.front() <= now - windowSeconds * 1000)
        times.pop_front();
    if (times.empty()) {
        m_failures.erase(it);
        return false;
    }
    return int(times.size()) >= limit;
}

namespace {

//! Takes the attempts of \a limits from \a index on; see RateLimiter::tryAttempts().
QFuture<QString> takeFrom(RateLimiter *limiter, const QList<AttemptLimit> &limits, qsizetype index, qint64 windowSeconds)
{
    while (index < limits.size() && limits.at(index).key.isEmpty())
        ++index;
    if (index == limits.size())
        return QtFuture::makeReadyFuture(QString());
    const AttemptLimit &limit = limits.at(index);
    return limiter->tryAttempt(limit.key, limit.limit, windowSeconds)
        .then(QtFuture::Launch::Sync, [limiter, limits, index, windowSeconds](bool allowed) -> QFuture<QString> {
            if (allowed)
                return takeFrom(limiter, limits, index + 1, windowSeconds);
            QStringList taken;
            for (qsizetype i = 0; i < index; ++i)
                taken.append(limits.at(i).key);
            const QString refused = limits.at(index).key;
            return limiter->refunds(taken, windowSeconds).then(QtFuture::Launch::Sync, [refused] { return refused; });
        })
        .unwrap();
}

} // namespace

QFuture<QString> RateLimiter::tryAttempts(const QList<AttemptLimit> &limits, qint64 windowSeconds)
{
    return takeFrom(this, limits, 0, windowSeconds);
}

QFuture<void> RateLimiter::refunds(const QStringList &keys, qint64 windowSeconds)
{
    QFuture<void> all = QtFuture::makeReadyFuture();
    for (const QString &key : keys) {
        if (key.isEmpty())
            continue;
        QFuture<void> one = refund(key, windowSeconds);
        all = all.then(QtFuture::Launch::Sync, [one] { return one; }).unwrap();
    }
    return all;
}

QFuture<bool> MemoryRateLimiter::tryAttempt(const QString &key, int limit, qint64 windowSeconds)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMutexLocker lock(&m_mutex);
    if (m_failures.size() >= m_maxKeys && !m_failures.contains(key))
        prune(now, windowSeconds);
    auto &times = m_failures[key];
    while (!times.empty() && times.front() <= now - windowSeconds * 1000)
        times.pop_front();
    if (int(times.size()) >= limit) {
        lock.unlock();
        Metrics::recordRateLimited(key);
        return QtFuture::makeReadyFuture(false);
    }
    times.push_back(now);
    if (times.size() > kMaxPerKey)
        times.pop_front();
    return QtFuture::makeReadyFuture(true);
}

QFuture<void> MemoryRateLimiter::reset(const QString &key)
{
    QMutexLocker lock(&m_mutex);
    m_failures.remove(key);
    return QtFuture::makeReadyFuture();
}

QFuture<void> MemoryRateLimiter::refund(const QString &key, qint64 windowSeconds)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QMutexLocker lock(&m_mutex);
    const auto it = m_failures.find(key);
    if (it == m_failures.end())
        return QtFuture::makeReadyFuture();
    auto &times = *it;
    while (!times.empty() && times.front() <= now - windowSeconds * 1000)
        times.pop_front();
    // The newest attempt goes: the refunded one, or one as recent, which leaves the same count.
    if (!times.empty())
        times.pop_back();
    if (times.empty())
        m_failures.erase(it);
    return QtFuture::makeReadyFuture();
}

void MemoryRateLimiter::prune(qint64 now, qint64 windowSeconds)
{
    // Drop expired keys; if the table is still full, drop the keys whose newest attempt is oldest.
    for (auto it = m_failures.begin(); it != m_failures.end();) {
        if (it->empty() || it->back() <= now - windowSeconds * 1000)
            it = m_failures.erase(it);
        else
            ++it;
    }
    if (m_failures.size() < m_maxKeys)
        return;
    // Still full of live keys: evict the tenth whose latest attempt is oldest, in one pass.
    std::vector<std::pair<qint64, QString>> byAge;
    byAge.reserve(m_failures.size());
    for (auto it = m_failures.cbegin(); it != m_failures.cend(); ++it)
        byAge.emplace_back(it->back(), it.key());
    const auto cut = byAge.begin() + qMax<qsizetype>(1, byAge.size() / 10);
    std::nth_element(byAge.begin(), cut, byAge.end());
    for (auto it = byAge.begin(); it != cut; ++it)
        m_failures.remove(it->second);
}

} // namespace Gatehouse
