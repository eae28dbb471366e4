#include "core/decimal.h"

namespace Gatehouse {

void appendDecimal(QByteArray &out, qint64 value)
{
    char digits[20];  // 2^63 has 19 digits
    char *end = digits + sizeof digits;
    char *d = end;
    // Negated as unsigned so that the smallest qint64 has a magnitude too.
    quint64 magnitude = value < 0 ? 0 - quint64(value) : quint64(value);
    do {
        *--d = char('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0)
        out += '-';
    out.append(d, end - d);
}

} // namespace Gatehouse
