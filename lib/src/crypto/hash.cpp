#include "crypto/hash.h"

#include "crypto/opensslbytes_p.h"
#include "crypto/opensslerror_p.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <memory>
#include <stdexcept>

namespace Gatehouse::Crypto {
namespace {

//! SHA-256 and SHA-512, fetched once and shared (immutable): fetching an algorithm per call
//! costs more than hashing a short input.
struct FetchedDigests
{
    EVP_MD *sha256 = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    EVP_MD *sha512 = EVP_MD_fetch(nullptr, "SHA512", nullptr);
    ~FetchedDigests()
    {
        EVP_MD_free(sha256);
        EVP_MD_free(sha512);
    }
};

const FetchedDigests &fetchedDigests()
{
    static const FetchedDigests fetched;
    return fetched;
}

QByteArray digest(const EVP_MD *md, const char *name, QByteArrayView data)
{
    const qsizetype size = md ? EVP_MD_get_size(md) : 0;
    QByteArray out(size, Qt::Uninitialized);
    unsigned int written = 0;
    if (!md
        || EVP_Digest(opensslBytes(data), size_t(data.size()), reinterpret_cast<unsigned char *>(out.data()),
                      &written, md, nullptr) != 1
        || written != unsigned(size)) {
        throwOpenSslError(name);
    }
    return out;
}

QByteArray hmac(const char *digestName, qsizetype size, QByteArrayView key, QByteArrayView data)
{
    QByteArray out(size, Qt::Uninitialized);
    size_t written = 0;
    if (!EVP_Q_mac(nullptr, OSSL_MAC_NAME_HMAC, nullptr, digestName, nullptr,
                   opensslBytes(key), size_t(key.size()), opensslBytes(data), size_t(data.size()),
                   reinterpret_cast<unsigned char *>(out.data()), size_t(size), &written)
        || written != size_t(size)) {
        throwOpenSslError("HMAC");
    }
    return out;
}

struct KdfDeleter
{
    void operator()(EVP_KDF *kdf) const { EVP_KDF_free(kdf); }
    void operator()(EVP_KDF_CTX *ctx) const { EVP_KDF_CTX_free(ctx); }
};

} // namespace

QByteArray sha256(QByteArrayView data)
{
    return digest(fetchedDigests().sha256, "SHA256", data);
}

void sha256(QByteArrayView data, unsigned char (&out)[32])
{
    const EVP_MD *md = fetchedDigests().sha256;
    unsigned int written = 0;
    if (!md || EVP_Digest(opensslBytes(data), size_t(data.size()), out, &written, md, nullptr) != 1
        || written != sizeof out) {
        throwOpenSslError("SHA256");
    }
}

QByteArray sha512(QByteArrayView data)
{
    return digest(fetchedDigests().sha512, "SHA512", data);
}

QByteArray hmacSha1(QByteArrayView key, QByteArrayView data)
{
    return hmac("SHA1", 20, key, data);
}

QByteArray hmacSha256(QByteArrayView key, QByteArrayView data)
{
    return hmac("SHA256", 32, key, data);
}

QByteArray hmacSha512(QByteArrayView key, QByteArrayView data)
{
    return hmac("SHA512", 64, key, data);
}

QByteArray hkdfSha256(QByteArrayView ikm, QByteArrayView salt, QByteArrayView info, qsizetype length)
{
    if (length < 1 || length > 255 * 32)
        throw std::invalid_argument("Gatehouse::Crypto::hkdfSha256: length must be 1 to 8160 bytes");

    const std::unique_ptr<EVP_KDF, KdfDeleter> kdf(EVP_KDF_fetch(nullptr, OSSL_KDF_NAME_HKDF, nullptr));
    if (!kdf)
        throwOpenSslError("EVP_KDF_fetch(HKDF)");
    const std::unique_ptr<EVP_KDF_CTX, KdfDeleter> ctx(EVP_KDF_CTX_new(kdf.get()));
    if (!ctx)
        throwOpenSslError("EVP_KDF_CTX_new(HKDF)");

    char digestName[] = "SHA256";
    OSSL_PARAM params[5];
    OSSL_PARAM *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digestName, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY,
                                             const_cast<unsigned char *>(opensslBytes(ikm)), size_t(ikm.size()));
    // An absent salt is the RFC's default (HashLen zero bytes), which equals an empty one.
    if (!salt.isEmpty()) {
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                                 const_cast<unsigned char *>(opensslBytes(salt)), size_t(salt.size()));
    }
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
                                             const_cast<unsigned char *>(opensslBytes(info)), size_t(info.size()));
    *p = OSSL_PARAM_construct_end();

    QByteArray out(length, Qt::Uninitialized);
    if (EVP_KDF_derive(ctx.get(), reinterpret_cast<unsigned char *>(out.data()), size_t(length), params) != 1)
        throwOpenSslError("HKDF-SHA256");
    return out;
}

} // namespace Gatehouse::Crypto
