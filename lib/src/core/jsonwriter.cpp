#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace Gatehouse {

namespace {

void writeString(QByteArray &out, QStringView text)
{
    // As JSON.stringify: quote, backslash and control characters escaped, everything else UTF-8.
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    qsizetype plainStart = 0;
    const auto flushPlain = [&](qsizetype end) {
        const QStringView plain = text.sliced(plainStart, end - plainStart);
        const qsizetype at = out.size();
        out.resize(at + plain.size());
        char *d = out.data() + at;
        for (const QChar ch : plain) {
            if (ch.unicode() >= 0x80) {  // not ASCII: let Qt encode the whole run
                out.truncate(at);
                out += plain.toUtf8();
                return;
            }
            *d++ = char(ch.unicode());
        }
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= 0x20 && c != u'"' && c != u'\\')
            continue;
        flushPlain(i);
        plainStart = i + 1;
        switch (c) {
        case u'"': out += "\\\""; break;
        case u'\\': out += "\\\\"; break;
        case u'\b': out += "\\b"; break;
        case u'\f': out += "\\f"; break;
        case u'\n': out += "\\n"; break;
        case u'\r': out += "\\r"; break;
        case u'\t': out += "\\t"; break;
        default:
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        }
    }
    flushPlain(text.size());
    out += '"';
}

void writeNumber(QByteArray &out, double number)
{
    if (!std::isfinite(number)) {
        out += "null";  // as JSON.stringify
        return;
    }
    // Integers up to 2^53 print without a fraction or exponent, like JavaScript.
    if (std::trunc(number) == number && std::fabs(number) < 9007199254740992.0) {
        out += QByteArray::number(qint64(number));
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
