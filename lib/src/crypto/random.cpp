#include "crypto/random.h"

#include "crypto/opensslerror_p.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <stdexcept>

namespace Gatehouse::Crypto {

namespace {

void fillFromOpenSsl(unsigned char *out, qsizetype size)
{
    while (size > 0) {
        const int chunk = size > INT_MAX ? INT_MAX : int(size);
        if (RAND_bytes(out, chunk) != 1)
            throwOpenSslError("RAND_bytes");
        out += chunk;
        size -= chunk;
    }
}

//! Counts the forks this process came out of (in the child: pthread_atfork).
std::atomic<unsigned> forkGeneration{0};

void noteFork()
{
    forkGeneration.fetch_add(1, std::memory_order_relaxed);
}

// Installed as the library loads. It replaces a getpid() per draw: a system call on every
// request, for a question whose answer changes only in a forked child.
const bool forkNoted = ::pthread_atfork(nullptr, nullptr, &noteFork) == 0;

/*!
 * Random bytes drawn from OpenSSL ahead of need. A RAND_bytes call costs about as much for 512
 * bytes as for 16 (its DRBG derives and updates its state on every call), and a request draws
 * 16 to 48 bytes several times. Bytes handed out are wiped from the buffer; a forked child
 * throws its parent's bytes away.
 */
class RandomBuffer
{
public:
    static constexpr qsizetype kSize = 512;
    static constexpr qsizetype kLargestServed = 64;  //!< larger requests go to OpenSSL directly

    ~RandomBuffer() { OPENSSL_cleanse(m_bytes, sizeof m_bytes); }

    void take(unsigned char *out, qsizetype size)
    {
        // Without the fork handler (it could not be installed), the process id tells.
        const quint64 lineage = forkNoted ? forkGeneration.load(std::memory_order_relaxed)
                                          : quint64(::getpid()) << 32;
        if (lineage != m_lineage) {
            OPENSSL_cleanse(m_bytes, sizeof m_bytes);
            m_used = kSize;
            m_lineage = lineage;
        }
        while (size > 0) {
            if (m_used == kSize) {
                fillFromOpenSsl(m_bytes, kSize);
                m_used = 0;
            }
            const qsizetype n = std::min(size, kSize - m_used);
            std::memcpy(out, m_bytes + m_used, size_t(n));
            OPENSSL_cleanse(m_bytes + m_used, size_t(n));
            m_used += n;
            out += n;
            size -= n;
        }
    }

private:
    unsigned char m_bytes[kSize];
    qsizetype m_used = kSize;
    quint64 m_lineage = 0;
};

// Per thread by nature: a buffer shared between threads would need a lock on every draw.
thread_local RandomBuffer randomBuffer;

} // namespace

void fillRandomBytes(char *data, qsizetype size)
{
    auto *out = reinterpret_cast<unsigned char *>(data);
    if (size > RandomBuffer::kLargestServed)
        fillFromOpenSsl(out, size);
    else
        randomBuffer.take(out, size);
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
