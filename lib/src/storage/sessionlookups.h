#pragma once
#include <gatehouse/gatehousestore.h>

#include <QFuture>
#include <QHash>
#include <QPromise>
#include <QStringList>

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
 * At most one batch waits for a storage thread at any time, and at most maxRunning batches run
 * at once: lookups that arrive meanwhile gather for the next one. Fewer batches in flight mean
 * larger ones (fewer round trips, less work for the database) at the price of a lookup waiting
 * for one round trip more under load. Thread-safe.
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

    //! A batch answers at most \a maxBatch distinct tokens; at most \a maxRunning batches run at once.
    SessionLookups(Schedule schedule, Query query, int maxBatch, int maxRunning);
    ~SessionLookups();

    SessionLookups(const SessionLookups &) = delete;
    SessionLookups &operator=(const SessionLookups &) = delete;

    //! The session with \a token, finished through the calling thread's DeliveryHome if it has one.
    QFuture<std::optional<SessionAndUserState>> lookup(const QString &token);

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
    std::mutex m_mutex;
    std::deque<Waiting> m_waiting;
    bool m_batchScheduled = false;  //!< a batch job is queued and has not taken its lookups yet
    int m_running = 0;              //!< batches that took their lookups and are not answered yet
};

} // namespace Gatehouse
