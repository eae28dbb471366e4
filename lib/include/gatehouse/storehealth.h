#pragma once
/*! \file storehealth.h  Whether a store can be reached now, and the operator's log of its outages. */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace Gatehouse {

//! What a StoreHealth knows at one moment (a copy: it does not follow later calls).
struct GATEHOUSE_EXPORT StoreStatus
{
    bool reachable = true;   //!< false from a call that could not reach the store until one that did
    QDateTime since;         //!< UTC: when it last became unreachable, or reachable again; invalid: never failed
    QString reason;          //!< while unreachable: why the latest call failed
    qint64 failedCalls = 0;  //!< while unreachable: the calls that failed since it became so
};

class StoreHealthPrivate;

/*!
 * Whether a store (a database) can be reached, learnt from the outcome of the calls made to it,
 * and the operator's log of its outages, in the \c gatehouse.storage category: one warning when
 * the store becomes unreachable (with the reason), at most one summary warning a minute while it
 * stays so, and one line when it is back (how long it was down, how many calls failed
 * meanwhile) — never a line per call.
 *
 * While the store is unreachable, a caller asks admit() before it tries the store: one call at
 * a time tries (a probe), the others fail at once, so a store that takes a connect timeout to
 * fail does not hold up every request behind it. The first call that reaches it again ends the
 * outage. SqlAdapter keeps one (SqlAdapter::health()); another adapter may keep its own.
 * Thread-safe.
 *
 * \code
 * const StoreHealth::Admission admission = health.admit();
 * if (!admission)
 *     throw AdapterError(AdapterError::Reason::Unavailable, health.status().reason);
 * try {
 *     ... the call ...
 *     health.succeeded(admission);
 * } catch (const AdapterError &e) {
 *     e.reason() == AdapterError::Reason::Unavailable ? health.failed(e.message()) : health.succeeded(admission);
 *     throw;
 * }
 * \endcode
 */
class GATEHOUSE_EXPORT StoreHealth
{
public:
    using Clock = std::chrono::steady_clock;
    //! The time now; tests pass their own.
    using Now = std::function<Clock::time_point()>;
    //! Receives each log line (\a warning: the store went or stays down); tests pass their own.
    using Log = std::function<void(bool warning, const QString &line)>;

    //! \a storeName names the store in the log lines (e.g. a database URL without its password).
    explicit StoreHealth(QString storeName, Now now = Clock::now, Log log = {});
    ~StoreHealth();
    StoreHealth(const StoreHealth &) = delete;
    StoreHealth &operator=(const StoreHealth &) = delete;

    //! Whether a call may try the store, and in which outage it was let in (for succeeded()).
    struct Admission
    {
        bool admitted = true;
        quint64 outages = 0;  //!< how many outages had begun when it was let in
        explicit operator bool() const { return admitted; }
    };

    /*!
     * Whether a call should try the store now: always while it is reachable; while it is not,
     * for one call at a time (the probe; another may probe once the probe has run for 30 s).
     * A call refused here is counted as failed already: fail it with AdapterError
     * Reason::Unavailable (status().reason says why) without calling failed().
     */
    Admission admit();
    /*!
     * The call let in by \a admission reached the store (whatever it answered, an error of
     * the data included). A call let in before the current outage began does not end it: it
     * may have been answered just before the store went.
     */
    void succeeded(const Admission &admission);
    //! A call reached the store now (for callers that do not ask admit()).
    void succeeded();
    //! \a calls calls could not reach the store, because of \a reason.
    void failed(const QString &reason, qint64 calls = 1);

    bool isReachable() const;
    StoreStatus status() const;

    //! How often a summary line may be written while the store stays unreachable.
    static constexpr std::chrono::seconds summaryInterval{60};

private:
    std::unique_ptr<StoreHealthPrivate> d;
};

} // namespace Gatehouse
