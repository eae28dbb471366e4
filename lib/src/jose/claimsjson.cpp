#include "jose/claimsjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::Jose {

namespace {

char hexDigit(uint value)
{
    return value < 10 ? char('0' + value) : char('a' + value - 10);
}

//! \a text as QJsonDocument writes a string: its escapes, UTF-8, and \uXXXX for a lone surrogate.
void appendString(QByteArray &out, QStringView text)
{
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

void appendValue(QByteArray &out, const QJsonValue &value);

void appendMembers(QByteArray &out, const QJsonObject &object)
{
    bool first = true;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!first)
            out += ',';
        first = false;
        appendString(out, it.key());
        out += ':';
        appendValue(out, it.value());
    }
}

void appendValue(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        break;
    case QJsonValue::Double: {
        // Qt prints integers and doubles differently and the value does not say which it holds:
        // Qt itself writes it (numbers other than iat and exp are rare in a token).
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        out.append(wrapped.constData() + 1, wrapped.size() - 2);
        break;
    }
    case QJsonValue::String:
        appendString(out, value.toString());
        break;
    case QJsonValue::Array: {
        out += '[';
        bool first = true;
        for (const QJsonValue &item : value.toArray()) {
            if (!first)
                out += ',';
            first = false;
            appendValue(out, item);
        }
        out += ']';
        break;
    }
    case QJsonValue::Object:
        out += '{';
        appendMembers(out, value.toObject());
        out += '}';
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out += "null";
        break;
    }
}

} // namespace

QByteArray claimsJson(const QJsonObject &claims, const IssuedClaims &issued)
{
    // The issued claims go where inserting them puts them: QJsonObject keeps its keys sorted
    // (UTF-16 order), and these three are in that order.
    static constexpr const char *issuedNames[] = {"exp", "iat", "jti"};
    QByteArray json;
    json.reserve(256);
    json += '{';
    const auto separate = [&json] {
        if (json.size() > 1)
            json += ',';
    };
    int next = 0;  // the next issued claim to write
    const auto writeIssued = [&] {
        separate();
        json += '"';
        json += issuedNames[next];
        json += "\":";
        if (next == 0)
            json += QByteArray::number(issued.exp);
        else if (next == 1)
            json += QByteArray::number(issued.iat);
        else
            appendString(json, issued.jti);
        ++next;
    };
    for (auto it = claims.begin(); it != claims.end(); ++it) {
        const QString key = it.key();
        while (next < 3 && key.compare(QLatin1String(issuedNames[next])) > 0)
            writeIssued();
        if (next < 3 && key == QLatin1String(issuedNames[next])) {
            writeIssued();  // replaces the claim of that name
            continue;
        }
        separate();
        appendString(json, key);
        json += ':';
        appendValue(json, it.value());
    }
    while (next < 3)
        writeIssued();
    json += '}';
    return json;
}

} // namespace Gatehouse::Jose
