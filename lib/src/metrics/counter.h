#pragma once
#include <atomic>
#include <cstdint>

namespace Gatehouse::Metrics {

//! A monotonic count: one relaxed atomic add per increment, no lock.
class Counter
{
public:
    struct Options {};
    static constexpr const char *kType = "counter";

    Counter() = default;
    explicit Counter(const Options &) {}

    void increment(std::uint64_t by = 1) { m_value.fetch_add(by, std::memory_order_relaxed); }
    std::uint64_t value() const { return m_value.load(std::memory_order_relaxed); }

private:
    std::atomic<std::uint64_t> m_value{0};
};

} // namespace Gatehouse::Metrics
