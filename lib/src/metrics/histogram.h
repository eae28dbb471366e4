#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace Gatehouse::Metrics {

/*!
 * Observations counted into fixed buckets (upper bounds, ascending; +Inf is implied), with
 * their sum. One relaxed add per observation for the bucket and a compare-exchange for the sum;
 * the count is the buckets' total, so a scrape never sees _count differ from le="+Inf".
 */
class Histogram
{
public:
    struct Options
    {
        std::vector<double> bounds;
    };
    static constexpr const char *kType = "histogram";

    explicit Histogram(const Options &options);

    void observe(double value);

    struct Snapshot
    {
        std::vector<double> bounds;
        std::vector<std::uint64_t> cumulative;  //!< one per bound, then +Inf
        double sum = 0;
    };
    Snapshot snapshot() const;

    //! Seconds from 0.5 ms to 10 s: request, query and provider call durations.
    static std::vector<double> latencyBounds();

private:
    std::vector<double> m_bounds;
    std::unique_ptr<std::atomic<std::uint64_t>[]> m_buckets;  //!< not cumulative; last is +Inf
    std::atomic<double> m_sum{0};
};

} // namespace Gatehouse::Metrics
