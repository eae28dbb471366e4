#include "core/jsonnumber.h"

#include <cmath>

namespace Gatehouse {

namespace {

constexpr double MaxSafeInteger = 9007199254740991.0; // 2^53 − 1

std::optional<qint64> safe(double d)
{
    if (!(std::fabs(d) <= MaxSafeInteger)) // also false for NaN
        return std::nullopt;
    return qint64(d);
}

} // namespace

std::optional<qint64> jsonInteger(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (d != std::trunc(d))
        return std::nullopt;
    return safe(d);
}

std::optional<qint64> jsonSeconds(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    return safe(std::trunc(value.toDouble()));
}

} // namespace Gatehouse
