#pragma once
/*! \file aescbchmacsha512.h  AES_256_CBC_HMAC_SHA_512 authenticated encryption (RFC 7518 §5.2.5). */
#include <QByteArray>
#include <QByteArrayView>
#include <QtGlobal>

#include <openssl/types.h>

#include <memory>
#include <optional>

namespace Gatehouse::Crypto {

/*!
 * The authenticated encryption behind JWE's \c A256CBC-HS512: AES-256-CBC with PKCS#7 padding,
 * then HMAC-SHA-512 over AAD || IV || ciphertext || AL, truncated to 32 bytes (RFC 7518 §5.2).
 * The 64-byte key splits into MAC_KEY (first 32 bytes) and ENC_KEY (last 32 bytes).
 *
 * Built once per key: the cipher is fetched and the HMAC key schedule computed in the
 * constructor, so each operation is a few EVP calls. Keyed contexts are kept for reuse, so an
 * operation neither allocates one nor repeats the AES key expansion. The const members may be
 * called from any number of threads at once.
 */
class AesCbcHmacSha512
{
public:
    static constexpr qsizetype KeySize = 64;
    static constexpr qsizetype IvSize = 16;
    static constexpr qsizetype TagSize = 32;

    //! Throws std::invalid_argument unless \a key has KeySize bytes, std::runtime_error if OpenSSL fails.
    explicit AesCbcHmacSha512(QByteArrayView key);
    ~AesCbcHmacSha512();
    Q_DISABLE_COPY_MOVE(AesCbcHmacSha512)

    //! Size of the ciphertext of \a plaintextSize bytes (PKCS#7 always adds 1 to 16 bytes).
    static constexpr qsizetype ciphertextSize(qsizetype plaintextSize)
    {
        return (plaintextSize / 16 + 1) * 16;
    }

    /*!
     * Encrypts \a plaintext under \a iv (IvSize bytes, never reused with this key) and
     * authenticates it with \a aad. Writes ciphertextSize(plaintext.size()) bytes to
     * \a ciphertext and TagSize bytes to \a tag. Throws std::invalid_argument for a wrong IV
     * size or a plaintext over 2 GiB, std::runtime_error if OpenSSL fails.
     */
    void encrypt(QByteArrayView iv, QByteArrayView plaintext, QByteArrayView aad,
                 char *ciphertext, char *tag) const;

    /*!
     * The plaintext of \a ciphertext, or std::nullopt when the sizes are wrong, the tag does
     * not match (compared in constant time, before anything is decrypted) or the padding is
     * invalid. Throws std::runtime_error only if OpenSSL itself fails, never for bad input.
     */
    std::optional<QByteArray> decrypt(QByteArrayView iv, QByteArrayView ciphertext,
                                      QByteArrayView aad, QByteArrayView tag) const;

private:
    struct Contexts;

    void computeTag(QByteArrayView aad, QByteArrayView iv, QByteArrayView ciphertext,
                    unsigned char *tag) const;

    EVP_CIPHER *m_cipher = nullptr;
    EVP_MAC_CTX *m_macTemplate = nullptr;  //!< initialised with MAC_KEY; the pooled ones are copies
    unsigned char m_encKey[32];
    std::unique_ptr<Contexts> m_contexts;  //!< idle keyed contexts, shared by all threads (locked)
};

} // namespace Gatehouse::Crypto
