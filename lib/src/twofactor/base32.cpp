#include "twofactor/base32.h"

namespace Gatehouse::Base32 {

namespace {

constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

//! The 5-bit value of \a c, or -1 when it is not in the alphabet (either case).
int valueOf(QChar c)
{
    const char16_t u = c.unicode();
    if (u >= u'A' && u <= u'Z')
        return u - u'A';
    if (u >= u'a' && u <= u'z')
        return u - u'a';
    if (u >= u'2' && u <= u'7')
        return u - u'2' + 26;
    return -1;
}

} // namespace

QString encode(QByteArrayView data)
{
    QString out;
    out.reserve((data.size() * 8 + 4) / 5);
    quint32 buffer = 0;
    int bits = 0;
    for (const char byte : data) {
        buffer = (buffer << 8) | quint8(byte);
        bits += 8;
        while (bits >= 5) {
            bits -= 5;
            out.append(QLatin1Char(alphabet[(buffer >> bits) & 0x1f]));
        }
    }
    if (bits > 0)
        out.append(QLatin1Char(alphabet[(buffer << (5 - bits)) & 0x1f]));
    return out;
}

std::optional<QByteArray> decode(QStringView text)
{
    // Trailing padding only; spaces and hyphens anywhere (apps show secrets in groups).
    qsizetype end = text.size();
    while (end > 0 && (text[end - 1] == u'=' || text[end - 1].isSpace()))
        --end;
    QByteArray out;
    out.reserve(end * 5 / 8);
    quint32 buffer = 0;
    int bits = 0;
    qsizetype symbols = 0;
    for (qsizetype i = 0; i < end; ++i) {
        const QChar c = text[i];
        if (c.isSpace() || c == u'-')
            continue;
        const int value = valueOf(c);
        if (value < 0)
            return std::nullopt;
        ++symbols;
        buffer = (buffer << 5) | quint32(value);
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            out.append(char((buffer >> bits) & 0xff));
        }
    }
    // 1, 3 and 6 symbols past a multiple of 8 encode no whole number of bytes.
    const qsizetype rest = symbols % 8;
    if (rest == 1 || rest == 3 || rest == 6)
        return std::nullopt;
    return out;
}

} // namespace Gatehouse::Base32
