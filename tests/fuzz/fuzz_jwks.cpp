// libFuzzer target for JWK Sets (oauth/jwk) as an identity provider's jwks_uri serves them: RSA,
// EC and OKP public keys built through OpenSSL, and the check of which key fits which algorithm
// (oauth/jws keyFits), then a signature verification with every key that fits.
//
// Input: the JWKS document. Properties: every key kept has a supported type and an OpenSSL key;
// every entry of "keys" is kept or skipped with a reason; hasKid() finds every kept kid.
// Seeds: corpus/jwks (the keys of tests/unit/oauth/tst_jws.cpp and of the providers' catalogue
// tests, and keys with each problem the unit tests name).
#include "fuzzsupport.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse::OAuth;

namespace {

// One token per algorithm, with a signature of the size that algorithm's keys produce.
const QList<CompactJws> &tokens()
{
    static const QList<CompactJws> list = [] {
        QList<CompactJws> out;
        for (const QString &alg : asymmetricAlgorithms()) {
            const int size = alg.startsWith(QLatin1String("ES256")) ? 64
                : alg == QLatin1String("ES384")                    ? 96
                : alg == QLatin1String("ES512")                    ? 132
                : alg == QLatin1String("EdDSA")                    ? 64
                                                                   : 256;
            const QByteArray header = QJsonDocument(QJsonObject{{"alg", alg}}).toJson(QJsonDocument::Compact);
            const QString token = QString::fromLatin1(header.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                                                      + ".e30." + QByteArray(size, '\x11').toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
            QString problem;
            out.append(*CompactJws::parse(token, &problem));
        }
        return out;
    }();
    return list;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    tokens();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    QString problem;
    const std::optional<JwkSet> set = JwkSet::fromJson(json, &problem);
    if (!set) {
        FUZZ_CHECK(!problem.isEmpty(), QString());
        return 0;
    }
    const qsizetype entries = QJsonDocument::fromJson(json).object().value(QLatin1String("keys")).toArray().size();
    FUZZ_CHECK(set->keys.size() + set->skipped.size() == entries,
               QStringLiteral("%1 kept + %2 skipped of %3").arg(set->keys.size()).arg(set->skipped.size()).arg(entries));
    for (const Jwk &key : set->keys) {
        FUZZ_CHECK(key.key() != nullptr, key.kid());
        FUZZ_CHECK(key.kty() == QLatin1String("RSA") || key.kty() == QLatin1String("EC") || key.kty() == QLatin1String("OKP"),
                   key.kty());
        FUZZ_CHECK(set->hasKid(key.kid()), key.kid());
        for (const CompactJws &jws : tokens()) {
            if (keyFits(key, jws.alg))
                FUZZ_CHECK(!verifySignature(jws, key), QStringLiteral("a made-up %1 signature verified").arg(jws.alg));
        }
    }
    return 0;
}
