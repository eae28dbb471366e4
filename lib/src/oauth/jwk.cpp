#include "oauth/jwk.h"

#include "crypto/base64url.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

namespace Gatehouse::OAuth {

namespace {

struct Deleter
{
    void operator()(EVP_PKEY_CTX *p) const { EVP_PKEY_CTX_free(p); }
    void operator()(OSSL_PARAM_BLD *p) const { OSSL_PARAM_BLD_free(p); }
    void operator()(OSSL_PARAM *p) const { OSSL_PARAM_free(p); }
    void operator()(BIGNUM *p) const { BN_free(p); }
};
template<typename T>
using Owned = std::unique_ptr<T, Deleter>;

std::optional<QByteArray> member(const QJsonObject &jwk, const char *name, QString *problem)
{
    const QJsonValue v = jwk.value(QLatin1String(name));
    if (!v.isString()) {
        *problem = QStringLiteral("member \"%1\" is missing").arg(QLatin1String(name));
        return std::nullopt;
    }
    std::optional<QByteArray> bytes = Crypto::base64UrlDecode(QStringView(v.toString()));
    if (!bytes || bytes->isEmpty()) {
        *problem = QStringLiteral("member \"%1\" is not base64url").arg(QLatin1String(name));
        return std::nullopt;
    }
    return bytes;
}

//! A public key of \a type built from \a build's parameters, checked by OpenSSL.
EVP_PKEY *fromParams(const char *type, OSSL_PARAM_BLD *build, QString *problem)
{
    const Owned<OSSL_PARAM> params(OSSL_PARAM_BLD_to_param(build));
    const Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr));
    EVP_PKEY *key = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0
        || EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params.get()) <= 0) {
        *problem = QStringLiteral("OpenSSL does not accept the %1 key").arg(QLatin1String(type));
        return nullptr;
    }
    const Owned<EVP_PKEY_CTX> check(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
    if (!check || EVP_PKEY_public_check(check.get()) != 1) {
        EVP_PKEY_free(key);
        *problem = QStringLiteral("the %1 public key is invalid").arg(QLatin1String(type));
        return nullptr;
    }
    return key;
}

EVP_PKEY *rsaKey(const QJsonObject &jwk, QString *problem)
{
    const auto n = member(jwk, "n", problem);
    const auto e = n ? member(jwk, "e", problem) : std::nullopt;
    if (!n || !e)
        return nullptr;
    const Owned<BIGNUM> modulus(BN_bin2bn(reinterpret_cast<const unsigned char *>(n->constData()), int(n->size()), nullptr));
    const Owned<BIGNUM> exponent(BN_bin2bn(reinterpret_cast<const unsigned char *>(e->constData()), int(e->size()), nullptr));
    if (!modulus || !exponent)
        return nullptr;
    if (BN_num_bits(modulus.get()) < 2048) {
        *problem = QStringLiteral("RSA modulus of %1 bits is too short (at least 2048)").arg(BN_num_bits(modulus.get()));
        return nullptr;
    }
    const Owned<OSSL_PARAM_BLD> build(OSSL_PARAM_BLD_new());
    if (!build || !OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_N, modulus.get())
        || !OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_RSA_E, exponent.get()))
        return nullptr;
    return fromParams("RSA", build.get(), problem);
}

EVP_PKEY *ecKey(const QJsonObject &jwk, const QString &crv, QString *problem)
{
    int size = 0;
    if (crv == QLatin1String("P-256"))
        size = 32;
    else if (crv == QLatin1String("P-384"))
        size = 48;
    else if (crv == QLatin1String("P-521"))
        size = 66;
    if (size == 0) {
        *problem = QStringLiteral("EC curve \"%1\" is not supported").arg(crv);
        return nullptr;
    }
    const auto x = member(jwk, "x", problem);
    const auto y = x ? member(jwk, "y", problem) : std::nullopt;
    if (!x || !y)
        return nullptr;
    if (x->size() != size || y->size() != size) {
        *problem = QStringLiteral("EC coordinates must be %1 bytes for %2").arg(size).arg(crv);
        return nullptr;
    }
    const QByteArray point = QByteArray(1, '\x04') + *x + *y;
    const QByteArray group = crv.toLatin1();
    const Owned<OSSL_PARAM_BLD> build(OSSL_PARAM_BLD_new());
    if (!build || !OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, group.constData(), 0)
        || !OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.constData(), size_t(point.size())))
        return nullptr;
    return fromParams("EC", build.get(), problem);
}

EVP_PKEY *okpKey(const QJsonObject &jwk, const QString &crv, QString *problem)
{
    int type = 0;
    int size = 0;
    if (crv == QLatin1String("Ed25519")) {
        type = EVP_PKEY_ED25519;
        size = 32;
    } else if (crv == QLatin1String("Ed448")) {
        type = EVP_PKEY_ED448;
        size = 57;
    } else {
        *problem = QStringLiteral("OKP curve \"%1\" is not supported").arg(crv);
        return nullptr;
    }
    const auto x = member(jwk, "x", problem);
    if (!x)
        return nullptr;
    if (x->size() != size) {
        *problem = QStringLiteral("%1 public key must be %2 bytes").arg(crv).arg(size);
        return nullptr;
    }
    return EVP_PKEY_new_raw_public_key(type, nullptr, reinterpret_cast<const unsigned char *>(x->constData()), size_t(size));
}

} // namespace

std::optional<Jwk> Jwk::fromJson(const QJsonObject &jwk, QString *problem)
{
    Jwk key;
    key.m_kty = jwk.value(QLatin1String("kty")).toString();
    key.m_kid = jwk.value(QLatin1String("kid")).toString();
    key.m_crv = jwk.value(QLatin1String("crv")).toString();
    key.m_alg = jwk.value(QLatin1String("alg")).toString();
    key.m_use = jwk.value(QLatin1String("use")).toString();
    for (const QJsonValue &op : jwk.value(QLatin1String("key_ops")).toArray())
        key.m_keyOps.append(op.toString());
    for (const char *secret : {"d", "p", "q", "dp", "dq", "qi", "k"}) {
        if (jwk.contains(QLatin1String(secret))) {
            *problem = QStringLiteral("holds private or secret key material (\"%1\")").arg(QLatin1String(secret));
            return std::nullopt;
        }
    }
    EVP_PKEY *raw = nullptr;
    if (key.m_kty == QLatin1String("RSA"))
        raw = rsaKey(jwk, problem);
    else if (key.m_kty == QLatin1String("EC"))
        raw = ecKey(jwk, key.m_crv, problem);
    else if (key.m_kty == QLatin1String("OKP"))
        raw = okpKey(jwk, key.m_crv, problem);
    else
        *problem = QStringLiteral("key type \"%1\" is not supported").arg(key.m_kty);
    if (!raw) {
        if (problem->isEmpty())
            *problem = QStringLiteral("OpenSSL could not build the key");
        return std::nullopt;
    }
    key.m_key.reset(raw, EVP_PKEY_free);
    return key;
}

std::optional<JwkSet> JwkSet::fromJson(const QByteArray &json, QString *problem)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    if (!doc.isObject() || !doc.object().value(QLatin1String("keys")).isArray()) {
        *problem = QStringLiteral("not a JWK Set (a JSON object with a \"keys\" array)");
        return std::nullopt;
    }
    JwkSet set;
    const QJsonArray keys = doc.object().value(QLatin1String("keys")).toArray();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QJsonObject object = keys.at(i).toObject();
        QString why;
        if (std::optional<Jwk> key = Jwk::fromJson(object, &why))
            set.keys.append(*key);
        else
            set.skipped.append(QStringLiteral("keys[%1] (kid \"%2\"): %3")
                                   .arg(i).arg(object.value(QLatin1String("kid")).toString(), why));
    }
    return set;
}

bool JwkSet::hasKid(const QString &kid) const
{
    return std::any_of(keys.cbegin(), keys.cend(), [&](const Jwk &k) { return k.kid() == kid; });
}

} // namespace Gatehouse::OAuth
