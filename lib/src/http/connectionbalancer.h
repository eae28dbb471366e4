#pragma once
#include <QAtomicInt>
#include <QAtomicPointer>

#include <memory>

namespace Gatehouse {

class HttpWorker;

/*!
 * Keeps the connections of an HttpServerPool evenly spread over its threads.
 *
 * The kernel hands each new connection to one of the pool's SO_REUSEPORT sockets by a hash of
 * its addresses, which leaves the threads unevenly loaded: 50 connections over 2 threads are
 * often split 30 to 20, and the busier thread's clients wait longer. The thread that accepts a
 * connection asks assign() where it goes: to itself unless another thread serves fewer.
 *
 * A thread's load counts the connections assigned to it that have not been released, including
 * those still on their way to it. Thread-safe; counts are read without locking, so two threads
 * that decide at the same moment may both pick the same target (off by one, never wrong).
 */
class ConnectionBalancer
{
public:
    explicit ConnectionBalancer(int threads);
    ~ConnectionBalancer();

    //! Makes \a worker, serving thread \a index, a possible target.
    void attach(int index, HttpWorker *worker);
    //! Forgets thread \a index: no more connections go there.
    void detach(int index);

    struct Assignment
    {
        int index;
        HttpWorker *worker;
    };
    /*!
     * Where a connection accepted by thread \a accepting goes: the attached thread with the
     * fewest connections, \a accepting itself on a tie. Counts the connection there.
     */
    Assignment assign(int accepting);
    //! A connection assigned to thread \a index has ended.
    void release(int index);
    //! Connections assigned to thread \a index and not released.
    int load(int index) const;

private:
    struct Slot
    {
        QAtomicPointer<HttpWorker> worker;
        QAtomicInt load;
    };
    const int m_count;
    const std::unique_ptr<Slot[]> m_slots;
};

} // namespace Gatehouse
