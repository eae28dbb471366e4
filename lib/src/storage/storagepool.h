#pragma once
#include <QString>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

QT_BEGIN_NAMESPACE
class QThread;
QT_END_NAMESPACE

namespace Gatehouse {

/*!
 * The storage threads of an SqlAdapter: runs jobs in the order they were started on at most
 * maxThreads QThreads, created when needed and kept as long as the pool (each keeps its
 * database connection).
 *
 * Made for many short jobs started by a few serving threads. Waking a sleeping thread is the
 * dear part of a short job, so a job started while a woken thread has not yet taken work wakes
 * nobody else: that thread drains the queue. A thread that takes a job while more are waiting
 * wakes one more idle thread, so slow jobs (a remote database) still spread over all threads.
 * A burst of jobs costs about one wake-up instead of one per job (QThreadPool wakes a thread
 * for each).
 *
 * The process's exit waits for the jobs queued in any pool (storage/storageexit.h).
 */
class StoragePool
{
public:
    StoragePool(int maxThreads, QString threadName);
    //! Runs the jobs already started, then ends the threads. Not on one of the pool's own
    //! threads: a thread cannot wait for itself to end (see isPoolThread()).
    ~StoragePool();

    StoragePool(const StoragePool &) = delete;
    StoragePool &operator=(const StoragePool &) = delete;

    //! Queues \a job, which must not throw (SqlAdapter's jobs catch everything). Thread-safe.
    void start(std::function<void()> job);

    //! The threads created so far.
    int threadCount() const;

    //! Whether the calling thread is one of the pool's (a job, or a continuation a job finished).
    bool isPoolThread() const;

private:
    void work();

    const int m_maxThreads;
    const QString m_threadName;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<std::function<void()>> m_jobs;
    int m_idle = 0;          //!< threads waiting for a job
    int m_wakesPending = 0;  //!< idle threads notified that have not yet woken
    bool m_stopping = false;
    std::vector<std::unique_ptr<QThread>> m_threads;
};

} // namespace Gatehouse
