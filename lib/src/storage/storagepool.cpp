#include "storage/storagepool.h"

#include "storage/storageexit.h"

#include <QThread>

#include <algorithm>

namespace Gatehouse {

StoragePool::StoragePool(int maxThreads, QString threadName)
    : m_maxThreads(std::max(1, maxThreads)), m_threadName(std::move(threadName))
{
}

StoragePool::~StoragePool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (const auto &thread : m_threads)
        thread->wait();
}

void StoragePool::start(std::function<void()> job)
{
    bool wake = false;
    StorageExit::jobQueued();
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
        if (m_wakesPending > 0)
            return; // a woken thread is on its way and drains the queue
        if (m_idle > 0) {
            ++m_wakesPending;
            wake = true;
        } else if (int(m_threads.size()) < m_maxThreads) {
            auto thread = std::unique_ptr<QThread>(QThread::create([this] { work(); }));
            thread->setObjectName(m_threadName);
            thread->start();
            m_threads.push_back(std::move(thread));
        }
    }
    if (wake)
        m_wake.notify_one();
}

int StoragePool::threadCount() const
{
    std::lock_guard lock(m_mutex);
    return int(m_threads.size());
}

bool StoragePool::isPoolThread() const
{
    const QThread *current = QThread::currentThread();
    std::lock_guard lock(m_mutex);
    return std::any_of(m_threads.begin(), m_threads.end(),
                       [current](const std::unique_ptr<QThread> &thread) { return thread.get() == current; });
}

void StoragePool::work()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        while (m_jobs.empty() && !m_stopping) {
            ++m_idle;
            m_wake.wait(lock);
            --m_idle;
            if (m_wakesPending > 0)
                --m_wakesPending;
        }
        if (m_jobs.empty())
            return; // stopping, and nothing left to run
        std::function<void()> job = std::move(m_jobs.front());
        m_jobs.pop_front();
        // More work waiting: share it with one more idle thread.
        const bool wakeAnother = !m_jobs.empty() && m_idle > m_wakesPending;
        if (wakeAnother)
            ++m_wakesPending;
        lock.unlock();
        if (wakeAnother)
            m_wake.notify_one();
        {
            const StorageExit::RunningJob running;
            job();
            job = nullptr; // release what the job holds before sleeping
        }
        StorageExit::jobEnded();
        lock.lock();
    }
}

} // namespace Gatehouse
