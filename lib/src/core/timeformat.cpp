#include "core/timeformat.h"

#include <cstdio>
#include <ctime>

namespace Gatehouse {

namespace {

//! Writes \a value as \a count decimal digits (zero-padded) at \a d and moves \a d past them.
template<typename Char>
void putDigits(Char *&d, int value, int count)
{
    for (int i = count - 1; i >= 0; --i, value /= 10)
        d[i] = Char('0' + value % 10);
    d += count;
}

} // namespace

QByteArray httpDate(qint64 secsSinceEpoch)
{
    static constexpr const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const std::time_t t = std::time_t(secsSinceEpoch);
    std::tm tm{};
    gmtime_r(&t, &tm);
    const int year = tm.tm_year + 1900;
    if (year < 0 || year > 9999) {
        char buffer[48];
        const int n = std::snprintf(buffer, sizeof buffer, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                                    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon], year,
                                    tm.tm_hour, tm.tm_min, tm.tm_sec);
        return QByteArray(buffer, n);
    }
    // The usual years, without printf: the date goes into every session response twice.
    QByteArray out(29, Qt::Uninitialized);
    char *d = out.data();
    const auto put = [&d](const char *text, int size) {
        for (int i = 0; i < size; ++i)
            *d++ = text[i];
    };
    put(days[tm.tm_wday], 3);
    put(", ", 2);
    putDigits(d, tm.tm_mday, 2);
    *d++ = ' ';
    put(months[tm.tm_mon], 3);
    *d++ = ' ';
    putDigits(d, year, 4);
    *d++ = ' ';
    putDigits(d, tm.tm_hour, 2);
    *d++ = ':';
    putDigits(d, tm.tm_min, 2);
    *d++ = ':';
    putDigits(d, tm.tm_sec, 2);
    put(" GMT", 4);
    Q_ASSERT(d == out.constData() + out.size());
    return out;
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
    // Formatted by hand: every session response carries one.
    QString out(24, Qt::Uninitialized);
    char16_t *d = reinterpret_cast<char16_t *>(out.data());
    putDigits(d, year, 4);
    *d++ = u'-';
    putDigits(d, tm.tm_mon + 1, 2);
    *d++ = u'-';
    putDigits(d, tm.tm_mday, 2);
    *d++ = u'T';
    putDigits(d, tm.tm_hour, 2);
    *d++ = u':';
    putDigits(d, tm.tm_min, 2);
    *d++ = u':';
    putDigits(d, tm.tm_sec, 2);
    *d++ = u'.';
    putDigits(d, int(msecs - secs * 1000), 3);
    *d++ = u'Z';
    Q_ASSERT(d == reinterpret_cast<const char16_t *>(out.constData()) + out.size());
    return out;
}

} // namespace Gatehouse
