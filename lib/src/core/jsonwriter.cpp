#include "core/jsonwriter.h"

#include "core/decimal.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace Gatehouse {

namespace {

char hexDigit(uint value)
{
    return value < 10 ? char('0' + value) : char('a' + value - 10);
}

void writeString(QByteArray &out, QStringView text)
{
    // As JSON.stringify (and QJsonDocument): quote, backslash and control characters escaped,
    // a lone surrogate as \uXXXX, everything else UTF-8. One pass into room for the worst case.
    const qsizetype at = out.size();
    out.resize(at + 2 + 6 * text.size());  // at most 6 bytes per UTF-16 unit
    char *d = out.data() + at;
    *d++ = '"';
    const char16_t *src = text.utf16();
    const char16_t *const end = src + text.size();
    while (src != end) {
        const char16_t u = *src++;
        if (u >= 0x20 && u < 0x80 && u != u'"' && u != u'\\') {
            *d++ = char(u);
        } else if (u < 0x80) {
            *d++ = '\\';
            switch (u) {
            case u'"': *d++ = '"'; break;
            case u'\\': *d++ = '\\'; break;
            case 0x08: *d++ = 'b'; break;
            case 0x0c: *d++ = 'f'; break;
            case 0x0a: *d++ = 'n'; break;
            case 0x0d: *d++ = 'r'; break;
            case 0x09: *d++ = 't'; break;
            default:
                *d++ = 'u';
                *d++ = '0';
                *d++ = '0';
                *d++ = hexDigit(u >> 4);
                *d++ = hexDigit(u & 0xf);
            }
        } else if (u < 0x800) {
            *d++ = char(0xc0 | (u >> 6));
            *d++ = char(0x80 | (u & 0x3f));
        } else if (!QChar::isSurrogate(u)) {
            *d++ = char(0xe0 | (u >> 12));
            *d++ = char(0x80 | ((u >> 6) & 0x3f));
            *d++ = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t ucs4 = QChar::surrogateToUcs4(u, *src++);
            *d++ = char(0xf0 | ((ucs4 >> 18) & 0x07));
            *d++ = char(0x80 | ((ucs4 >> 12) & 0x3f));
            *d++ = char(0x80 | ((ucs4 >> 6) & 0x3f));
            *d++ = char(0x80 | (ucs4 & 0x3f));
        } else {
            *d++ = '\\';
            *d++ = 'u';
            *d++ = hexDigit((u >> 12) & 0xf);
            *d++ = hexDigit((u >> 8) & 0xf);
            *d++ = hexDigit((u >> 4) & 0xf);
            *d++ = hexDigit(u & 0xf);
        }
    }
    *d++ = '"';
    out.truncate(d - out.constData());
}

void writeNumber(QByteArray &out, double number)
{
    if (!std::isfinite(number)) {
        out += "null";  // as JSON.stringify
        return;
    }
    // Integers up to 2^53 print without a fraction or exponent, like JavaScript.
    if (std::trunc(number) == number && std::fabs(number) < 9007199254740992.0) {
        appendDecimal(out, qint64(number));
        return;
    }
    // ECMAScript's Number::toString over the shortest round-trip digits.
    const QByteArray scientific = QByteArray::number(std::fabs(number), 'e', QLocale::FloatingPointShortest);
    const qsizetype e = scientific.indexOf('e');
    QByteArray digits = scientific.left(e);
    digits.replace(".", "");
    const int k = int(digits.size());
    const int n = scientific.mid(e + 1).toInt() + 1;  // the decimal point sits after n digits
    if (number < 0)
        out += '-';
    if (k <= n && n <= 21) {
        out += digits;
        out += QByteArray(n - k, '0');
    } else if (0 < n && n <= 21) {
        out += digits.left(n);
        out += '.';
        out += digits.mid(n);
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out += QByteArray(-n, '0');
        out += digits;
    } else {
        out += digits.left(1);
        if (k > 1) {
            out += '.';
            out += digits.mid(1);
        }
        out += 'e';
        out += n - 1 < 0 ? '-' : '+';
        out += QByteArray::number(std::abs(n - 1));
    }
}

void writeScalar(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        break;
    case QJsonValue::Double:
        writeNumber(out, value.toDouble());
        break;
    case QJsonValue::String:
        writeString(out, value.toString());
        break;
    default:  // null and undefined
        out += "null";
        break;
    }
}

void write(QByteArray &out, const QJsonValue &value, const QStringList &order)
{
    if (value.isArray()) {
        out += '[';
        bool first = true;
        for (const QJsonValue &item : value.toArray()) {
            if (!first)
                out += ',';
            first = false;
            write(out, item, order);
        }
        out += ']';
        return;
    }
    if (!value.isObject()) {
        writeScalar(out, value);
        return;
    }
    const QJsonObject object = value.toObject();
    QStringList keys;
    keys.reserve(object.size());
    for (const QString &key : order) {
        if (object.contains(key))
            keys.append(key);
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!order.contains(it.key()))
            keys.append(it.key());
    }
    out += '{';
    bool first = true;
    for (const QString &key : std::as_const(keys)) {
        if (!first)
            out += ',';
        first = false;
        writeString(out, key);
        out += ':';
        write(out, object.value(key), order);
    }
    out += '}';
}

} // namespace

QByteArray toOrderedJson(const QJsonValue &value, const QStringList &order)
{
    QByteArray out;
    out.reserve(256);
    write(out, value, order);
    return out;
}

void appendOrderedJson(QByteArray &out, const QJsonValue &value, const QStringList &order)
{
    write(out, value, order);
}

void appendJsonString(QByteArray &out, QStringView text)
{
    writeString(out, text);
}

} // namespace Gatehouse
