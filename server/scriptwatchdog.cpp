#include "scriptwatchdog.h"

#include "logging.h"

#include <QJSEngine>

#include <algorithm>

namespace Gatehouse {

using Clock = std::chrono::steady_clock;

ScriptHeartbeat::ScriptHeartbeat(QJSEngine *engine)
    : m_engine(engine), m_lastBeat(Clock::now())
{
}

bool ScriptHeartbeat::beat()
{
    const std::lock_guard lock(m_mutex);
    m_lastBeat = Clock::now();
    if (!m_interrupted)
        return false;
    m_interrupted = false;
    m_engine->setInterrupted(false);
    return true;
}

bool ScriptHeartbeat::interruptIfSilentSince(Clock::time_point deadline)
{
    const std::lock_guard lock(m_mutex);
    if (m_interrupted || m_lastBeat >= deadline)
        return false;
    m_interrupted = true;
    m_engine->setInterrupted(true);
    return true;
}

ScriptWatchdog::ScriptWatchdog(std::chrono::milliseconds limit)
    : m_limit(limit)
    , m_period(std::clamp(limit / 4, std::chrono::milliseconds(10), std::chrono::milliseconds(250)))
    , m_thread([this] { run(); })
{
}

ScriptWatchdog::~ScriptWatchdog()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void ScriptWatchdog::watch(const std::shared_ptr<ScriptHeartbeat> &heartbeat)
{
    const std::lock_guard lock(m_mutex);
    m_heartbeats.push_back(heartbeat);
}

void ScriptWatchdog::unwatch(const std::shared_ptr<ScriptHeartbeat> &heartbeat)
{
    const std::lock_guard lock(m_mutex);
    m_heartbeats.erase(std::remove(m_heartbeats.begin(), m_heartbeats.end(), heartbeat), m_heartbeats.end());
}

void ScriptWatchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, m_period, [this] { return m_stopping; })) {
        const Clock::time_point deadline = Clock::now() - m_limit;
        for (const std::shared_ptr<ScriptHeartbeat> &heartbeat : m_heartbeats) {
            if (heartbeat->interruptIfSilentSince(deadline))
                qCWarning(lcScript, "a thread running JavaScript callbacks was busy for more than %lld ms; "
                                    "interrupted its JavaScript",
                          static_cast<long long>(m_limit.count()));
        }
    }
}

} // namespace Gatehouse
