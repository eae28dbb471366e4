#include "metrics/registry.h"

#include "metrics/collectable.h"
#include "metrics/expositionwriter.h"

namespace Gatehouse::Metrics {

void Registry::add(const Collectable *collectable)
{
    add([collectable](ExpositionWriter &writer) { collectable->collect(writer); });
}

void Registry::add(std::function<void(ExpositionWriter &)> collector)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_collectors.push_back(std::move(collector));
}

QByteArray Registry::exposition() const
{
    ExpositionWriter writer;
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto &collect : m_collectors)
        collect(writer);
    return writer.text();
}

} // namespace Gatehouse::Metrics
