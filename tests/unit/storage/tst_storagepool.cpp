// StoragePool: SqlAdapter's storage threads.
#include "storage/storagepool.h"

#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <vector>

using namespace Gatehouse;
using namespace std::chrono_literals;

namespace {

//! Lets \a count threads through once all of them have arrived (or \a timeout passed).
class Rendezvous
{
public:
    explicit Rendezvous(int count) : m_count(count) {}
    bool arriveAndWait(std::chrono::milliseconds timeout)
    {
        std::unique_lock lock(m_mutex);
        if (++m_arrived == m_count)
            m_allThere.notify_all();
        return m_allThere.wait_for(lock, timeout, [this] { return m_arrived >= m_count; });
    }

private:
    const int m_count;
    int m_arrived = 0;
    std::mutex m_mutex;
    std::condition_variable m_allThere;
};

} // namespace

class TestStoragePool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneThreadRunsJobsInOrder()
    {
        std::mutex mutex;
        std::vector<int> order;
        std::set<QThread *> threads;
        QString threadName;
        {
            StoragePool pool(1, QStringLiteral("test-storage"));
            for (int i = 0; i < 1000; ++i) {
                pool.start([&, i] {
                    std::lock_guard lock(mutex);
                    order.push_back(i);
                    threads.insert(QThread::currentThread());
                    threadName = QThread::currentThread()->objectName();
                });
            }
        } // the destructor runs what is queued
        QCOMPARE(int(order.size()), 1000);
        for (int i = 0; i < 1000; ++i)
            QCOMPARE(order[size_t(i)], i);
        QCOMPARE(int(threads.size()), 1);
        QVERIFY(*threads.begin() != QThread::currentThread());  // (compared, never used: the thread has ended)
        QCOMPARE(threadName, QStringLiteral("test-storage"));
    }

    void slowJobsSpreadOverAllThreads()
    {
        // Four jobs that can only finish together: they must run at the same time. A burst
        // wakes one thread; that one must pass the rest on.
        StoragePool pool(4, QStringLiteral("test-storage"));
        Rendezvous rendezvous(4);
        std::atomic<int> met{0};
        for (int i = 0; i < 4; ++i)
            pool.start([&] {
                if (rendezvous.arriveAndWait(10s))
                    ++met;
            });
        QTRY_COMPARE_WITH_TIMEOUT(met.load(), 4, 15000);
        QCOMPARE(pool.threadCount(), 4);

        // Again, now that all four threads are idle and asleep.
        Rendezvous again(4);
        std::atomic<int> metAgain{0};
        for (int i = 0; i < 4; ++i)
            pool.start([&] {
                if (again.arriveAndWait(10s))
                    ++metAgain;
            });
        QTRY_COMPARE_WITH_TIMEOUT(metAgain.load(), 4, 15000);
        QCOMPARE(pool.threadCount(), 4);
    }

    void neverMoreThreadsThanAllowed()
    {
        std::atomic<int> running{0};
        std::atomic<int> most{0};
        std::atomic<int> done{0};
        {
            StoragePool pool(2, QStringLiteral("test-storage"));
            for (int i = 0; i < 40; ++i)
                pool.start([&] {
                    const int now = ++running;
                    int seen = most.load();
                    while (now > seen && !most.compare_exchange_weak(seen, now)) {}
                    QThread::msleep(2);
                    --running;
                    ++done;
                });
            QVERIFY(pool.threadCount() <= 2);
        }
        QCOMPARE(done.load(), 40);
        QCOMPARE(most.load(), 2);
    }

    void jobsMayStartJobs()
    {
        std::atomic<int> done{0};
        {
            StoragePool pool(2, QStringLiteral("test-storage"));
            pool.start([&] {
                for (int i = 0; i < 10; ++i)
                    pool.start([&] { ++done; });
                ++done;
            });
            QTRY_COMPARE(done.load(), 11);
        }
        QCOMPARE(done.load(), 11);
    }

    void destructorRunsQueuedJobs()
    {
        std::atomic<int> done{0};
        {
            StoragePool pool(1, QStringLiteral("test-storage"));
            pool.start([&] {
                QThread::msleep(50);
                ++done;
            });
            for (int i = 0; i < 100; ++i)
                pool.start([&] { ++done; });
        }
        QCOMPARE(done.load(), 101);
    }

    void unusedPoolHasNoThreads()
    {
        StoragePool pool(4, QStringLiteral("test-storage"));
        QCOMPARE(pool.threadCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestStoragePool)
#include "tst_storagepool.moc"
