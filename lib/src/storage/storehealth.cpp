#include <gatehouse/storehealth.h>

#include "storage/logging.h"

#include <mutex>

namespace Gatehouse {

namespace {

//! A probe that has run this long no longer keeps other calls from probing.
constexpr std::chrono::seconds kProbeTimeout{30};

QString seconds(StoreHealth::Clock::duration duration)
{
    const double s = std::chrono::duration_cast<std::chrono::milliseconds>(duration).count() / 1000.0;
    return QString::number(s, 'f', s < 10 ? 1 : 0) + QStringLiteral(" s");
}

void writeToCategory(bool warning, const QString &line)
{
    if (warning)
        qCWarning(lcStorage).noquote() << line;
    else
        qCInfo(lcStorage).noquote() << line;
}

} // namespace

class StoreHealthPrivate
{
public:
    using Clock = StoreHealth::Clock;

    const QString name;
    const StoreHealth::Now now;
    const StoreHealth::Log log;

    mutable std::mutex mutex;
    bool reachable = true;
    QDateTime since;
    QString reason;
    Clock::time_point downSince;
    qint64 failedCalls = 0;
    Clock::time_point lastLine;        //!< when the outage was last written about
    qint64 failedAtLastLine = 0;
    bool probing = false;
    Clock::time_point probeStarted;
    quint64 outages = 0;               //!< outages begun so far

    //! The summary line, when one is due (call with the mutex held); empty otherwise.
    QString summaryIfDue(Clock::time_point at)
    {
        if (at - lastLine < StoreHealth::summaryInterval)
            return {};
        const QString line = QStringLiteral("%1 is still unreachable after %2: %3 calls failed in the last %4 (%5 in all); "
                                            "latest error: %6")
                                 .arg(name, seconds(at - downSince))
                                 .arg(failedCalls - failedAtLastLine)
                                 .arg(seconds(at - lastLine))
                                 .arg(failedCalls)
                                 .arg(reason);
        lastLine = at;
        failedAtLastLine = failedCalls;
        return line;
    }
};

StoreHealth::StoreHealth(QString storeName, Now now, Log log)
    : d(new StoreHealthPrivate{std::move(storeName), std::move(now), log ? std::move(log) : Log(writeToCategory)})
{
}

StoreHealth::~StoreHealth() = default;

StoreHealth::Admission StoreHealth::admit()
{
    QString line;
    Admission admission;
    {
        std::lock_guard lock(d->mutex);
        admission.outages = d->outages;
        if (d->reachable)
            return admission;
        const Clock::time_point at = d->now();
        if (!d->probing || at - d->probeStarted >= kProbeTimeout) {
            d->probing = true;
            d->probeStarted = at;
        } else {
            admission.admitted = false;
            ++d->failedCalls;
        }
        line = d->summaryIfDue(at);
    }
    if (!line.isEmpty())
        d->log(true, line);
    return admission;
}

void StoreHealth::succeeded()
{
    Admission now;
    {
        std::lock_guard lock(d->mutex);
        now.outages = d->outages;
    }
    succeeded(now);
}

void StoreHealth::succeeded(const Admission &admission)
{
    QString line;
    {
        std::lock_guard lock(d->mutex);
        if (d->reachable || admission.outages != d->outages)
            return;
        d->probing = false;
        const Clock::time_point at = d->now();
        line = QStringLiteral("%1 is reachable again after %2 down; %3 calls failed meanwhile")
                   .arg(d->name, seconds(at - d->downSince))
                   .arg(d->failedCalls);
        d->reachable = true;
        d->since = QDateTime::currentDateTimeUtc();
        d->reason.clear();
        d->failedCalls = 0;
    }
    d->log(false, line);
}

void StoreHealth::failed(const QString &reason, qint64 calls)
{
    QString line;
    {
        std::lock_guard lock(d->mutex);
        d->probing = false;
        const Clock::time_point at = d->now();
        d->reason = reason.simplified();  // drivers write several lines
        d->failedCalls += calls;
        if (d->reachable) {
            d->reachable = false;
            ++d->outages;
            d->since = QDateTime::currentDateTimeUtc();
            d->downSince = at;
            d->lastLine = at;
            d->failedAtLastLine = d->failedCalls;
            line = QStringLiteral("%1 is unreachable: %2. Requests that need it fail until it is back (a line "
                                  "will say so; at most one a minute until then)")
                       .arg(d->name, d->reason);
        } else {
            line = d->summaryIfDue(at);
        }
    }
    if (!line.isEmpty())
        d->log(true, line);
}

bool StoreHealth::isReachable() const
{
    std::lock_guard lock(d->mutex);
    return d->reachable;
}

StoreStatus StoreHealth::status() const
{
    std::lock_guard lock(d->mutex);
    return StoreStatus{d->reachable, d->since, d->reason, d->failedCalls};
}

} // namespace Gatehouse
