#include <gatehouse/cookie.h>

#include "core/timeformat.h"

#include <algorithm>
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

//! \a value as encodeURIComponent writes it: UTF-8, every byte but the unreserved ones as %XX.
void appendUriComponent(QByteArray &out, const QString &value)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    if (std::all_of(value.cbegin(), value.cend(), [](QChar c) { return isUnreserved(c.unicode()); })) {  // session tokens and CSRF values: base64url, hex and dots
        const qsizetype at = out.size();
        out.resize(at + value.size());
        char *d = out.data() + at;
        for (const QChar c : value)
            *d++ = char(c.unicode());
        return;
    }
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

QByteArray SetCookie::toHeaderValue() const
{
    QByteArray out;
    out.reserve(name.size() + value.size() + 96);
    out += name.toLatin1();
    out += '=';
    appendUriComponent(out, value);
    if (options.maxAge)
        out += "; Max-Age=" + QByteArray::number(*options.maxAge);
    if (!options.domain.isEmpty())
        out += "; Domain=" + options.domain.toLatin1();
    if (!options.path.isEmpty())
        out += "; Path=" + options.path.toLatin1();
    if (options.expires) {
        out += "; Expires=";
        out += httpDate(options.expires->toSecsSinceEpoch());
    }
    if (options.httpOnly)
        out += "; HttpOnly";
    if (options.secure)
        out += "; Secure";
    if (!options.sameSite.isEmpty())
        out += "; SameSite=" + options.sameSite.toLatin1();
    return out;
}

} // namespace Gatehouse
