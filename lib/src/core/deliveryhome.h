#pragma once
#include <QMutex>
#include <QObject>

#include <functional>
#include <memory>
#include <vector>

namespace Gatehouse {

/*!
 * Where a store finishes the futures it hands to a serving thread.
 *
 * Qt 6.4 runs a continuation twice (the second time on a moved-from promise: a crash) when
 * QFuture::then() attaches it on one thread while another thread is finishing the future:
 * QFutureInterfaceBase::setContinuation() runs it at once *and* stores it, and the finishing
 * thread's runContinuation() then runs the stored copy again. Finishing every storage future
 * on the thread that attaches the continuations closes that window. An HttpWorker thread,
 * which never blocks on a future, registers itself as its own home; SqlAdapter then sets the
 * results on a storage thread and finishes the future through the home's event loop.
 * Threads without a home (a host application's threads, tests that wait on futures) keep
 * the plain behaviour: the storage thread finishes the future.
 *
 * Deliveries that arrive while earlier ones wait are run by the same posted event: under load
 * the home thread is woken once for a batch of finished futures, not once per future.
 */
class DeliveryHome : public std::enable_shared_from_this<DeliveryHome>
{
public:
    /*!
     * \a context lives in the home thread and outlives every call of deliver() but close().
     * Make the home with std::make_shared: its posted event finds it through a weak pointer.
     */
    explicit DeliveryHome(QObject *context);

    /*!
     * The home thread is going away: from now on deliver() finishes in the calling thread.
     * Deliveries still waiting are dropped, and the promises they hold finish as cancelled.
     */
    void close();

    //! Runs \a finish in the home thread's event loop, or in place once closed.
    void deliver(std::function<void()> finish);

    //! Makes \a home the home of the calling thread (null: none).
    static void setCurrent(std::shared_ptr<DeliveryHome> home);
    //! The calling thread's home; null when it has none.
    static std::shared_ptr<DeliveryHome> current();

private:
    void runWaiting();

    QMutex m_mutex;
    QObject *m_context;
    std::vector<std::function<void()>> m_waiting;  //!< deliveries the posted event will run

};

} // namespace Gatehouse
