#pragma once
#include <gatehouse/gatehousestore.h>

#include <QFuture>
#include <QHash>
#include <QPromise>
#include <QStringList>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace Gatehouse {

class DeliveryHome;

/*!
 * Coalesces the concurrent session lookups of one store: lookups that start while an earlier
 * batch is being answered wait together, and the next free storage thread answers all of them
 * with one query. A lookup that finds nothing waiting starts a batch of its own at once, so an
 * idle server answers as quickly as before; under load, GET /session with a database session
 * costs one database round trip per batch instead of one per request. Lookups of the same
 * token in one batch share its answer.
 *
 * At most one batch waits for a storage thread at any time. Normally one batch runs at a time:
 * lookups that arrive meanwhile gather for the next one. Fewer batches in flight mean larger ones
 * (fewer round trips, less work for the database) at the price of a lookup waiting for one round
 * trip more under load. When the database is slow to answer (its pages are on disk, not in
 * memory), one batch at a time would leave the disk idle but for one read. So batches run beside
 * each other, up to maxRunning at once, while the batch answered last took slowAfter or longer,
 * and when every running batch has run that long: then a lookup that arrives starts another
 * batch. Thread-safe.
 */
class SessionLookups
{
public:
    using Found = QHash<QString, SessionAndUserState>;
    //! Schedules a job on a storage thread.
    using Schedule = std::function<void(std::function<void()>)>;
    /*!
     * Runs on a storage thread: the sessions (with their users) of the given distinct tokens,
     * keyed by token; absent tokens have no entry. May throw; every lookup of the batch then
     * fails with that error.
     */
    using Query = std::function<Found(const QStringList &tokens)>;
    using Clock = std::chrono::steady_clock;
    //! The time now; tests pass their own.
    using Now = std::function<Clock::time_point()>;

    /*!
     * A batch answers at most \a maxBatch distinct tokens. A second batch (up to \a maxRunning)
     * starts only when the running ones have run for \a slowAfter.
     */
    SessionLookups(Schedule schedule, Query query, int maxBatch, int maxRunning,
                   std::chrono::milliseconds slowAfter, Now now = Clock::now);
    ~SessionLookups();

    SessionLookups(const SessionLookups &) = delete;
    SessionLookups &operator=(const SessionLookups &) = delete;

    //! The session with \a token, finished through the calling thread's DeliveryHome if it has one.
    QFuture<std::optional<SessionAndUserState>> lookup(const QString &token);

    /*!
     * Whether no lookup waits and no batch is scheduled or running: the database answered every
     * lookup so far, and nothing would share a query with one more.
     */
    bool idle();

private:
    struct Waiting
    {
        QString token;
        std::shared_ptr<QPromise<std::optional<SessionAndUserState>>> promise;
        std::shared_ptr<DeliveryHome> home;
    };

    void answerBatch();
    //! Whether another batch should be scheduled now; marks it scheduled. Call with m_mutex held.
    bool takeScheduleTurn();

    const Schedule m_schedule;
    const Query m_query;
    const int m_maxBatch;
    const int m_maxRunning;
    const std::chrono::milliseconds m_slowAfter;
    const Now m_now;
    std::mutex m_mutex;
    std::deque<Waiting> m_waiting;
    bool m_batchScheduled = false;  //!< a batch job is queued and has not taken its lookups yet
    int m_running = 0;              //!< batches that took their lookups and are not answered yet
    Clock::time_point m_lastStart;  //!< when the latest of the running batches took its lookups
    bool m_slow = false;            //!< the batch answered last had run for slowAfter or longer
};

} // namespace Gatehouse
