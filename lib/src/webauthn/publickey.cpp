#include "webauthn/publickey.h"

#include "webauthn/cbor.h"
#include "webauthn/openssl_p.h"
#include "webauthn/verificationerror.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>

namespace Gatehouse::WebAuthn {

namespace {

// COSE_Key labels (RFC 9052 §7, RFC 9053 §7) and key types.
constexpr qint64 LabelKty = 1;
constexpr qint64 LabelAlg = 3;
constexpr qint64 LabelCrvOrN = -1;
constexpr qint64 LabelXOrE = -2;
constexpr qint64 LabelY = -3;
constexpr qint64 KtyOkp = 1;
constexpr qint64 KtyEc2 = 2;
constexpr qint64 KtyRsa = 3;
constexpr qint64 CrvP256 = 1;
constexpr qint64 CrvEd25519 = 6;
constexpr int MinimumRsaBits = 2048;

const unsigned char *bytesOf(QByteArrayView data)
{
    static const unsigned char empty = 0;
    return data.isEmpty() ? &empty : reinterpret_cast<const unsigned char *>(data.data());
}

std::shared_ptr<EVP_PKEY> share(EVP_PKEY *key)
{
    return std::shared_ptr<EVP_PKEY>(key, [](EVP_PKEY *p) { EVP_PKEY_free(p); });
}

// A public key of OpenSSL key type \a type from the parameters of \a build.
std::shared_ptr<EVP_PKEY> keyFromParams(const char *type, OSSL_PARAM_BLD *build, const QString &what)
{
    const Owned<OSSL_PARAM> params(OSSL_PARAM_BLD_to_param(build));
    const Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr));
    EVP_PKEY *key = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1
        || EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params.get()) != 1 || !key)
        refuse(QStringLiteral("%1: not a valid public key").arg(what));
    std::shared_ptr<EVP_PKEY> shared = share(key);
    const Owned<EVP_PKEY_CTX> check(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
    if (!check || EVP_PKEY_public_check(check.get()) != 1)
        refuse(QStringLiteral("%1: the public key fails validation").arg(what));
    return shared;
}

std::shared_ptr<EVP_PKEY> ec2Key(const QCborMap &cose)
{
    const QString what = QStringLiteral("COSE EC2 key");
    if (Cbor::integer(cose, LabelCrvOrN, what + QStringLiteral(" crv")) != CrvP256)
        refuse(what + QStringLiteral(": curve is not P-256 (crv 1)"));
    const QByteArray x = Cbor::bytes(cose, LabelXOrE, what + QStringLiteral(" x"));
    const QByteArray y = Cbor::bytes(cose, LabelY, what + QStringLiteral(" y"));
    if (x.size() != 32 || y.size() != 32)
        refuse(what + QStringLiteral(": x and y must be 32 bytes each (got %1 and %2)").arg(x.size()).arg(y.size()));
    const QByteArray point = QByteArray(1, '\x04') + x + y;
    const Owned<OSSL_PARAM_BLD> build(OSSL_PARAM_BLD_new());
    if (!build
        || OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1
        || OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.constData(), size_t(point.size())) != 1)
        refuse(what + QStringLiteral(": cannot build the key"));
    return keyFromParams("EC", build.get(), what);
}

std::shared_ptr<EVP_PKEY> rsaKey(const QCborMap &cose)
{
    const QString what = QStringLiteral("COSE RSA key");
    const QByteArray n = Cbor::bytes(cose, LabelCrvOrN, what + QStringLiteral(" n"));
    const QByteArray e = Cbor::bytes(cose, LabelXOrE, what + QStringLiteral(" e"));
    if (n.isEmpty() || e.isEmpty() || e.size() > 8)
        refuse(what + QStringLiteral(": n or e has an impossible length"));
    const Owned<BIGNUM> bn(BN_bin2bn(bytesOf(n), int(n.size()), nullptr));
    const Owned<BIGNUM> be(BN_bin2bn(bytesOf(e), int(e.size()), nullptr));
    if (!bn || !be)
        refuse(what + QStringLiteral(": cannot read n and e"));
    if (BN_num_bits(bn.get()) < MinimumRsaBits)
        refuse(what + QStringLiteral(": modulus of %1 bits is below the minimum of %2").arg(BN_num_bits(bn.get())).arg(MinimumRsaBits));
    if (!BN_is_odd(be.get()) || BN_num_bits(be.get()) < 2)
        refuse(what + QStringLiteral(": public exponent must be odd and at least 3"));
    const Owned<OSSL_PARAM_BLD> build(OSSL_PARAM_BLD_new());
    if (!build || OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_N, bn.get()) != 1
        || OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_E, be.get()) != 1)
        refuse(what + QStringLiteral(": cannot build the key"));
    return keyFromParams("RSA", build.get(), what);
}

std::shared_ptr<EVP_PKEY> okpKey(const QCborMap &cose)
{
    const QString what = QStringLiteral("COSE OKP key");
    if (Cbor::integer(cose, LabelCrvOrN, what + QStringLiteral(" crv")) != CrvEd25519)
        refuse(what + QStringLiteral(": curve is not Ed25519 (crv 6)"));
    const QByteArray x = Cbor::bytes(cose, LabelXOrE, what + QStringLiteral(" x"));
    if (x.size() != 32)
        refuse(what + QStringLiteral(": x must be 32 bytes (got %1)").arg(x.size()));
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, bytesOf(x), size_t(x.size()));
    if (!key)
        refuse(what + QStringLiteral(": not a valid Ed25519 public key"));
    return share(key);
}

} // namespace

QString algorithmName(qint64 alg)
{
    switch (alg) {
    case qint64(CoseAlgorithm::EdDSA):
        return QStringLiteral("EdDSA (-8)");
    case qint64(CoseAlgorithm::ES256):
        return QStringLiteral("ES256 (-7)");
    case qint64(CoseAlgorithm::RS256):
        return QStringLiteral("RS256 (-257)");
    default:
        return QStringLiteral("COSE algorithm %1").arg(alg);
    }
}

bool isSupportedAlgorithm(qint64 alg)
{
    return alg == qint64(CoseAlgorithm::EdDSA) || alg == qint64(CoseAlgorithm::ES256)
        || alg == qint64(CoseAlgorithm::RS256);
}

PublicKey::PublicKey(std::shared_ptr<EVP_PKEY> key, CoseAlgorithm algorithm)
    : m_key(std::move(key)), m_algorithm(algorithm)
{
}

PublicKey PublicKey::fromCose(QByteArrayView cbor)
{
    return fromCose(Cbor::map(Cbor::decodeAll(cbor, QStringLiteral("COSE key")), QStringLiteral("COSE key")));
}

PublicKey PublicKey::fromCose(const QCborMap &cose)
{
    const qint64 kty = Cbor::integer(cose, LabelKty, QStringLiteral("COSE key kty"));
    const qint64 alg = Cbor::integer(cose, LabelAlg, QStringLiteral("COSE key alg"));
    switch (kty) {
    case KtyEc2:
        if (alg != qint64(CoseAlgorithm::ES256))
            refuse(QStringLiteral("COSE EC2 key: algorithm %1 is not supported (only ES256)").arg(algorithmName(alg)));
        return PublicKey(ec2Key(cose), CoseAlgorithm::ES256);
    case KtyRsa:
        if (alg != qint64(CoseAlgorithm::RS256))
            refuse(QStringLiteral("COSE RSA key: algorithm %1 is not supported (only RS256)").arg(algorithmName(alg)));
        return PublicKey(rsaKey(cose), CoseAlgorithm::RS256);
    case KtyOkp:
        if (alg != qint64(CoseAlgorithm::EdDSA))
            refuse(QStringLiteral("COSE OKP key: algorithm %1 is not supported (only EdDSA)").arg(algorithmName(alg)));
        return PublicKey(okpKey(cose), CoseAlgorithm::EdDSA);
    default:
        refuse(QStringLiteral("COSE key: key type %1 is not supported (EC2, RSA and OKP are)").arg(kty));
    }
}

PublicKey PublicKey::fromCertificate(X509 *certificate, qint64 alg)
{
    EVP_PKEY *key = X509_get0_pubkey(certificate);
    if (!key)
        refuse(QStringLiteral("attestation certificate: unreadable public key"));
    bool suits = false;
    if (alg == qint64(CoseAlgorithm::ES256) && EVP_PKEY_is_a(key, "EC")) {
        char group[64] = {};
        size_t length = 0;
        suits = EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &length) == 1
            && qstrcmp(group, "prime256v1") == 0;
    } else if (alg == qint64(CoseAlgorithm::RS256) && EVP_PKEY_is_a(key, "RSA")) {
        suits = EVP_PKEY_get_bits(key) >= MinimumRsaBits;
    } else if (alg == qint64(CoseAlgorithm::EdDSA)) {
        suits = EVP_PKEY_is_a(key, "ED25519");
    }
    if (!suits)
        refuse(QStringLiteral("attestation certificate: its key does not suit algorithm %1").arg(algorithmName(alg)));
    if (EVP_PKEY_up_ref(key) != 1)
        refuse(QStringLiteral("attestation certificate: cannot use its key"));
    return PublicKey(share(key), CoseAlgorithm(alg));
}

bool PublicKey::verify(QByteArrayView data, QByteArrayView signature) const
{
    const char *digest = m_algorithm == CoseAlgorithm::EdDSA ? nullptr : "SHA256";
    const Owned<EVP_MD_CTX> ctx(EVP_MD_CTX_new());
    const bool valid = ctx
        && EVP_DigestVerifyInit_ex(ctx.get(), nullptr, digest, nullptr, nullptr, m_key.get(), nullptr) == 1
        && EVP_DigestVerify(ctx.get(), bytesOf(signature), size_t(signature.size()), bytesOf(data),
                            size_t(data.size())) == 1;
    ERR_clear_error();
    return valid;
}

} // namespace Gatehouse::WebAuthn
