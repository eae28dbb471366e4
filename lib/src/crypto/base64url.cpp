#include "crypto/base64url.h"

#include <array>
#include <type_traits>

namespace Gatehouse::Crypto {
namespace {

constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

constexpr std::array<signed char, 128> makeDecodeTable()
{
    std::array<signed char, 128> table{};
    for (auto &entry : table)
        entry = -1;
    for (int i = 0; i < 64; ++i)
        table[size_t(alphabet[i])] = static_cast<signed char>(i);
    return table;
}

constexpr std::array<signed char, 128> decodeTable = makeDecodeTable();

template<typename Char>
Char *encode(QByteArrayView data, Char *out)
{
    const auto *in = reinterpret_cast<const unsigned char *>(data.data());
    qsizetype remaining = data.size();
    for (; remaining >= 3; remaining -= 3, in += 3) {
        const quint32 group = quint32(in[0]) << 16 | quint32(in[1]) << 8 | in[2];
        *out++ = Char(alphabet[group >> 18]);
        *out++ = Char(alphabet[(group >> 12) & 63]);
        *out++ = Char(alphabet[(group >> 6) & 63]);
        *out++ = Char(alphabet[group & 63]);
    }
    if (remaining == 1) {
        *out++ = Char(alphabet[in[0] >> 2]);
        *out++ = Char(alphabet[(in[0] & 3) << 4]);
    } else if (remaining == 2) {
        const quint32 group = quint32(in[0]) << 8 | in[1];
        *out++ = Char(alphabet[group >> 10]);
        *out++ = Char(alphabet[(group >> 4) & 63]);
        *out++ = Char(alphabet[(group & 15) << 2]);
    }
    return out;
}

//! The 6-bit value of \a ch, or -1 outside the base64url alphabet.
template<typename Char>
int valueOf(Char ch)
{
    const auto c = static_cast<std::make_unsigned_t<Char>>(ch);
    return c < decodeTable.size() ? decodeTable[c] : -1;
}

template<typename Char>
bool decode(const Char *in, qsizetype length, char *out)
{
    if (base64UrlDecodedSize(length) < 0)
        return false;
    // Four characters make three bytes; a value of -1 makes the OR of the group negative.
    const Char *const groupsEnd = in + length / 4 * 4;
    for (; in != groupsEnd; in += 4) {
        const int a = valueOf(in[0]), b = valueOf(in[1]), c = valueOf(in[2]), d = valueOf(in[3]);
        if ((a | b | c | d) < 0)
            return false;
        const quint32 group = quint32(a) << 18 | quint32(b) << 12 | quint32(c) << 6 | quint32(d);
        *out++ = char(group >> 16);
        *out++ = char(group >> 8);
        *out++ = char(group);
    }
    // The rest: two characters make one byte, three make two; their unused bits must be zero.
    if (length % 4 == 2) {
        const int a = valueOf(in[0]), b = valueOf(in[1]);
        if ((a | b) < 0 || (b & 0x0f) != 0)
            return false;
        *out = char(a << 2 | b >> 4);
    } else if (length % 4 == 3) {
        const int a = valueOf(in[0]), b = valueOf(in[1]), c = valueOf(in[2]);
        if ((a | b | c) < 0 || (c & 0x03) != 0)
            return false;
        const quint32 group = quint32(a) << 12 | quint32(b) << 6 | quint32(c);
        *out++ = char(group >> 10);
        *out = char(group >> 2);
    }
    return true;
}

template<typename Char>
std::optional<QByteArray> decodeToArray(const Char *in, qsizetype length)
{
    const qsizetype size = base64UrlDecodedSize(length);
    if (size < 0)
        return std::nullopt;
    QByteArray out(size, Qt::Uninitialized);
    if (!decode(in, length, out.data()))
        return std::nullopt;
    return out;
}

} // namespace

QByteArray base64UrlEncode(QByteArrayView data)
{
    QByteArray out(base64UrlEncodedSize(data.size()), Qt::Uninitialized);
    encode(data, out.data());
    return out;
}

char *base64UrlEncode(QByteArrayView data, char *out)
{
    return encode(data, out);
}

char16_t *base64UrlEncode(QByteArrayView data, char16_t *out)
{
    return encode(data, out);
}

bool base64UrlDecode(QByteArrayView encoded, char *out)
{
    return decode(encoded.data(), encoded.size(), out);
}

bool base64UrlDecode(QStringView encoded, char *out)
{
    return decode(encoded.utf16(), encoded.size(), out);
}

std::optional<QByteArray> base64UrlDecode(QByteArrayView encoded)
{
    return decodeToArray(encoded.data(), encoded.size());
}

std::optional<QByteArray> base64UrlDecode(QStringView encoded)
{
    return decodeToArray(encoded.utf16(), encoded.size());
}

} // namespace Gatehouse::Crypto
