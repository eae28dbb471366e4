#include "softauthenticator.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "crypto/random.h"

#include <QCborMap>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtEndian>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

namespace Gatehouse::Test {

namespace {

QString base64Url(const QByteArray &data)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(data));
}

QByteArray bigNumber(EVP_PKEY *key, const char *name)
{
    BIGNUM *bn = nullptr;
    if (EVP_PKEY_get_bn_param(key, name, &bn) != 1)
        qFatal("cannot read %s of the test key", name);
    QByteArray bytes(BN_num_bytes(bn), Qt::Uninitialized);
    BN_bn2bin(bn, reinterpret_cast<unsigned char *>(bytes.data()));
    BN_free(bn);
    return bytes;
}

} // namespace

SoftAuthenticator::SoftAuthenticator(Algorithm algorithm)
    : m_algorithm(algorithm)
{
    EVP_PKEY *key = algorithm == Algorithm::ES256 ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                                                  : EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048));
    if (!key)
        qFatal("cannot generate the test key");
    m_key.reset(key, EVP_PKEY_free);
}

QByteArray SoftAuthenticator::cosePublicKey() const
{
    QCborMap cose;
    if (m_algorithm == Algorithm::ES256) {
        unsigned char point[65];
        size_t length = 0;
        EVP_PKEY_get_octet_string_param(m_key.get(), OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point, &length);
        const QByteArray xy(reinterpret_cast<const char *>(point) + 1, 64);
        cose = {{1, 2}, {3, -7}, {-1, 1}, {-2, xy.left(32)}, {-3, xy.mid(32)}};
    } else {
        cose = {{1, 3}, {3, -257}, {-1, bigNumber(m_key.get(), OSSL_PKEY_PARAM_RSA_N)},
                {-2, bigNumber(m_key.get(), OSSL_PKEY_PARAM_RSA_E)}};
    }
    return QCborValue(cose).toCbor();
}

QByteArray SoftAuthenticator::sign(const QByteArray &data) const
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t length = 0;
    EVP_DigestSignInit_ex(ctx, nullptr, "SHA256", nullptr, nullptr, m_key.get(), nullptr);
    EVP_DigestSign(ctx, nullptr, &length, reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()));
    QByteArray signature(qsizetype(length), Qt::Uninitialized);
    EVP_DigestSign(ctx, reinterpret_cast<unsigned char *>(signature.data()), &length,
                   reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()));
    EVP_MD_CTX_free(ctx);
    signature.truncate(qsizetype(length));
    return signature;
}

QByteArray SoftAuthenticator::authenticatorData(const QString &optionsRpId, quint8 dataFlags, const QByteArray &attested) const
{
    QByteArray data = Crypto::sha256((rpId.isEmpty() ? optionsRpId : rpId).toUtf8());
    data.append(char(dataFlags));
    char count[4];
    qToBigEndian(counter, count);
    data.append(count, 4);
    return data + attested;
}

QByteArray SoftAuthenticator::clientData(const QString &type, const QString &challenge) const
{
    return QJsonDocument(QJsonObject{{"type", type}, {"challenge", challenge}, {"origin", origin}, {"crossOrigin", false}})
        .toJson(QJsonDocument::Compact);
}

bool SoftAuthenticator::isListedIn(const QJsonObject &options, const QString &member) const
{
    for (const QJsonValue &d : options.value(member).toArray()) {
        if (d.toObject().value("id").toString() == base64Url(credentialId))
            return true;
    }
    return false;
}

QJsonObject SoftAuthenticator::create(const QJsonObject &options)
{
    credentialId = Crypto::randomBytes(16);
    QByteArray attested(16, '\0');  // AAGUID
    char length[2];
    qToBigEndian(quint16(credentialId.size()), length);
    attested.append(length, 2);
    attested += credentialId + cosePublicKey();
    const QByteArray authData =
        authenticatorData(options.value("rp").toObject().value("id").toString(), flags | 0x40, attested);
    const QCborMap attestation{{QStringLiteral("fmt"), QStringLiteral("none")},
                               {QStringLiteral("attStmt"), QCborMap()},
                               {QStringLiteral("authData"), authData}};
    const QString id = base64Url(credentialId);
    return QJsonObject{
        {"id", id}, {"rawId", id}, {"type", "public-key"},
        {"response", QJsonObject{{"clientDataJSON", base64Url(clientData("webauthn.create", options.value("challenge").toString()))},
                                 {"attestationObject", base64Url(QCborValue(attestation).toCbor())},
                                 {"transports", QJsonArray{"internal"}}}},
        {"clientExtensionResults", QJsonObject()},
    };
}

QJsonObject SoftAuthenticator::get(const QJsonObject &options)
{
    ++counter;
    const QByteArray authData = authenticatorData(options.value("rpId").toString(), flags, {});
    const QByteArray clientDataJson = clientData("webauthn.get", options.value("challenge").toString());
    const QString id = base64Url(credentialId);
    return QJsonObject{
        {"id", id}, {"rawId", id}, {"type", "public-key"},
        {"response", QJsonObject{{"clientDataJSON", base64Url(clientDataJson)},
                                 {"authenticatorData", base64Url(authData)},
                                 {"signature", base64Url(sign(authData + Crypto::sha256(clientDataJson)))},
                                 {"userHandle", QJsonValue::Null}}},
        {"clientExtensionResults", QJsonObject()},
    };
}

} // namespace Gatehouse::Test
