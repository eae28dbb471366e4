#include "webhooks/backoff.h"

#include <QtGlobal>

#include <algorithm>

namespace Gatehouse::Webhooks {

std::chrono::milliseconds Backoff::ceiling(int failures) const
{
    const int doublings = std::clamp(failures - 1, 0, 40);
    std::chrono::milliseconds wait = first;
    for (int i = 0; i < doublings && wait < cap; ++i)
        wait *= 2;
    return std::min(wait, cap);
}

std::chrono::milliseconds Backoff::wait(int failures, double random) const
{
    const double share = (1.0 + std::clamp(random, 0.0, 1.0)) / 2.0;
    return std::chrono::milliseconds(qint64(double(ceiling(failures).count()) * share));
}

} // namespace Gatehouse::Webhooks
