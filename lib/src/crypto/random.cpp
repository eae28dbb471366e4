#include "crypto/random.h"

#include "crypto/opensslerror_p.h"

#include <openssl/rand.h>

#include <climits>
#include <stdexcept>

namespace Gatehouse::Crypto {

void fillRandomBytes(char *data, qsizetype size)
{
    auto *out = reinterpret_cast<unsigned char *>(data);
    while (size > 0) {
        const int chunk = size > INT_MAX ? INT_MAX : int(size);
        if (RAND_bytes(out, chunk) != 1)
            throwOpenSslError("RAND_bytes");
        out += chunk;
        size -= chunk;
    }
}

QByteArray randomBytes(qsizetype size)
{
    if (size < 0)
        throw std::invalid_argument("Gatehouse::Crypto::randomBytes: negative size");
    QByteArray bytes(size, Qt::Uninitialized);
    fillRandomBytes(bytes.data(), size);
    return bytes;
}

QString randomHex(qsizetype bytes)
{
    return QString::fromLatin1(randomBytes(bytes).toHex());
}

QString randomUuid()
{
    char bytes[16];
    fillRandomBytes(bytes, sizeof bytes);
    return uuidFromRandomBytes(QByteArrayView(bytes, sizeof bytes));
}

QString uuidFromRandomBytes(QByteArrayView randomBytes)
{
    if (randomBytes.size() != 16)
        throw std::invalid_argument("Gatehouse::Crypto::uuidFromRandomBytes: needs 16 bytes");
    static constexpr char16_t hex[] = u"0123456789abcdef";
    QString uuid(36, Qt::Uninitialized);
    char16_t *out = reinterpret_cast<char16_t *>(uuid.data());
    for (qsizetype i = 0; i < 16; ++i) {
        auto byte = uchar(randomBytes[i]);
        if (i == 6)
            byte = (byte & 0x0f) | 0x40; // version 4
        else if (i == 8)
            byte = (byte & 0x3f) | 0x80; // RFC 4122 variant
        if (i == 4 || i == 6 || i == 8 || i == 10)
            *out++ = u'-';
        *out++ = hex[byte >> 4];
        *out++ = hex[byte & 15];
    }
    return uuid;
}

} // namespace Gatehouse::Crypto
