#include "storage/sessionlookups.h"

#include "core/deliveryhome.h"
#include "metrics/catalogue.h"

#include <QException>
#include <QSet>

#include <exception>

namespace Gatehouse {

SessionLookups::SessionLookups(Schedule schedule, Query query, int maxBatch, int maxRunning,
                               std::chrono::milliseconds slowAfter, Now now)
    : m_schedule(std::move(schedule)),
      m_query(std::move(query)),
      m_maxBatch(std::max(1, maxBatch)),
      m_maxRunning(std::max(1, maxRunning)),
      m_slowAfter(slowAfter),
      m_now(std::move(now))
{
}

// Lookups still waiting (none once the storage threads have run every scheduled batch) are
// dropped: their promises finish as cancelled.
SessionLookups::~SessionLookups() = default;

QFuture<std::optional<SessionAndUserState>> SessionLookups::lookup(const QString &token)
{
    auto promise = std::make_shared<QPromise<std::optional<SessionAndUserState>>>();
    promise->start();
    QFuture<std::optional<SessionAndUserState>> future = promise->future();
    bool schedule = false;
    {
        std::lock_guard lock(m_mutex);
        m_waiting.push_back({token, std::move(promise), DeliveryHome::current()});
        schedule = takeScheduleTurn();
    }
    if (schedule)
        m_schedule([this] { answerBatch(); });
    return future;
}

bool SessionLookups::idle()
{
    std::lock_guard lock(m_mutex);
    return m_waiting.empty() && !m_batchScheduled && m_running == 0;
}

bool SessionLookups::takeScheduleTurn()
{
    if (m_batchScheduled || m_running >= m_maxRunning || m_waiting.empty())
        return false;
    // m_lastStart is the latest start of the running batches: the others have run longer.
    if (m_running > 0 && !m_slow && m_now() - m_lastStart < m_slowAfter)
        return false;
    m_batchScheduled = true;
    return true;
}

void SessionLookups::answerBatch()
{
    std::vector<Waiting> batch;
    QStringList tokens;
    bool scheduleNext = false;
    Clock::time_point started;
    {
        std::lock_guard lock(m_mutex);
        m_batchScheduled = false;
        QSet<QString> distinct;
        while (!m_waiting.empty()) {
            const QString &token = m_waiting.front().token;
            if (!distinct.contains(token)) {
                if (distinct.size() == m_maxBatch)
                    break;
                distinct.insert(token);
                tokens.append(token);
            }
            batch.push_back(std::move(m_waiting.front()));
            m_waiting.pop_front();
        }
        if (batch.empty())
            return;
        ++m_running;
        m_lastStart = m_now();
        started = m_lastStart;
        // Lookups beyond this batch's size go to the next one, which a free thread may start now.
        scheduleNext = takeScheduleTurn();
    }
    if (scheduleNext)
        m_schedule([this] { answerBatch(); });

    std::exception_ptr failure;
    Found found;
    Metrics::recordSessionLookupBatch(tokens.size());
    try {
        found = m_query(tokens);
    } catch (...) {
        failure = std::current_exception();
    }
    {
        // Lookups that gathered while this batch ran form the next one.
        std::lock_guard lock(m_mutex);
        --m_running;
        m_slow = m_now() - started >= m_slowAfter;
        scheduleNext = takeScheduleTurn();
    }
    if (scheduleNext)
        m_schedule([this] { answerBatch(); });
    for (Waiting &waiting : batch) {
        if (failure) {
            try {
                std::rethrow_exception(failure);
            } catch (const QException &error) {
                waiting.promise->setException(error);  // a copy per promise (QException::clone)
            } catch (...) {
                waiting.promise->setException(failure);
            }
        } else {
            const auto it = found.constFind(waiting.token);
            waiting.promise->addResult(it == found.cend() ? std::optional<SessionAndUserState>()
                                                          : std::optional(*it));
        }
        auto promise = std::move(waiting.promise);
        if (waiting.home)
            waiting.home->deliver([promise] { promise->finish(); });
        else
            promise->finish();
    }
}

} // namespace Gatehouse
