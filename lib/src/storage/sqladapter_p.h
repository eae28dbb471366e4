#pragma once
/*! \file sqladapter_p.h  SqlAdapter's thread pool, connections and row mapping. */
#include <gatehouse/adaptererror.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/storehealth.h>

#include "storage/logging.h"
#include "storage/sqlconnection.h"

#include "core/deliveryhome.h"
#include "storage/sessionlookups.h"
#include "storage/storagepool.h"

#include <QPromise>
#include <QThread>
#include <QThreadStorage>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace Gatehouse {

class SqlAdapterPrivate
{
public:
    explicit SqlAdapterPrivate(const SqlAdapterOptions &options);
    ~SqlAdapterPrivate();

    /*!
     * Runs \a work(connection) on a storage thread. When the connection turns out to be lost,
     * it is reopened and \a work runs once more. That is safe when the loss shows as the
     * statement is sent (the server never ran it, or rolled back the open transaction); a
     * statement whose reply was lost in flight may run twice, and the unique keys turn most
     * such repeats into a Conflict. A transaction the database aborted to break a deadlock
     * runs again, up to three times.
     */
    template<typename Work>
    auto run(const QString &method, Work work) -> QFuture<std::invoke_result_t<Work, SqlConnection &>>
    {
        // Not QtConcurrent::run: a waitForFinished() on its future may run the work in the
        // waiting thread, which must never own a connection.
        using T = std::invoke_result_t<Work, SqlConnection &>;
        auto promise = std::make_shared<QPromise<T>>();
        promise->start();
        QFuture<T> future = promise->future();
        // A serving thread gets its future finished in its own event loop (see DeliveryHome).
        pool.start([this, method, work = std::move(work), promise, home = DeliveryHome::current()]() {
            try {
                if constexpr (std::is_void_v<T>)
                    call(method, work);
                else
                    promise->addResult(call(method, work));
            } catch (const QException &error) {
                promise->setException(error);
            } catch (...) {
                promise->setException(std::current_exception());
            }
            if (home)
                home->deliver([promise] { promise->finish(); });
            else
                promise->finish();
        });
        return future;
    }

    /*!
     * getSessionAndUserState(): read at once on a serving thread where lookupHere() can, else
     * on a storage thread, where concurrent lookups share one query (see SessionLookups).
     */
    QFuture<std::optional<SessionAndUserState>> lookupSession(const QString &token)
    {
        if (std::optional<std::optional<SessionAndUserState>> found = lookupHere(token))
            return QtFuture::makeReadyFuture(std::move(*found));
        return m_sessionLookups.lookup(token);
    }

    //! Whether the calling thread is one of this adapter's storage threads.
    bool onStorageThread() const { return pool.isPoolThread(); }

    SqlAdapterOptions options;
    //! Whether the database answers; logs its outages (see StoreHealth).
    StoreHealth health;

private:
    //! Distinct tokens one query of m_sessionLookups answers at most.
    static constexpr int kMaxSessionBatch = 32;
    /*!
     * Session queries that have run this long, or the last one answered having taken this long,
     * make room for another one beside them (up to one per storage thread). Normally one runs at
     * a time: under load the lookups that arrive during a round trip form the next batch, which
     * tests/bench/database/README.md found the fastest. But a query that reads its pages from
     * disk takes milliseconds, and the disk could serve several at once (SLOW_READ_US there).
     */
    static constexpr std::chrono::milliseconds kSlowSessionBatch{10};

    /*!
     * attempt() \a work, unless the database is known to be unreachable and another call is
     * trying it already (then it fails at once); tells health how it went. \a calls: how many
     * callers wait for this work (a batch of session lookups answers several).
     */
    template<typename Work>
    auto call(const QString &method, const Work &work, qint64 calls = 1)
    {
        const StoreHealth::Admission admission = health.admit();
        if (!admission)
            throw AdapterError(AdapterError::Reason::Unavailable,
                               QStringLiteral("%1: the database is unreachable: %2").arg(method, health.status().reason));
        try {
            if constexpr (std::is_void_v<decltype(attempt(method, work))>) {
                attempt(method, work);
                health.succeeded(admission);
            } else {
                auto result = attempt(method, work);
                health.succeeded(admission);
                return result;
            }
        } catch (const SqlBusy &busy) {
            // There, but it cannot answer now: the caller may try again; the database is not down.
            health.succeeded(admission);
            throw AdapterError(AdapterError::Reason::Unavailable,
                               QStringLiteral("%1: the database cannot answer now: %2").arg(method, busy.detail), busy.detail);
        } catch (const AdapterError &error) {
            // Any other answer of the database (a conflict, a constraint, ...) shows it is there.
            if (error.reason() == AdapterError::Reason::Unavailable)
                health.failed(error.message(), calls);
            else
                health.succeeded(admission);
            throw;
        }
    }

    template<typename Work>
    auto attempt(const QString &method, const Work &work)
    {
        SqlConnection &c = connection();
        int lost = 0;
        int conflicts = 0;
        for (;;) {
            try {
                c.open();
                return work(c);
            } catch (const SqlConnectionLost &failure) {
                c.close();
                if (++lost == 2)
                    throw AdapterError(AdapterError::Reason::Unavailable,
                                       QStringLiteral("%1: the database connection was lost: %2").arg(method, failure.detail));
                // Not a warning: a reconnection that works is no news, and one that does not is
                // the outage health reports.
                qCDebug(lcStorage).noquote() << method << "lost its database connection; reconnecting:" << failure.detail;
            } catch (const SqlTransientConflict &failure) {
                if (++conflicts == 3)
                    throw AdapterError(AdapterError::Reason::Failed,
                                       QStringLiteral("%1: gave up after 3 deadlocks: %2").arg(method, failure.detail));
                qCDebug(lcStorage).noquote() << method << "ran into a deadlock; trying again:" << failure.detail;
            }
        }
    }

    SqlConnection &connection();
    static int maxThreads(const SqlAdapterOptions &options);

    /*!
     * The session with \a token read on the calling thread, or nullopt when it is not read here
     * and goes to a storage thread. Read here only on an SQLite file, on a serving thread (one
     * with a DeliveryHome), while the database answers (health) and no session lookup waits or
     * runs on a storage thread: a read of one row by its primary key, some ten microseconds,
     * is cheaper than handing it to a storage thread and its answer back. It reads the database
     * as a storage thread would (no cache: what another connection or another server committed
     * is seen at once), on a connection of its own that never waits for a lock: anything but an
     * answer (a lock, a file moved away, a missing table) goes to the storage thread, which
     * waits, reports and fails as every call does. A read that took kSlowReadHere or longer
     * and read pages from the file (not from the connection's cache: a disk, perhaps) sends the
     * reads of the next kReadHereBreak to the storage threads: a serving thread must not wait
     * for a disk while requests queue. (Time alone would not do: a thread preempted on a busy
     * machine, or run under valgrind, takes as long without waiting for anything.)
     */
    std::optional<std::optional<SessionAndUserState>> lookupHere(const QString &token);
    static constexpr std::chrono::milliseconds kSlowReadHere{5};
    static constexpr std::chrono::milliseconds kReadHereBreak{1000};

    QString m_connectionPrefix;
    //! What the connections know together of an SQLite file (see SqlConnection).
    SqliteFileState m_file;
    // Declared before the pool: the pool's threads end first, and each deletes its connection.
    QThreadStorage<SqlConnection *> m_connections;
    // Declared before the pool as well: its threads run the batches still scheduled when it ends.
    SessionLookups m_sessionLookups;
    //! lookupHere() reads at all (an SQLite file: a local read that never waits for a lock).
    const bool m_readsHere;
    /*!
     * lookupHere()'s connections, not in use: a serving thread takes one for a read and puts it
     * back (as many as serving threads read at once). SQLite lets a connection move between
     * threads; one serving thread uses it at a time (it reads through SQLite's own API; only
     * opening it, on first use and after a failed read, goes through Qt SQL).
     */
    std::mutex m_readersMutex;
    std::vector<std::unique_ptr<SqlConnection>> m_readers;
    int m_readersMade = 0;  //!< under m_readersMutex: names the next one
    //! lookupHere() reads again from then on (steady_clock ticks), after a slow read.
    std::atomic<std::chrono::steady_clock::rep> m_readHereFrom{0};
    StoragePool pool;
};

//! Reading rows and binding ids; SQL ids are integers, Gatehouse's are strings.
namespace SqlRows {

//! The integer id in \a id, or nullopt when it is none (such a record cannot exist).
std::optional<qint64> rowId(const QString &id);

//! \a text, or nullopt (bound as NULL) when it is empty.
std::optional<QString> nullIfEmpty(const QString &text);

//! The NotFound error of \a method for a user id that names no user.
AdapterError noSuchUser(const QString &method, const QString &userId);

extern const QString userColumns;          //!< id, name, email, "emailVerified", image
AdapterUser user(const SqlQuery &query, int first = 0);

//! \a search as a LIKE pattern (escape character '!') matching it anywhere, lower-cased.
QString containsPattern(const QString &search);

extern const QString sessionColumns;       //!< "sessionToken", "userId", expires
AdapterSession session(const SqlQuery &query, int first = 0);

//! The sessions of the distinct \a tokens with their users and the users' disabled flags, keyed
//! by token, in one query (prepared for a power of two of tokens, the last one repeated).
SessionLookups::Found sessionsAndUserStates(SqlConnection &connection, const QStringList &tokens,
                                            const QString &method);
//! sessionsAndUserStates() on SQLite, through SQLite's own API (SqlConnection::sqliteStatement()).
SessionLookups::Found sqliteSessionsAndUserStates(SqlConnection &connection, const QStringList &tokens,
                                                  const QString &method);

} // namespace SqlRows

} // namespace Gatehouse
