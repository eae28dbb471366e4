#pragma once
#include <atomic>
#include <cstdint>

namespace Gatehouse::Metrics {

//! A value that goes up and down (open connections, a flag): relaxed atomics, no lock.
class Gauge
{
public:
    struct Options {};
    static constexpr const char *kType = "gauge";

    Gauge() = default;
    explicit Gauge(const Options &) {}

    void add(std::int64_t by) { m_value.fetch_add(by, std::memory_order_relaxed); }
    void set(std::int64_t value) { m_value.store(value, std::memory_order_relaxed); }
    std::int64_t value() const { return m_value.load(std::memory_order_relaxed); }

private:
    std::atomic<std::int64_t> m_value{0};
};

} // namespace Gatehouse::Metrics
