// libFuzzer target for id_token validation (oauth/jws, oauth/jwk, oauth/idtoken, and
// OAuthClient::verifyIdToken for HMAC id_tokens, which needs no network).
//
// Input: one option byte, then:
//  - option bit 0 clear: a compact JWS as an identity provider could send it. It is parsed and
//    checked against keys of every type (RSA, EC P-256/384/521, Ed25519, made at start-up) and
//    the client secret.
//  - option bit 0 set: parts cut at "\n---\n" [header JSON, payload JSON, nonce, edits]. The target
//    signs header and payload as the header's alg says (HMAC with the client secret — or a wrong
//    one when option bit 1 is set —, or the start-up key of that algorithm), applies the edits
//    (3 bytes each: replace, insert, delete, truncate) and verifies the token: HMAC tokens through
//    OAuthClient::verifyIdToken() (signature, then the claims), others with verifySignature() and
//    checkIdTokenClaims().
// Properties: an unedited token signed with a key that fits verifies; a verified HMAC token's claims
// are the payload. Seeds: corpus/idtoken (headers and claims of tests/unit/oauth/tst_idtoken.cpp
// and tst_jws.cpp).
#include "crypto/base64url.h"
#include "fuzzsupport.h"
#include "oauth/idtoken.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"
#include "oauth/oauthclient.h"

#include <gatehouse/autherror.h>

#include <QJsonDocument>

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rsa.h>

#include <cstddef>
#include <cstdint>
#include <memory>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {

const QString kIssuer = QStringLiteral("https://idp.example");
const QString kClientId = QStringLiteral("gatehouse-client");
const QByteArray kClientSecret = "fuzz-client-secret-0123456789abcdef";

struct SigningKey
{
    std::shared_ptr<EVP_PKEY> key;
    Jwk jwk;
};

QByteArray bignum(EVP_PKEY *key, const char *name, int size = 0)
{
    BIGNUM *bn = nullptr;
    EVP_PKEY_get_bn_param(key, name, &bn);
    QByteArray out(size ? size : BN_num_bytes(bn), '\0');
    BN_bn2binpad(bn, reinterpret_cast<unsigned char *>(out.data()), int(out.size()));
    BN_free(bn);
    return out;
}

QString b64(QByteArrayView data)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(data));
}

SigningKey makeKey(const char *type, const char *curve, int size)
{
    SigningKey k;
    QJsonObject jwk;
    if (qstrcmp(type, "RSA") == 0) {
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048)), EVP_PKEY_free);
        jwk = {{"kty", "RSA"}, {"n", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_RSA_N))},
               {"e", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_RSA_E))}};
    } else if (qstrcmp(type, "EC") == 0) {
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve), EVP_PKEY_free);
        const char *crv = size == 32 ? "P-256" : size == 48 ? "P-384" : "P-521";
        jwk = {{"kty", "EC"}, {"crv", crv}, {"x", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_EC_PUB_X, size))},
               {"y", b64(bignum(k.key.get(), OSSL_PKEY_PARAM_EC_PUB_Y, size))}};
    } else {
        k.key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"), EVP_PKEY_free);
        unsigned char raw[32];
        size_t length = sizeof raw;
        EVP_PKEY_get_raw_public_key(k.key.get(), raw, &length);
        jwk = {{"kty", "OKP"}, {"crv", "Ed25519"}, {"x", b64(QByteArrayView(reinterpret_cast<char *>(raw), qsizetype(length)))}};
    }
    QString problem;
    k.jwk = *Jwk::fromJson(jwk, &problem);
    return k;
}

const QList<SigningKey> &keys()
{
    static const QList<SigningKey> list = {makeKey("RSA", nullptr, 0), makeKey("EC", "P-256", 32),
                                           makeKey("EC", "P-384", 48), makeKey("EC", "P-521", 66),
                                           makeKey("OKP", nullptr, 0)};
    return list;
}

const SigningKey *keyFor(const QString &alg)
{
    for (const SigningKey &k : keys()) {
        if (keyFits(k.jwk, alg))
            return &k;
    }
    return nullptr;
}

const EVP_MD *digestOf(const QString &alg)
{
    if (alg.endsWith(QLatin1String("384")))
        return EVP_sha384();
    if (alg.endsWith(QLatin1String("512")))
        return EVP_sha512();
    return alg == QLatin1String("EdDSA") ? nullptr : EVP_sha256();
}

QByteArray sign(const SigningKey &k, const QString &alg, const QByteArray &input)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = nullptr;
    EVP_DigestSignInit(ctx, &pctx, digestOf(alg), nullptr, k.key.get());
    if (alg.startsWith(QLatin1String("PS"))) {
        EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING);
        EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, RSA_PSS_SALTLEN_DIGEST);
    }
    size_t length = 0;
    const auto *in = reinterpret_cast<const unsigned char *>(input.constData());
    EVP_DigestSign(ctx, nullptr, &length, in, size_t(input.size()));
    QByteArray signature(qsizetype(length), '\0');
    EVP_DigestSign(ctx, reinterpret_cast<unsigned char *>(signature.data()), &length, in, size_t(input.size()));
    signature.truncate(qsizetype(length));
    EVP_MD_CTX_free(ctx);
    if (!alg.startsWith(QLatin1String("ES")))
        return signature;
    // DER to JOSE's r||s.
    const int size = alg == QLatin1String("ES256") ? 32 : alg == QLatin1String("ES384") ? 48 : 66;
    const auto *der = reinterpret_cast<const unsigned char *>(signature.constData());
    ECDSA_SIG *sig = d2i_ECDSA_SIG(nullptr, &der, long(signature.size()));
    QByteArray raw(2 * size, '\0');
    BN_bn2binpad(ECDSA_SIG_get0_r(sig), reinterpret_cast<unsigned char *>(raw.data()), size);
    BN_bn2binpad(ECDSA_SIG_get0_s(sig), reinterpret_cast<unsigned char *>(raw.data()) + size, size);
    ECDSA_SIG_free(sig);
    return raw;
}

QByteArray hmac(const QString &alg, QByteArrayView secret, const QByteArray &input)
{
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(digestOf(alg), secret.data(), int(secret.size()), reinterpret_cast<const unsigned char *>(input.constData()),
         size_t(input.size()), mac, &length);
    return QByteArray(reinterpret_cast<const char *>(mac), int(length));
}

void edit(QByteArray &token, QByteArrayView edits)
{
    for (qsizetype i = 0; i + 2 < edits.size() && !token.isEmpty(); i += 3) {
        const qsizetype at = qsizetype(quint8(edits[i + 1])) * 7 % token.size();
        switch (quint8(edits[i]) & 3) {
        case 0: token[at] = edits[i + 2]; break;
        case 1: token.insert(at, edits[i + 2]); break;
        case 2: token.remove(at, 1); break;
        case 3: token.truncate(at); break;
        }
    }
}

std::optional<QString> nonceOf(const QByteArray &part)
{
    return part.isEmpty() ? std::nullopt : std::optional<QString>(QString::fromUtf8(part));
}

void checkClaims(const QByteArray &payload, const std::optional<QString> &nonce)
{
    const QJsonDocument document = QJsonDocument::fromJson(payload);
    if (!document.isObject())
        return;
    IdTokenRules rules;
    rules.issuer = kIssuer;
    rules.clientId = kClientId;
    rules.nonce = nonce;
    rules.now = 1700000000;
    try {
        checkIdTokenClaims(document.object(), rules);
    } catch (const AuthError &) {
    }
}

// The id_token as the OAuth flow verifies an HMAC-signed one.
std::optional<QJsonObject> verifyHmacToken(const QString &token, const QString &alg, const std::optional<QString> &nonce)
{
    static const OAuthClient client;
    ProviderSettings settings;
    settings.id = QStringLiteral("fuzz");
    settings.type = QStringLiteral("oidc");
    settings.clientId = kClientId;
    settings.clientSecret = QString::fromLatin1(kClientSecret);
    settings.idTokenSignedResponseAlg = alg;
    Endpoints endpoints;
    endpoints.issuer = kIssuer;
    QFuture<QJsonObject> verified = client.verifyIdToken(settings, endpoints, token, nonce);
    FUZZ_CHECK(verified.isFinished(), QStringLiteral("an HMAC id_token needs no network"));
    try {
        return verified.result();
    } catch (const AuthError &) {
        return std::nullopt;
    }
}

void checkRaw(const QString &token)
{
    QString problem;
    const std::optional<CompactJws> jws = CompactJws::parse(token, &problem);
    if (!jws) {
        FUZZ_CHECK(!problem.isEmpty(), token);
        return;
    }
    for (const SigningKey &k : keys()) {
        if (keyFits(k.jwk, jws->alg))
            (void)verifySignature(*jws, k.jwk);
    }
    (void)verifyHmac(*jws, kClientSecret);
    if (isHmacAlgorithm(jws->alg))
        (void)verifyHmacToken(token, jws->alg, std::nullopt);
    checkClaims(jws->payload, std::nullopt);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    keys();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fuzz::Bytes input(QByteArrayView(data, qsizetype(size)));
    const quint8 options = input.byte();
    if (!(options & 1)) {
        checkRaw(QString::fromUtf8(input.rest()));
        return 0;
    }

    const QList<QByteArray> parts = Fuzz::parts(input.rest(), 4);
    const QByteArray &header = parts[0];
    const QByteArray &payload = parts[1];
    const std::optional<QString> nonce = nonceOf(parts[2]);
    const QString alg = QJsonDocument::fromJson(header).object().value(QLatin1String("alg")).toString();
    const QByteArray signingInput = Crypto::base64UrlEncode(header) + '.' + Crypto::base64UrlEncode(payload);
    const bool hmacAlg = isHmacAlgorithm(alg);
    const SigningKey *key = hmacAlg ? nullptr : keyFor(alg);
    const bool wrongSecret = options & 2;
    QByteArray signature;
    if (hmacAlg)
        signature = hmac(alg, wrongSecret ? QByteArrayView("not the client secret") : QByteArrayView(kClientSecret), signingInput);
    else if (key)
        signature = sign(*key, alg, signingInput);
    QByteArray token = signingInput + '.' + Crypto::base64UrlEncode(signature);
    const bool edited = parts[3].size() >= 3;
    edit(token, parts[3]);
    const QString text = QString::fromLatin1(token);

    QString problem;
    const std::optional<CompactJws> jws = CompactJws::parse(text, &problem);
    if (!jws)
        return 0;
    if (hmacAlg) {
        // Verified as a provider configured for the alg it was signed with: an edit that rewrites
        // the header's alg must be refused, not sent on to the issuer's JWKS.
        const std::optional<QJsonObject> claims = verifyHmacToken(text, alg, nonce);
        if (!edited && !wrongSecret)
            FUZZ_CHECK(verifyHmac(*jws, kClientSecret), text);
        if (claims)
            FUZZ_CHECK(*claims == QJsonDocument::fromJson(jws->payload).object(), text);
    } else if (key) {
        const bool verified = verifySignature(*jws, key->jwk);
        if (!edited)
            FUZZ_CHECK(verified, QStringLiteral("%1 signature of a fitting key refused: %2").arg(alg, text));
        checkClaims(jws->payload, nonce);
    } else {
        checkRaw(text);
    }
    return 0;
}
