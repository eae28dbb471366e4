#pragma once
#include <QByteArray>

#include <functional>
#include <mutex>
#include <vector>

namespace Gatehouse::Metrics {

class Collectable;
class ExpositionWriter;

/*!
 * The families one /metrics page shows, in the order they were added. Collectables are not
 * owned and must outlive the registry's scrapes. Thread-safe.
 */
class Registry
{
public:
    void add(const Collectable *collectable);
    //! A family computed at scrape time (process metrics, build info).
    void add(std::function<void(ExpositionWriter &)> collector);

    //! Every family in the text exposition format 0.0.4.
    QByteArray exposition() const;

private:
    mutable std::mutex m_mutex;
    std::vector<std::function<void(ExpositionWriter &)>> m_collectors;
};

} // namespace Gatehouse::Metrics
