#include "crypto/aescbchmacsha512.h"

#include "crypto/opensslbytes_p.h"
#include "crypto/opensslerror_p.h"

#include <QMutex>
#include <QtEndian>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <climits>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <vector>

namespace Gatehouse::Crypto {
namespace {

struct EvpDeleter
{
    void operator()(EVP_MAC *mac) const { EVP_MAC_free(mac); }
    void operator()(EVP_MAC_CTX *ctx) const { EVP_MAC_CTX_free(ctx); }
    void operator()(EVP_CIPHER_CTX *ctx) const { EVP_CIPHER_CTX_free(ctx); }
};
using MacContext = std::unique_ptr<EVP_MAC_CTX, EvpDeleter>;
using CipherContext = std::unique_ptr<EVP_CIPHER_CTX, EvpDeleter>;

constexpr qsizetype MacKeySize = 32;
constexpr qsizetype BlockSize = 16;

/*!
 * Idle contexts of one kind, keyed for one AesCbcHmacSha512: an operation leases one, uses it
 * alone and gives it back. The lock is held only to take or give a context, never during an
 * operation, so threads do not wait on each other's cryptography.
 */
template<typename Context, void (*Free)(Context *)>
class ContextPool
{
public:
    class Lease
    {
    public:
        //! An idle context of \a pool, or a new one from \a create(); get() is null when that fails.
        template<typename Create>
        Lease(ContextPool &pool, Create create) : m_pool(pool), m_context(pool.take(create)) {}
        ~Lease()
        {
            if (m_context)
                m_pool.give(m_context);
        }
        Q_DISABLE_COPY_MOVE(Lease)

        Context *get() const { return m_context; }
        //! After a failed operation the context's state is unknown: freed, not reused.
        void discard()
        {
            if (m_context)
                Free(m_context);
            m_context = nullptr;
        }

    private:
        ContextPool &m_pool;
        Context *m_context;
    };

    ContextPool() = default;
    ~ContextPool()
    {
        for (Context *context : m_idle)
            Free(context);
    }
    Q_DISABLE_COPY_MOVE(ContextPool)

private:
    //! More than the serving threads of a large host; contexts beyond it are freed.
    static constexpr std::size_t kMaxIdle = 64;

    template<typename Create>
    Context *take(Create create)
    {
        {
            const QMutexLocker locker(&m_mutex);
            if (!m_idle.empty()) {
                Context *context = m_idle.back();
                m_idle.pop_back();
                return context;
            }
        }
        return create();
    }

    void give(Context *context)
    {
        {
            const QMutexLocker locker(&m_mutex);
            if (m_idle.size() < kMaxIdle) {
                m_idle.push_back(context);
                return;
            }
        }
        Free(context);
    }

    QMutex m_mutex;
    std::vector<Context *> m_idle;
};

//! A new AES-256-CBC context holding \a key's schedule for \a encrypt, or null.
EVP_CIPHER_CTX *keyedCipherContext(const EVP_CIPHER *cipher, const unsigned char *key, bool encrypt)
{
    CipherContext ctx(EVP_CIPHER_CTX_new());
    if (!ctx || EVP_CipherInit_ex2(ctx.get(), cipher, key, nullptr, encrypt ? 1 : 0, nullptr) != 1)
        return nullptr;
    return ctx.release();
}

using MacPool = ContextPool<EVP_MAC_CTX, EVP_MAC_CTX_free>;
using CipherPool = ContextPool<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;

} // namespace

struct AesCbcHmacSha512::Contexts
{
    MacPool macs;              //!< copies of the MAC template
    CipherPool encryptions;    //!< AES-256-CBC encryption with ENC_KEY, IV set per operation
    CipherPool decryptions;    //!< the same for decryption (another key schedule)
};

AesCbcHmacSha512::AesCbcHmacSha512(QByteArrayView key)
{
    if (key.size() != KeySize)
        throw std::invalid_argument("Gatehouse::Crypto::AesCbcHmacSha512: the key must be 64 bytes");

    m_cipher = EVP_CIPHER_fetch(nullptr, "AES-256-CBC", nullptr);
    if (!m_cipher)
        throwOpenSslError("EVP_CIPHER_fetch(AES-256-CBC)");
    std::memcpy(m_encKey, key.data() + MacKeySize, sizeof m_encKey);

    const std::unique_ptr<EVP_MAC, EvpDeleter> mac(EVP_MAC_fetch(nullptr, OSSL_MAC_NAME_HMAC, nullptr));
    MacContext ctx(mac ? EVP_MAC_CTX_new(mac.get()) : nullptr);
    char digest[] = "SHA512";
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_end(),
    };
    if (!ctx || EVP_MAC_init(ctx.get(), opensslBytes(key), size_t(MacKeySize), params) != 1) {
        OPENSSL_cleanse(m_encKey, sizeof m_encKey);
        EVP_CIPHER_free(m_cipher);
        throwOpenSslError("HMAC-SHA512 initialisation");
    }
    m_macTemplate = ctx.release();
    m_contexts = std::make_unique<Contexts>();
}

AesCbcHmacSha512::~AesCbcHmacSha512()
{
    m_contexts.reset();
    OPENSSL_cleanse(m_encKey, sizeof m_encKey);
    EVP_MAC_CTX_free(m_macTemplate);
    EVP_CIPHER_free(m_cipher);
}

void AesCbcHmacSha512::computeTag(QByteArrayView aad, QByteArrayView iv, QByteArrayView ciphertext,
                                  unsigned char *tag) const
{
    // AL: the AAD's length in bits as a 64-bit big-endian integer.
    unsigned char al[8];
    qToBigEndian(quint64(aad.size()) * 8, al);

    MacPool::Lease ctx(m_contexts->macs, [this] { return EVP_MAC_CTX_dup(m_macTemplate); });
    unsigned char mac[64];
    size_t macSize = 0;
    // A null key restarts the MAC under the context's own key (a copy of the template's).
    if (!ctx.get()
        || EVP_MAC_init(ctx.get(), nullptr, 0, nullptr) != 1
        || EVP_MAC_update(ctx.get(), opensslBytes(aad), size_t(aad.size())) != 1
        || EVP_MAC_update(ctx.get(), opensslBytes(iv), size_t(iv.size())) != 1
        || EVP_MAC_update(ctx.get(), opensslBytes(ciphertext), size_t(ciphertext.size())) != 1
        || EVP_MAC_update(ctx.get(), al, sizeof al) != 1
        || EVP_MAC_final(ctx.get(), mac, &macSize, sizeof mac) != 1) {
        ctx.discard();
        throwOpenSslError("HMAC-SHA512");
    }
    std::memcpy(tag, mac, size_t(TagSize));
}

void AesCbcHmacSha512::encrypt(QByteArrayView iv, QByteArrayView plaintext, QByteArrayView aad,
                               char *ciphertext, char *tag) const
{
    if (iv.size() != IvSize)
        throw std::invalid_argument("Gatehouse::Crypto::AesCbcHmacSha512: the IV must be 16 bytes");
    if (plaintext.size() > INT_MAX - BlockSize)
        throw std::invalid_argument("Gatehouse::Crypto::AesCbcHmacSha512: plaintext too large");

    auto *out = reinterpret_cast<unsigned char *>(ciphertext);
    CipherPool::Lease ctx(m_contexts->encryptions,
                          [this] { return keyedCipherContext(m_cipher, m_encKey, true); });
    int written = 0;
    int finalWritten = 0;
    // Without a cipher and key, the init keeps the context's key schedule and sets the IV.
    if (!ctx.get()
        || EVP_EncryptInit_ex2(ctx.get(), nullptr, nullptr, opensslBytes(iv), nullptr) != 1
        || EVP_EncryptUpdate(ctx.get(), out, &written, opensslBytes(plaintext), int(plaintext.size())) != 1
        || EVP_EncryptFinal_ex(ctx.get(), out + written, &finalWritten) != 1) {
        ctx.discard();
        throwOpenSslError("AES-256-CBC encryption");
    }
    Q_ASSERT(written + finalWritten == ciphertextSize(plaintext.size()));
    computeTag(aad, iv, QByteArrayView(ciphertext, written + finalWritten),
               reinterpret_cast<unsigned char *>(tag));
}

std::optional<QByteArray> AesCbcHmacSha512::decrypt(QByteArrayView iv, QByteArrayView ciphertext,
                                                    QByteArrayView aad, QByteArrayView tag) const
{
    if (iv.size() != IvSize || tag.size() != TagSize || ciphertext.isEmpty()
        || ciphertext.size() % BlockSize != 0 || ciphertext.size() > INT_MAX) {
        return std::nullopt;
    }

    unsigned char expected[TagSize];
    computeTag(aad, iv, ciphertext, expected);
    if (CRYPTO_memcmp(expected, tag.data(), size_t(TagSize)) != 0)
        return std::nullopt;

    QByteArray plaintext(ciphertext.size(), Qt::Uninitialized);
    auto *out = reinterpret_cast<unsigned char *>(plaintext.data());
    CipherPool::Lease ctx(m_contexts->decryptions,
                          [this] { return keyedCipherContext(m_cipher, m_encKey, false); });
    int written = 0;
    if (!ctx.get()
        || EVP_DecryptInit_ex2(ctx.get(), nullptr, nullptr, opensslBytes(iv), nullptr) != 1
        || EVP_DecryptUpdate(ctx.get(), out, &written, opensslBytes(ciphertext), int(ciphertext.size())) != 1) {
        ctx.discard();
        throwOpenSslError("AES-256-CBC decryption");
    }
    int finalWritten = 0;
    if (EVP_DecryptFinal_ex(ctx.get(), out + written, &finalWritten) != 1) {
        // Bad padding under a valid tag: only a holder of the key can produce this.
        ERR_clear_error();
        return std::nullopt;
    }
    plaintext.truncate(written + finalWritten);
    return plaintext;
}

} // namespace Gatehouse::Crypto
