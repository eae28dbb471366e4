#pragma once
/*!
 * \file backoff.h  When a failed delivery is tried again: twice as long after each failure of the
 * same event (from \c first), at most \c cap, each wait drawn between half and all of that, so
 * that servers and webhooks that failed together do not all come back at the same moment.
 */
#include <chrono>

namespace Gatehouse::Webhooks {

struct Backoff
{
    std::chrono::milliseconds first{std::chrono::seconds(2)};
    std::chrono::milliseconds cap{std::chrono::minutes(10)};

    //! The ceiling of the wait after \a failures failures (1 or more): first·2^(failures−1), at most cap.
    std::chrono::milliseconds ceiling(int failures) const;
    //! The wait after \a failures failures, \a random in [0, 1): ceiling·(1 + random)/2.
    std::chrono::milliseconds wait(int failures, double random) const;
};

} // namespace Gatehouse::Webhooks
