#pragma once
/*! \file ratelimitwindow.h  The sliding-window counter behind RateLimitStore::hitRateLimit. */
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Gatehouse {

/*!
 * Counts attempts in fixed windows aligned to multiples of the window length and estimates the
 * sliding window from the current and the previous one: the previous window's count weighs by
 * the share of it that still lies inside the sliding window. One row of gatehouse_rate_limit.
 */
struct RateLimitWindow
{
    qint64 windowStart = 0;     //!< start of the current window, ms since the epoch
    qint64 count = 0;           //!< allowed attempts in the current window
    qint64 previousCount = 0;   //!< allowed attempts in the window before it

    //! Whether an attempt at \a nowMs would be allowed, without counting it.
    bool allows(qint64 nowMs, qint64 windowMs, int limit) const
    {
        RateLimitWindow copy = *this;
        return copy.hit(nowMs, windowMs, limit);
    }

    //! Moves the window to \a nowMs, then counts the attempt if it is allowed; says whether it is.
    bool hit(qint64 nowMs, qint64 windowMs, int limit)
    {
        const qint64 current = moveTo(nowMs, windowMs);
        const double stillInside = 1.0 - double(nowMs - current) / double(windowMs);
        const double estimate = double(previousCount) * stillInside + double(count);
        if (estimate + 1.0 > double(limit))
            return false;
        ++count;
        return true;
    }

    /*!
     * Moves the window to \a nowMs, then takes back one attempt counted by hit(): the newest
     * window's if it has one, else the previous window's (the attempt was counted just before
     * the window moved on). Nothing when neither window holds one.
     */
    void refund(qint64 nowMs, qint64 windowMs)
    {
        moveTo(nowMs, windowMs);
        if (count > 0)
            --count;
        else if (previousCount > 0)
            --previousCount;
    }

    /*!
     * The first time from \a nowMs on at which hit() allows an attempt: where the estimate
     * falls to \a limit - 1. Once the current window is full that is in the next one, where
     * this window's count is the previous one.
     */
    qint64 allowedFrom(qint64 nowMs, qint64 windowMs, int limit) const
    {
        if (limit <= 0 || windowMs <= 0)
            return std::numeric_limits<qint64>::max();
        RateLimitWindow moved = *this;
        const qint64 current = moved.moveTo(nowMs, windowMs);
        const double room = double(limit) - 1.0;
        if (double(moved.count) <= room) {
            if (moved.previousCount == 0)
                return nowMs;
            const double share = 1.0 - (room - double(moved.count)) / double(moved.previousCount);
            return std::max(nowMs, current + qint64(std::ceil(share * double(windowMs))));
        }
        const double share = 1.0 - room / double(moved.count);
        return current + windowMs + qint64(std::ceil(share * double(windowMs)));
    }

private:
    //! Starts the window that holds \a nowMs if it is not the current one; returns its start.
    qint64 moveTo(qint64 nowMs, qint64 windowMs)
    {
        const qint64 current = nowMs - nowMs % windowMs;
        if (windowStart != current) {
            previousCount = windowStart == current - windowMs ? count : 0;
            count = 0;
            windowStart = current;
        }
        return current;
    }
};

} // namespace Gatehouse
