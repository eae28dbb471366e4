#include "operations/readiness.h"

#include "logging.h"

#include <QLoggingCategory>
#include <QMutexLocker>
#include <QTimer>

#include <algorithm>

namespace Gatehouse {

bool ReadinessReport::ready() const
{
    return std::all_of(outcomes.cbegin(), outcomes.cend(), [](const ReadinessOutcome &o) { return o.ok; });
}

Readiness::Readiness(QObject *parent) : QObject(parent) {}

Readiness::~Readiness() = default;

void Readiness::addCheck(std::unique_ptr<ReadinessCheck> check)
{
    Slot slot;
    slot.check = std::move(check);
    m_slots.push_back(std::move(slot));
}

void Readiness::whenKnown(std::function<void(const ReadinessReport &)> answer)
{
    QMutexLocker lock(&m_mutex);
    if (m_report && m_reportAge.isValid() && m_reportAge.elapsed() < m_maxAgeMs) {
        const ReadinessReport report = *m_report;
        lock.unlock();
        answer(report);
        return;
    }
    m_waiting.push_back(std::move(answer));
    if (m_running)
        return;
    m_running = true;
    QMetaObject::invokeMethod(this, &Readiness::runChecks, Qt::QueuedConnection);
}

void Readiness::runChecks()
{
    const quint64 round = ++m_round;
    m_roundOpen = true;
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        Slot &slot = m_slots[i];
        slot.outcomes.clear();
        if (slot.inFlight)
            continue;   // still waiting for an earlier run: its answer counts for this round
        slot.inFlight = true;
        slot.check->run([this, i, round](QList<ReadinessOutcome> outcomes) {
            checkAnswered(i, round, std::move(outcomes));
        });
    }
    QTimer::singleShot(m_timeoutMs, this, [this, round] { finishRound(round); });
    if (std::none_of(m_slots.cbegin(), m_slots.cend(), [](const Slot &s) { return s.inFlight; }))
        finishRound(round);
}

void Readiness::checkAnswered(std::size_t index, quint64 round, QList<ReadinessOutcome> outcomes)
{
    Q_UNUSED(round);   // an answer after its round timed out counts for the round under way
    Slot &slot = m_slots[index];
    slot.inFlight = false;
    slot.outcomes = std::move(outcomes);
    const bool allAnswered = std::none_of(m_slots.cbegin(), m_slots.cend(), [](const Slot &s) {
        return s.inFlight || s.outcomes.isEmpty();
    });
    if (m_roundOpen && allAnswered)
        finishRound(m_round);
}

void Readiness::finishRound(quint64 round)
{
    if (!m_roundOpen || round != m_round)
        return;
    m_roundOpen = false;   // a later answer or the timer of this round finishes nothing more
    ReadinessReport report;
    for (const Slot &slot : m_slots) {
        if (!slot.outcomes.isEmpty()) {
            report.outcomes += slot.outcomes;
            continue;
        }
        const QString reason = QStringLiteral("no answer within %1 ms").arg(m_timeoutMs);
        for (const QString &name : slot.check->checks())
            report.outcomes.append({name, false, reason});
    }
    logChange(report);

    std::vector<std::function<void(const ReadinessReport &)>> waiting;
    {
        const QMutexLocker lock(&m_mutex);
        m_report = report;
        m_reportAge.start();
        m_running = false;
        waiting.swap(m_waiting);
    }
    for (const auto &answer : waiting)
        answer(report);
}

void Readiness::logChange(const ReadinessReport &report)
{
    QStringList failures;
    for (const ReadinessOutcome &outcome : report.outcomes) {
        if (!outcome.ok)
            failures << outcome.check + QStringLiteral(": ") + outcome.reason;
    }
    const QString now = failures.join(QStringLiteral("; "));
    if (now == m_lastLogged)
        return;
    if (now.isEmpty())
        qCInfo(lcServer) << "readiness: ready again";
    else
        qCWarning(lcServer).noquote() << "readiness: not ready:" << now;
    m_lastLogged = now;
}

} // namespace Gatehouse
