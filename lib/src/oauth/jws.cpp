#include "oauth/jws.h"

#include "crypto/base64url.h"
#include "crypto/compare.h"

#include <QJsonDocument>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rsa.h>

namespace Gatehouse::OAuth {

namespace {

struct Algorithm
{
    const char *name;
    const char *digest;   //!< nullptr for EdDSA
    const char *kty;
    const char *crv;      //!< EC: the curve the algorithm requires
    bool pss;
    int ecSize;           //!< EC: bytes of r and of s
};

constexpr Algorithm algorithms[] = {
    {"RS256", "SHA256", "RSA", nullptr, false, 0},  {"RS384", "SHA384", "RSA", nullptr, false, 0},
    {"RS512", "SHA512", "RSA", nullptr, false, 0},  {"PS256", "SHA256", "RSA", nullptr, true, 0},
    {"PS384", "SHA384", "RSA", nullptr, true, 0},   {"PS512", "SHA512", "RSA", nullptr, true, 0},
    {"ES256", "SHA256", "EC", "P-256", false, 32},  {"ES384", "SHA384", "EC", "P-384", false, 48},
    {"ES512", "SHA512", "EC", "P-521", false, 66},  {"EdDSA", nullptr, "OKP", nullptr, false, 0},
};

const Algorithm *algorithm(const QString &name)
{
    for (const Algorithm &a : algorithms) {
        if (name == QLatin1String(a.name))
            return &a;
    }
    return nullptr;
}

//! JOSE's r||s ECDSA signature as the DER SEQUENCE OpenSSL verifies.
QByteArray derSignature(const QByteArray &raw, int size)
{
    if (raw.size() != 2 * size)
        return {};
    ECDSA_SIG *sig = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()), size, nullptr);
    BIGNUM *s = BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()) + size, size, nullptr);
    QByteArray der;
    if (sig && r && s && ECDSA_SIG_set0(sig, r, s) == 1) {
        r = s = nullptr;  // owned by sig now
        unsigned char *out = nullptr;
        const int length = i2d_ECDSA_SIG(sig, &out);
        if (length > 0)
            der = QByteArray(reinterpret_cast<const char *>(out), length);
        OPENSSL_free(out);
    }
    BN_free(r);
    BN_free(s);
    ECDSA_SIG_free(sig);
    return der;
}

} // namespace

std::optional<CompactJws> CompactJws::parse(QStringView token, QString *problem)
{
    const qsizetype first = token.indexOf(u'.');
    const qsizetype second = first < 0 ? -1 : token.indexOf(u'.', first + 1);
    if (first < 0 || second < 0 || token.indexOf(u'.', second + 1) >= 0) {
        *problem = QStringLiteral("not a compact JWS (three dot-separated parts)");
        return std::nullopt;
    }
    const auto header = Crypto::base64UrlDecode(token.first(first));
    const auto payload = Crypto::base64UrlDecode(token.sliced(first + 1, second - first - 1));
    const auto signature = Crypto::base64UrlDecode(token.sliced(second + 1));
    if (!header || !payload || !signature) {
        *problem = QStringLiteral("a part of the JWS is not base64url");
        return std::nullopt;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(*header);
    if (!doc.isObject() || !doc.object().value(QLatin1String("alg")).isString()) {
        *problem = QStringLiteral("the JWS header is not a JSON object with a string \"alg\"");
        return std::nullopt;
    }
    if (doc.object().contains(QLatin1String("crit"))) {
        *problem = QStringLiteral("the JWS header has \"crit\" extensions, which are not supported");
        return std::nullopt;
    }
    CompactJws jws;
    jws.header = doc.object();
    jws.alg = jws.header.value(QLatin1String("alg")).toString();
    jws.kid = jws.header.value(QLatin1String("kid")).toString();
    jws.payload = *payload;
    jws.signingInput = token.first(second).toLatin1();
    jws.signature = *signature;
    return jws;
}

const QStringList &asymmetricAlgorithms()
{
    static const QStringList names = [] {
        QStringList list;
        for (const Algorithm &a : algorithms)
            list.append(QLatin1String(a.name));
        return list;
    }();
    return names;
}

bool isHmacAlgorithm(const QString &alg)
{
    return alg == QLatin1String("HS256") || alg == QLatin1String("HS384") || alg == QLatin1String("HS512");
}

bool keyFits(const Jwk &key, const QString &alg)
{
    const Algorithm *a = algorithm(alg);
    if (!a || key.kty() != QLatin1String(a->kty))
        return false;
    if (a->crv && key.crv() != QLatin1String(a->crv))
        return false;
    if (!key.alg().isEmpty() && key.alg() != alg)
        return false;
    if (!key.use().isEmpty() && key.use() != QLatin1String("sig"))
        return false;
    return key.keyOps().isEmpty() || key.keyOps().contains(QLatin1String("verify"));
}

bool verifySignature(const CompactJws &jws, const Jwk &key)
{
    const Algorithm *a = algorithm(jws.alg);
    if (!a || !keyFits(key, jws.alg))
        return false;
    const QByteArray signature = a->ecSize ? derSignature(jws.signature, a->ecSize) : jws.signature;
    if (signature.isEmpty())
        return false;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = nullptr;
    bool ok = ctx && EVP_DigestVerifyInit_ex(ctx, &pctx, a->digest, nullptr, nullptr, key.key(), nullptr) == 1;
    if (ok && a->pss) {
        ok = EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) == 1
            && EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, RSA_PSS_SALTLEN_DIGEST) == 1;
    }
    ok = ok
        && EVP_DigestVerify(ctx, reinterpret_cast<const unsigned char *>(signature.constData()), size_t(signature.size()),
                            reinterpret_cast<const unsigned char *>(jws.signingInput.constData()),
                            size_t(jws.signingInput.size())) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

bool verifyHmac(const CompactJws &jws, QByteArrayView secret)
{
    const EVP_MD *md = jws.alg == QLatin1String("HS256") ? EVP_sha256()
        : jws.alg == QLatin1String("HS384")              ? EVP_sha384()
        : jws.alg == QLatin1String("HS512")              ? EVP_sha512()
                                                         : nullptr;
    if (!md || secret.isEmpty())
        return false;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(md, secret.data(), int(secret.size()), reinterpret_cast<const unsigned char *>(jws.signingInput.constData()),
              size_t(jws.signingInput.size()), mac, &length))
        return false;
    return Crypto::constantTimeEquals(QByteArrayView(reinterpret_cast<const char *>(mac), length), jws.signature);
}

} // namespace Gatehouse::OAuth
