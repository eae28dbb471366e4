#include <gatehouse/cookie.h>

#include "core/cookies.h"
#include "core/decimal.h"
#include "core/timeformat.h"

#include <array>

namespace Gatehouse {

namespace {

constexpr std::array<bool, 128> unreservedTable()
{
    // encodeURIComponent leaves alphanumerics and these unescaped.
    std::array<bool, 128> table{};
    for (char c = 'a'; c <= 'z'; ++c)
        table[std::size_t(c)] = true;
    for (char c = 'A'; c <= 'Z'; ++c)
        table[std::size_t(c)] = true;
    for (char c = '0'; c <= '9'; ++c)
        table[std::size_t(c)] = true;
    for (char c : {'-', '_', '.', '!', '~', '*', '\'', '(', ')'})
        table[std::size_t(c)] = true;
    return table;
}

constexpr std::array<bool, 128> kUnreserved = unreservedTable();

bool isUnreserved(char16_t c)
{
    return c < 128 && kUnreserved[c];
}

//! Appends \a text as QString::toLatin1() converts it, without the intermediate array.
void appendLatin1(QByteArray &out, QStringView text)
{
    const qsizetype at = out.size();
    out.resize(at + text.size());
    char *d = out.data() + at;
    for (const QChar c : text)
        *d++ = c.unicode() > 0xff ? '?' : char(c.unicode());
}

//! \a value as encodeURIComponent writes it: UTF-8, every byte but the unreserved ones as %XX.
void appendUriComponent(QByteArray &out, const QString &value)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    // Session tokens and CSRF values are all unreserved (base64url, hex and dots): copied as
    // they are, in one pass.
    const qsizetype at = out.size();
    out.resize(at + value.size());
    char *d = out.data() + at;
    bool plain = true;
    for (const QChar c : value) {
        if (!isUnreserved(c.unicode())) {
            plain = false;
            break;
        }
        *d++ = char(c.unicode());
    }
    if (plain)
        return;
    out.truncate(at);
    for (const char byte : value.toUtf8()) {
        if (isUnreserved(char16_t(uchar(byte)))) {
            out += byte;
        } else {
            out += '%';
            out += hex[uchar(byte) >> 4];
            out += hex[uchar(byte) & 0xf];
        }
    }
}

} // namespace

// Declared in core/cookies.h; defined here beside appendUriComponent, whose encoding it measures.
qsizetype Cookies::encodedValueSize(const QString &value)
{
    // Four UTF-16 units at a time, then one: a session token is ~500 of them, on every response.
    const char16_t *c = reinterpret_cast<const char16_t *>(value.constData());
    const char16_t *const end = c + value.size();
    while (end - c >= 4 && (c[0] | c[1] | c[2] | c[3]) < 128
           && (kUnreserved[c[0]] & kUnreserved[c[1]] & kUnreserved[c[2]] & kUnreserved[c[3]]))
        c += 4;
    while (c != end && *c < 128 && kUnreserved[*c])
        ++c;
    if (c == end)
        return value.size();
    qsizetype size = 0;
    for (const char byte : value.toUtf8())
        size += isUnreserved(char16_t(uchar(byte))) ? 1 : 3;
    return size;
}

namespace {

qsizetype decimalSize(qint64 value)
{
    qsizetype size = value < 0 ? 2 : 1;  // the sign, and the last digit
    for (quint64 rest = value < 0 ? 0 - quint64(value) : quint64(value); rest >= 10; rest /= 10)
        ++size;
    return size;
}

} // namespace

// Declared in core/cookies.h; it follows toHeaderValue() below attribute by attribute.
qsizetype Cookies::headerSizeWithoutValue(const QString &name, const CookieOptions &options)
{
    // httpDate() writes 29 characters for the years 0 to 9999; other years are formatted to measure.
    constexpr qint64 kYear0 = -62167219200;
    constexpr qint64 kYear10000 = 253402300800;
    qsizetype size = name.size() + 1;
    if (options.maxAge)
        size += 10 + decimalSize(*options.maxAge);
    if (!options.domain.isEmpty())
        size += 9 + options.domain.size();
    if (!options.path.isEmpty())
        size += 7 + options.path.size();
    if (options.expires) {
        const qint64 secs = options.expires->toSecsSinceEpoch();
        size += 10 + (secs >= kYear0 && secs < kYear10000 ? 29 : httpDate(secs).size());
    }
    if (options.httpOnly)
        size += 10;
    if (options.secure)
        size += 8;
    if (!options.sameSite.isEmpty())
        size += 11 + options.sameSite.size();
    return size;
}

QByteArray SetCookie::toHeaderValue() const
{
    QByteArray out;
    out.reserve(name.size() + value.size() + 128);
    appendLatin1(out, name);
    out += '=';
    appendUriComponent(out, value);
    if (options.maxAge) {
        out += "; Max-Age=";
        appendDecimal(out, *options.maxAge);
    }
    if (!options.domain.isEmpty()) {
        out += "; Domain=";
        appendLatin1(out, options.domain);
    }
    if (!options.path.isEmpty()) {
        out += "; Path=";
        appendLatin1(out, options.path);
    }
    if (options.expires) {
        out += "; Expires=";
        out += httpDate(options.expires->toSecsSinceEpoch());
    }
    if (options.httpOnly)
        out += "; HttpOnly";
    if (options.secure)
        out += "; Secure";
    if (!options.sameSite.isEmpty()) {
        out += "; SameSite=";
        appendLatin1(out, options.sameSite);
    }
    return out;
}

} // namespace Gatehouse
