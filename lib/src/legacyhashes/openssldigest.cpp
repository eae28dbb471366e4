#include "legacyhashes/openssldigest_p.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <memory>

namespace Gatehouse::LegacyHashes {
namespace {

//! OpenSSL refuses a null pointer even with a zero length; an empty view may carry one.
const unsigned char *bytes(QByteArrayView data)
{
    static const unsigned char empty = 0;
    return data.isEmpty() ? &empty : reinterpret_cast<const unsigned char *>(data.data());
}

} // namespace

QByteArray digest(const char *name, QByteArrayView data)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    size_t length = 0;
    if (EVP_Q_digest(nullptr, name, nullptr, bytes(data), size_t(data.size()), out, &length) != 1)
        return {};
    return QByteArray(reinterpret_cast<const char *>(out), qsizetype(length));
}

QByteArray pbkdf2(const char *digestName, QByteArrayView password, QByteArrayView salt, qint64 iterations,
                  qsizetype length)
{
    const EVP_MD *md = EVP_get_digestbyname(digestName);
    if (!md || iterations < 1 || iterations > INT_MAX)
        return {};
    QByteArray out(length, Qt::Uninitialized);
    if (PKCS5_PBKDF2_HMAC(reinterpret_cast<const char *>(bytes(password)), int(password.size()), bytes(salt),
                          int(salt.size()), int(iterations), md, int(length),
                          reinterpret_cast<unsigned char *>(out.data())) != 1)
        return {};
    return out;
}

QByteArray scrypt(QByteArrayView password, QByteArrayView salt, quint64 n, quint32 r, quint32 p, qsizetype length,
                  quint64 maxMemoryBytes)
{
    std::unique_ptr<EVP_KDF, decltype(&EVP_KDF_free)> kdf(EVP_KDF_fetch(nullptr, OSSL_KDF_NAME_SCRYPT, nullptr),
                                                          &EVP_KDF_free);
    if (!kdf)
        return {};
    std::unique_ptr<EVP_KDF_CTX, decltype(&EVP_KDF_CTX_free)> ctx(EVP_KDF_CTX_new(kdf.get()), &EVP_KDF_CTX_free);
    if (!ctx)
        return {};
    uint64_t nValue = n;
    uint32_t rValue = r;
    uint32_t pValue = p;
    uint64_t maxMemory = maxMemoryBytes;
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, const_cast<unsigned char *>(bytes(password)),
                                          size_t(password.size())),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<unsigned char *>(bytes(salt)),
                                          size_t(salt.size())),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_N, &nValue),
        OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_SCRYPT_R, &rValue),
        OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_SCRYPT_P, &pValue),
        OSSL_PARAM_construct_uint64(OSSL_KDF_PARAM_SCRYPT_MAXMEM, &maxMemory),
        OSSL_PARAM_construct_end(),
    };
    QByteArray out(length, Qt::Uninitialized);
    if (EVP_KDF_derive(ctx.get(), reinterpret_cast<unsigned char *>(out.data()), size_t(length), params) != 1)
        return {};
    return out;
}

} // namespace Gatehouse::LegacyHashes
