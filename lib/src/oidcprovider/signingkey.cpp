#include "oidcprovider/signingkey.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"

#include <QStringList>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include <stdexcept>

namespace Gatehouse::OidcProvider {

namespace {

[[noreturn]] void fail(const char *operation)
{
    char reason[256] = {};
    ERR_error_string_n(ERR_get_error(), reason, sizeof reason);
    ERR_clear_error();
    throw std::runtime_error(std::string("OpenID Provider signing key: ") + operation + ": " + reason);
}

std::shared_ptr<EVP_PKEY> owned(EVP_PKEY *key)
{
    return std::shared_ptr<EVP_PKEY>(key, EVP_PKEY_free);
}

//! The big-endian bytes of \a name of \a key, left-padded to \a size (0: as short as possible).
QByteArray bigNumber(EVP_PKEY *key, const char *name, int size = 0)
{
    BIGNUM *number = nullptr;
    if (EVP_PKEY_get_bn_param(key, name, &number) != 1)
        fail("reading a public parameter");
    QByteArray bytes(size > 0 ? size : BN_num_bytes(number), Qt::Uninitialized);
    const int written = size > 0 ? BN_bn2binpad(number, reinterpret_cast<unsigned char *>(bytes.data()), size)
                                 : BN_bn2bin(number, reinterpret_cast<unsigned char *>(bytes.data()));
    BN_free(number);
    if (written != bytes.size())
        fail("writing a public parameter");
    return bytes;
}

QString b64(const QByteArray &bytes)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(bytes));
}

//! Whether \a key is what \a algorithm signs with (type, curve, size).
bool fits(EVP_PKEY *key, SigningAlgorithm algorithm)
{
    switch (algorithm) {
    case SigningAlgorithm::RS256:
        return EVP_PKEY_is_a(key, "RSA") && EVP_PKEY_get_bits(key) >= 2048;
    case SigningAlgorithm::ES256: {
        char group[64] = {};
        return EVP_PKEY_is_a(key, "EC")
            && EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, nullptr) == 1
            && qstrcmp(group, "prime256v1") == 0;
    }
    case SigningAlgorithm::EdDSA:
        return EVP_PKEY_is_a(key, "ED25519");
    }
    return false;
}

//! JOSE's r||s from the DER ECDSA-Sig-Value OpenSSL makes; \a size bytes each.
QByteArray joseEcdsa(const QByteArray &der, int size)
{
    const unsigned char *in = reinterpret_cast<const unsigned char *>(der.constData());
    ECDSA_SIG *sig = d2i_ECDSA_SIG(nullptr, &in, der.size());
    if (!sig)
        fail("decoding an ECDSA signature");
    QByteArray raw(2 * size, Qt::Uninitialized);
    auto *out = reinterpret_cast<unsigned char *>(raw.data());
    const bool ok = BN_bn2binpad(ECDSA_SIG_get0_r(sig), out, size) == size
        && BN_bn2binpad(ECDSA_SIG_get0_s(sig), out + size, size) == size;
    ECDSA_SIG_free(sig);
    if (!ok)
        fail("encoding an ECDSA signature");
    return raw;
}

} // namespace

QString algorithmName(SigningAlgorithm algorithm)
{
    switch (algorithm) {
    case SigningAlgorithm::RS256:
        return QStringLiteral("RS256");
    case SigningAlgorithm::ES256:
        return QStringLiteral("ES256");
    case SigningAlgorithm::EdDSA:
        break;
    }
    return QStringLiteral("EdDSA");
}

std::optional<SigningAlgorithm> algorithmNamed(const QString &name)
{
    for (const SigningAlgorithm a : {SigningAlgorithm::RS256, SigningAlgorithm::ES256, SigningAlgorithm::EdDSA}) {
        if (name == algorithmName(a))
            return a;
    }
    return std::nullopt;
}

QString jwkThumbprint(const QJsonObject &jwk)
{
    // RFC 7638 §3.2: the required members only, sorted, no whitespace. Their values are base64url
    // or fixed names, so none needs escaping; a value that would is refused.
    const QString kty = jwk.value(QStringLiteral("kty")).toString();
    QStringList members;
    if (kty == QLatin1String("RSA"))
        members = {QStringLiteral("e"), QStringLiteral("kty"), QStringLiteral("n")};
    else if (kty == QLatin1String("EC"))
        members = {QStringLiteral("crv"), QStringLiteral("kty"), QStringLiteral("x"), QStringLiteral("y")};
    else if (kty == QLatin1String("OKP"))
        members = {QStringLiteral("crv"), QStringLiteral("kty"), QStringLiteral("x")};
    else
        return {};
    QString input = QStringLiteral("{");
    for (const QString &member : std::as_const(members)) {
        const QString value = jwk.value(member).toString();
        if (value.isEmpty() || value.contains(u'"') || value.contains(u'\\'))
            return {};
        if (input.size() > 1)
            input += u',';
        input += u'"' + member + QStringLiteral("\":\"") + value + u'"';
    }
    input += u'}';
    return b64(Crypto::sha256(input.toUtf8()));
}

SigningKey::SigningKey(SigningAlgorithm algorithm, std::shared_ptr<EVP_PKEY> key)
    : m_algorithm(algorithm)
    , m_key(std::move(key))
{
    EVP_PKEY *k = m_key.get();
    switch (algorithm) {
    case SigningAlgorithm::RS256: {
        const QString n = b64(bigNumber(k, OSSL_PKEY_PARAM_RSA_N));
        const QString e = b64(bigNumber(k, OSSL_PKEY_PARAM_RSA_E));
        m_publicJwk = {{QStringLiteral("kty"), QStringLiteral("RSA")}, {QStringLiteral("n"), n}, {QStringLiteral("e"), e}};
        break;
    }
    case SigningAlgorithm::ES256: {
        const QString x = b64(bigNumber(k, OSSL_PKEY_PARAM_EC_PUB_X, 32));
        const QString y = b64(bigNumber(k, OSSL_PKEY_PARAM_EC_PUB_Y, 32));
        m_publicJwk = {{QStringLiteral("kty"), QStringLiteral("EC")}, {QStringLiteral("crv"), QStringLiteral("P-256")},
                       {QStringLiteral("x"), x}, {QStringLiteral("y"), y}};
        break;
    }
    case SigningAlgorithm::EdDSA: {
        QByteArray raw(32, Qt::Uninitialized);
        size_t length = size_t(raw.size());
        if (EVP_PKEY_get_raw_public_key(k, reinterpret_cast<unsigned char *>(raw.data()), &length) != 1 || length != 32)
            fail("reading the Ed25519 public key");
        const QString x = b64(raw);
        m_publicJwk = {{QStringLiteral("kty"), QStringLiteral("OKP")}, {QStringLiteral("crv"), QStringLiteral("Ed25519")},
                       {QStringLiteral("x"), x}};
        break;
    }
    }
    m_kid = jwkThumbprint(m_publicJwk);
    m_publicJwk.insert(QStringLiteral("kid"), m_kid);
    m_publicJwk.insert(QStringLiteral("alg"), alg());
    m_publicJwk.insert(QStringLiteral("use"), QStringLiteral("sig"));
}

SigningKey SigningKey::generate(SigningAlgorithm algorithm)
{
    EVP_PKEY *key = nullptr;
    switch (algorithm) {
    case SigningAlgorithm::RS256:
        key = EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048));
        break;
    case SigningAlgorithm::ES256:
        key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
        break;
    case SigningAlgorithm::EdDSA:
        key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
        break;
    }
    if (!key)
        fail("generating a key");
    return SigningKey(algorithm, owned(key));
}

std::optional<SigningKey> SigningKey::fromPkcs8(SigningAlgorithm algorithm, QByteArrayView pkcs8)
{
    const auto *in = reinterpret_cast<const unsigned char *>(pkcs8.data());
    PKCS8_PRIV_KEY_INFO *info = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &in, long(pkcs8.size()));
    if (!info)
        return std::nullopt;
    const bool whole = in == reinterpret_cast<const unsigned char *>(pkcs8.data()) + pkcs8.size();
    EVP_PKEY *key = whole ? EVP_PKCS82PKEY(info) : nullptr;
    PKCS8_PRIV_KEY_INFO_free(info);
    ERR_clear_error();
    if (!key)
        return std::nullopt;
    std::shared_ptr<EVP_PKEY> shared = owned(key);
    if (!fits(key, algorithm))
        return std::nullopt;
    return SigningKey(algorithm, std::move(shared));
}

QByteArray SigningKey::privatePkcs8() const
{
    PKCS8_PRIV_KEY_INFO *info = EVP_PKEY2PKCS8(m_key.get());
    if (!info)
        fail("encoding the private key");
    unsigned char *out = nullptr;
    const int length = i2d_PKCS8_PRIV_KEY_INFO(info, &out);
    PKCS8_PRIV_KEY_INFO_free(info);
    if (length <= 0)
        fail("encoding the private key");
    QByteArray der(reinterpret_cast<const char *>(out), length);
    OPENSSL_clear_free(out, size_t(length));
    return der;
}

QByteArray SigningKey::sign(QByteArrayView signingInput) const
{
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (!context)
        fail("signing");
    const EVP_MD *digest = m_algorithm == SigningAlgorithm::EdDSA ? nullptr : EVP_sha256();
    size_t length = 0;
    const auto *data = reinterpret_cast<const unsigned char *>(signingInput.data());
    QByteArray signature;
    if (EVP_DigestSignInit(context, nullptr, digest, nullptr, m_key.get()) == 1
        && EVP_DigestSign(context, nullptr, &length, data, size_t(signingInput.size())) == 1) {
        signature.resize(qsizetype(length));
        if (EVP_DigestSign(context, reinterpret_cast<unsigned char *>(signature.data()), &length, data,
                           size_t(signingInput.size()))
            == 1)
            signature.resize(qsizetype(length));
        else
            signature.clear();
    }
    EVP_MD_CTX_free(context);
    if (signature.isEmpty())
        fail("signing");
    return m_algorithm == SigningAlgorithm::ES256 ? joseEcdsa(signature, 32) : signature;
}

} // namespace Gatehouse::OidcProvider
