#pragma once
/*! \file scriptwatchdog.h  Interrupts JavaScript that keeps its thread busy for too long. */
#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

QT_BEGIN_NAMESPACE
class QJSEngine;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * The pulse of one QJSEngine. Its thread beats it whenever it is responsive: before and after
 * every call into JavaScript and from a timer while its event loop runs. A thread that has not
 * beaten for longer than the watchdog's limit is stuck in JavaScript (an endless loop in a
 * callback or in a Promise job), and the watchdog interrupts its engine.
 */
class ScriptHeartbeat
{
public:
    explicit ScriptHeartbeat(QJSEngine *engine);

    /*!
     * Records that the engine's thread is responsive. Returns true if the watchdog interrupted
     * the engine since the previous beat; the interruption is then cleared, so the next
     * JavaScript runs normally.
     */
    bool beat();

private:
    friend class ScriptWatchdog;
    //! Interrupts the engine if it has not beaten since \a deadline. Returns true if it did.
    bool interruptIfSilentSince(std::chrono::steady_clock::time_point deadline);

    QJSEngine *const m_engine;
    std::mutex m_mutex;
    std::chrono::steady_clock::time_point m_lastBeat;
    bool m_interrupted = false;
};

/*!
 * A thread that checks the heartbeats it watches every period() and interrupts the engines
 * that have been silent for longer than limit(). QJSEngine::setInterrupted() is the one
 * QJSEngine function that may be called from another thread.
 */
class ScriptWatchdog
{
public:
    explicit ScriptWatchdog(std::chrono::milliseconds limit);
    ~ScriptWatchdog();
    ScriptWatchdog(const ScriptWatchdog &) = delete;
    ScriptWatchdog &operator=(const ScriptWatchdog &) = delete;

    std::chrono::milliseconds limit() const { return m_limit; }
    //! How often heartbeats are checked, and how often an idle engine thread should beat.
    std::chrono::milliseconds period() const { return m_period; }

    void watch(const std::shared_ptr<ScriptHeartbeat> &heartbeat);
    //! After this returns, the watchdog no longer touches \a heartbeat's engine.
    void unwatch(const std::shared_ptr<ScriptHeartbeat> &heartbeat);

private:
    void run();

    const std::chrono::milliseconds m_limit;
    const std::chrono::milliseconds m_period;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::vector<std::shared_ptr<ScriptHeartbeat>> m_heartbeats;
    std::thread m_thread;
};

} // namespace Gatehouse
