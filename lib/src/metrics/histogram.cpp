#include "metrics/histogram.h"

#include <algorithm>

namespace Gatehouse::Metrics {

Histogram::Histogram(const Options &options)
    : m_bounds(options.bounds),
      m_buckets(new std::atomic<std::uint64_t>[options.bounds.size() + 1])
{
    for (std::size_t i = 0; i <= m_bounds.size(); ++i)
        m_buckets[i].store(0, std::memory_order_relaxed);
}

void Histogram::observe(double value)
{
    // le is "less than or equal": the first bound not below the value.
    const auto bucket = std::lower_bound(m_bounds.begin(), m_bounds.end(), value) - m_bounds.begin();
    m_buckets[std::size_t(bucket)].fetch_add(1, std::memory_order_relaxed);
    double sum = m_sum.load(std::memory_order_relaxed);
    while (!m_sum.compare_exchange_weak(sum, sum + value, std::memory_order_relaxed)) {
    }
}

Histogram::Snapshot Histogram::snapshot() const
{
    Snapshot s;
    s.bounds = m_bounds;
    s.cumulative.reserve(m_bounds.size() + 1);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i <= m_bounds.size(); ++i) {
        total += m_buckets[i].load(std::memory_order_relaxed);
        s.cumulative.push_back(total);
    }
    s.sum = m_sum.load(std::memory_order_relaxed);
    return s;
}

std::vector<double> Histogram::latencyBounds()
{
    return {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

} // namespace Gatehouse::Metrics
