#include "core/timeformat.h"

#include <cstdio>
#include <ctime>

namespace Gatehouse {

QByteArray httpDate(qint64 secsSinceEpoch)
{
    static constexpr const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const std::time_t t = std::time_t(secsSinceEpoch);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[32];
    const int n = std::snprintf(buffer, sizeof buffer, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                                days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
                                tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    return QByteArray(buffer, n);
}

QString isoTimestamp(const QDateTime &when)
{
    const qint64 msecs = when.toMSecsSinceEpoch();
    const qint64 secs = msecs >= 0 ? msecs / 1000 : (msecs - 999) / 1000;
    const std::time_t t = std::time_t(secs);
    std::tm tm{};
    gmtime_r(&t, &tm);
    const int year = tm.tm_year + 1900;
    if (year < 0 || year > 9999)  // toISOString's six-digit years: rare enough for Qt to handle
        return when.toUTC().toString(Qt::ISODateWithMs);
    char buffer[32];
    const int n = std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year,
                                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                                int(msecs - secs * 1000));
    return QString::fromLatin1(buffer, n);
}

} // namespace Gatehouse
