#pragma once
/*! \file readiness.h  Whether the server can serve now: what GET /readyz answers. */
#include <QElapsedTimer>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace Gatehouse {

//! The outcome of one named check ("database", "schema").
struct ReadinessOutcome
{
    QString check;
    bool ok = false;
    QString reason;   //!< why it failed; empty when ok. Public: never a host name or a query.
};

//! Every check's outcome at one moment.
struct ReadinessReport
{
    QList<ReadinessOutcome> outcomes;
    bool ready() const;
};

/*!
 * One thing /readyz depends on. run() is called on the Readiness object's thread and reports
 * its outcomes on that thread through \a done, exactly once, for every name of checks().
 */
class ReadinessCheck
{
public:
    virtual ~ReadinessCheck() = default;
    //! The names of the outcomes run() reports, in order.
    virtual QStringList checks() const = 0;
    virtual void run(std::function<void(QList<ReadinessOutcome>)> done) = 0;
};

/*!
 * Runs the checks on demand and remembers the report for a short while, so that a probe costs
 * no database round-trip when another came less than maxAge before, and a burst of probes
 * shares one run. A check that has not answered within the timeout fails as "no answer"; it is
 * not started again until it answers. Changes are logged once (not ready, with the reason;
 * ready again), not on every probe.
 *
 * whenKnown() may be called from any thread; the checks run on the thread that created the
 * Readiness (the main thread), whose event loop must run.
 */
class Readiness : public QObject
{
    Q_OBJECT

public:
    explicit Readiness(QObject *parent = nullptr);
    ~Readiness() override;

    //! Adds a check; call before the first whenKnown().
    void addCheck(std::unique_ptr<ReadinessCheck> check);
    //! How long a report is answered from memory (default 1000 ms).
    void setMaxAge(int milliseconds) { m_maxAgeMs = milliseconds; }
    //! How long a run waits for a check (default 1000 ms).
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }

    /*!
     * Calls \a answer with a report no older than maxAge: at once (on the calling thread) when
     * there is one, otherwise on the Readiness thread when the next run ends, within the timeout.
     */
    void whenKnown(std::function<void(const ReadinessReport &)> answer);

private:
    struct Slot
    {
        std::unique_ptr<ReadinessCheck> check;
        bool inFlight = false;
        QList<ReadinessOutcome> outcomes;      //!< of this round; empty until it answers
    };

    void runChecks();
    void checkAnswered(std::size_t index, quint64 round, QList<ReadinessOutcome> outcomes);
    void finishRound(quint64 round);
    void logChange(const ReadinessReport &report);

    std::vector<Slot> m_slots;
    int m_maxAgeMs = 1000;
    int m_timeoutMs = 1000;
    quint64 m_round = 0;            //!< the latest run (Readiness thread only)
    bool m_roundOpen = false;       //!< m_round has not reported yet
    QString m_lastLogged;           //!< the failures last logged; empty: ready

    QMutex m_mutex;                 //!< guards what follows
    std::optional<ReadinessReport> m_report;
    QElapsedTimer m_reportAge;
    bool m_running = false;
    std::vector<std::function<void(const ReadinessReport &)>> m_waiting;
};

} // namespace Gatehouse
