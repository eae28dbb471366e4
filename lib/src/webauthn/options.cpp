#include "webauthn/options.h"

#include "crypto/base64url.h"

#include <QJsonArray>

namespace Gatehouse::WebAuthn {

namespace {

QString base64Url(const QByteArray &data)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(data));
}

QJsonArray descriptors(const QList<CredentialDescriptor> &credentials)
{
    QJsonArray array;
    for (const CredentialDescriptor &credential : credentials) {
        QJsonObject entry{{QStringLiteral("id"), base64Url(credential.id)},
                          {QStringLiteral("type"), QStringLiteral("public-key")}};
        if (!credential.transports.isEmpty())
            entry.insert(QStringLiteral("transports"), QJsonArray::fromStringList(credential.transports));
        array.append(entry);
    }
    return array;
}

} // namespace

QJsonObject CreationOptions::toJson() const
{
    QJsonArray parameters;
    for (const qint64 alg : algorithms)
        parameters.append(QJsonObject{{QStringLiteral("alg"), alg}, {QStringLiteral("type"), QStringLiteral("public-key")}});
    QJsonObject options{
        {QStringLiteral("challenge"), base64Url(challenge)},
        {QStringLiteral("rp"), QJsonObject{{QStringLiteral("name"), rpName}, {QStringLiteral("id"), rpId}}},
        {QStringLiteral("user"), QJsonObject{{QStringLiteral("id"), base64Url(userId)},
                                             {QStringLiteral("name"), userName},
                                             {QStringLiteral("displayName"), userDisplayName.isEmpty() ? userName : userDisplayName}}},
        {QStringLiteral("pubKeyCredParams"), parameters},
        {QStringLiteral("timeout"), timeoutMs},
        {QStringLiteral("attestation"), attestation},
        {QStringLiteral("excludeCredentials"), descriptors(excludeCredentials)},
        {QStringLiteral("authenticatorSelection"),
         QJsonObject{{QStringLiteral("residentKey"), residentKey},
                     {QStringLiteral("requireResidentKey"), residentKey == QLatin1String("required")},
                     {QStringLiteral("userVerification"), userVerification}}},
        {QStringLiteral("extensions"), QJsonObject{{QStringLiteral("credProps"), true}}},
    };
    return options;
}

QJsonObject RequestOptions::toJson() const
{
    QJsonObject options{
        {QStringLiteral("challenge"), base64Url(challenge)},
        {QStringLiteral("rpId"), rpId},
        {QStringLiteral("timeout"), timeoutMs},
        {QStringLiteral("userVerification"), userVerification},
    };
    if (!allowCredentials.isEmpty())
        options.insert(QStringLiteral("allowCredentials"), descriptors(allowCredentials));
    return options;
}

} // namespace Gatehouse::WebAuthn
