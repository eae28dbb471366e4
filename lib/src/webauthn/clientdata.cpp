#include "webauthn/clientdata.h"

#include "webauthn/verificationerror.h"
#include "crypto/base64url.h"
#include "crypto/compare.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse::WebAuthn {

ClientData ClientData::parse(QByteArrayView json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        throw VerificationError(QStringLiteral("clientDataJSON: not a JSON object"));
    const QJsonObject object = document.object();
    const auto string = [&object](const QString &key) {
        const QJsonValue value = object.value(key);
        if (!value.isString())
            throw VerificationError(QStringLiteral("clientDataJSON: \"%1\" is missing or not a string").arg(key));
        return value.toString();
    };
    ClientData data;
    data.type = string(QStringLiteral("type"));
    const std::optional<QByteArray> challenge = Crypto::base64UrlDecode(QStringView(string(QStringLiteral("challenge"))));
    if (!challenge)
        throw VerificationError(QStringLiteral("clientDataJSON: \"challenge\" is not base64url"));
    data.challenge = *challenge;
    data.origin = string(QStringLiteral("origin"));
    const QJsonValue crossOrigin = object.value(QStringLiteral("crossOrigin"));
    if (!crossOrigin.isUndefined() && !crossOrigin.isBool())
        throw VerificationError(QStringLiteral("clientDataJSON: \"crossOrigin\" is not a boolean"));
    data.crossOrigin = crossOrigin.toBool();
    return data;
}

void ClientData::check(const QString &expectedType, QByteArrayView expectedChallenge,
                       const QStringList &allowedOrigins) const
{
    if (type != expectedType)
        throw VerificationError(QStringLiteral("clientDataJSON: type is \"%1\", expected \"%2\"").arg(type, expectedType));
    if (expectedChallenge.isEmpty() || !Crypto::constantTimeEquals(challenge, expectedChallenge))
        throw VerificationError(QStringLiteral("clientDataJSON: challenge does not match the one issued"));
    if (!allowedOrigins.contains(origin))
        throw VerificationError(QStringLiteral("clientDataJSON: origin \"%1\" is not the expected %2")
                                    .arg(origin, allowedOrigins.join(QStringLiteral(" or "))));
    if (crossOrigin)
        throw VerificationError(QStringLiteral("clientDataJSON: the ceremony ran in a cross-origin frame"));
}

} // namespace Gatehouse::WebAuthn
