#include "oidcprovider/keybox.h"

#include "crypto/base64url.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <openssl/crypto.h>

namespace Gatehouse::OidcProvider {

namespace {

const QString salt = QStringLiteral("gatehouse.oidc-signing-key");

//! Overwrites \a secret's bytes before its memory is given back.
void wipe(QByteArray &secret)
{
    if (!secret.isEmpty())
        OPENSSL_cleanse(secret.data(), size_t(secret.size()));
    secret.clear();
}

} // namespace

KeyBox::KeyBox(const QStringList &secrets)
    : m_codec(secrets)
{
}

OidcSigningKeyRecord KeyBox::seal(const SigningKey &key, qint64 generation) const
{
    QByteArray der = key.privatePkcs8();
    QByteArray encoded = Crypto::base64UrlEncode(der);
    wipe(der);
    QByteArray payload = QJsonDocument(QJsonObject{{QStringLiteral("kid"), key.kid()},
                                                   {QStringLiteral("alg"), key.alg()},
                                                   {QStringLiteral("key"), QString::fromLatin1(encoded)}})
                             .toJson(QJsonDocument::Compact);
    wipe(encoded);
    const QString sealed = m_codec.encryptRaw(payload, salt);
    wipe(payload);
    return {key.kid(), key.alg(), generation, sealed, QDateTime::currentDateTimeUtc()};
}

std::optional<SigningKey> KeyBox::open(const OidcSigningKeyRecord &record) const
{
    const std::optional<SigningAlgorithm> algorithm = algorithmNamed(record.alg);
    if (!algorithm)
        return std::nullopt;
    std::optional<QByteArray> payload = m_codec.decryptRaw(record.sealedKey, salt);
    if (!payload)
        return std::nullopt;
    const QJsonObject claims = QJsonDocument::fromJson(*payload).object();
    wipe(*payload);
    if (claims.value(QStringLiteral("kid")).toString() != record.kid
        || claims.value(QStringLiteral("alg")).toString() != record.alg)
        return std::nullopt;
    std::optional<QByteArray> der = Crypto::base64UrlDecode(QStringView(claims.value(QStringLiteral("key")).toString()));
    if (!der)
        return std::nullopt;
    std::optional<SigningKey> key = SigningKey::fromPkcs8(*algorithm, *der);
    wipe(*der);
    // The row's kid must be the key's own thumbprint: what is published is what signs.
    if (!key || key->kid() != record.kid)
        return std::nullopt;
    return key;
}

} // namespace Gatehouse::OidcProvider
