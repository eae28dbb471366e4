#include "webauthn/ceremony.h"

#include "webauthn/clientdata.h"
#include "webauthn/logging.h"
#include "webauthn/verificationerror.h"
#include "crypto/base64url.h"
#include "crypto/hash.h"

#include <QJsonArray>

namespace Gatehouse::WebAuthn {

namespace {

const QString TypeCreate = QStringLiteral("webauthn.create");
const QString TypeGet = QStringLiteral("webauthn.get");

// A base64url member of \a object (browsers send it unpadded; padding is tolerated).
QByteArray base64UrlMember(const QJsonObject &object, const QString &key, const QString &what, bool optional = false)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull()) {
        if (optional)
            return {};
        throw VerificationError(QStringLiteral("%1.%2 is missing").arg(what, key));
    }
    if (!value.isString())
        throw VerificationError(QStringLiteral("%1.%2 is not a string").arg(what, key));
    QString text = value.toString();
    while (text.endsWith(QLatin1Char('=')))
        text.chop(1);
    const std::optional<QByteArray> decoded = Crypto::base64UrlDecode(QStringView(text));
    if (!decoded)
        throw VerificationError(QStringLiteral("%1.%2 is not base64url").arg(what, key));
    return *decoded;
}

// The "response" member of a PublicKeyCredential JSON of type "public-key".
QJsonObject responseOf(const QJsonObject &credential)
{
    if (credential.value(QStringLiteral("type")).toString() != QLatin1String("public-key"))
        throw VerificationError(QStringLiteral("credential.type is not \"public-key\""));
    const QJsonValue response = credential.value(QStringLiteral("response"));
    if (!response.isObject())
        throw VerificationError(QStringLiteral("credential.response is missing or not an object"));
    return response.toObject();
}

void checkAuthenticatorData(const AuthenticatorData &data, const Expectations &expected)
{
    if (data.rpIdHash != Crypto::sha256(expected.rpId.toUtf8()))
        throw VerificationError(QStringLiteral("authenticator data: RP ID hash is not that of \"%1\"").arg(expected.rpId));
    if (!data.has(AuthenticatorData::UserPresent))
        throw VerificationError(QStringLiteral("authenticator data: user not present (UP flag)"));
    if (expected.requireUserVerification && !data.has(AuthenticatorData::UserVerified))
        throw VerificationError(QStringLiteral("authenticator data: user not verified (UV flag), but verification is required"));
}

bool isPlainToken(const QString &token)
{
    if (token.isEmpty() || token.size() > 32)
        return false;
    for (const QChar c : token) {
        if (!((c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
              || c == QLatin1Char('-')))
            return false;
    }
    return true;
}

QStringList transportsOf(const QJsonObject &response)
{
    QStringList transports;
    for (const QJsonValue &value : response.value(QStringLiteral("transports")).toArray()) {
        const QString token = value.toString();
        if (isPlainToken(token) && !transports.contains(token))
            transports.append(token);
    }
    return transports;
}

} // namespace

QString RegisteredCredential::deviceType() const
{
    return backupEligible ? QStringLiteral("multiDevice") : QStringLiteral("singleDevice");
}

QByteArray credentialIdOf(const QJsonObject &credential)
{
    const QByteArray id = base64UrlMember(credential, QStringLiteral("id"), QStringLiteral("credential"));
    const QByteArray rawId = base64UrlMember(credential, QStringLiteral("rawId"), QStringLiteral("credential"));
    if (id.isEmpty() || id != rawId)
        throw VerificationError(QStringLiteral("credential: id and rawId are empty or differ"));
    return rawId;
}

RegisteredCredential verifyRegistration(const QJsonObject &credential, const Expectations &expected)
{
    const QString what = QStringLiteral("credential.response");
    const QByteArray id = credentialIdOf(credential);
    const QJsonObject response = responseOf(credential);
    const QByteArray clientDataJson = base64UrlMember(response, QStringLiteral("clientDataJSON"), what);
    ClientData::parse(clientDataJson).check(TypeCreate, expected.challenge, expected.origins);

    const AttestationObject attestation =
        AttestationObject::parse(base64UrlMember(response, QStringLiteral("attestationObject"), what));
    const AuthenticatorData &data = attestation.authData;
    checkAuthenticatorData(data, expected);
    const AttestedCredential &attested = *data.attestedCredential;
    const qint64 alg = qint64(attested.publicKey.algorithm());
    if (!expected.algorithms.contains(alg))
        throw VerificationError(QStringLiteral("credential public key: algorithm %1 was not offered").arg(algorithmName(alg)));
    if (attested.credentialId != id)
        throw VerificationError(QStringLiteral("attested credential ID differs from the credential's id"));

    RegisteredCredential result;
    result.attestationType = attestation.verify(Crypto::sha256(clientDataJson));
    result.attestationFormat = attestation.format;
    result.credentialId = attested.credentialId;
    result.publicKey = attested.publicKeyCose;
    result.algorithm = attested.publicKey.algorithm();
    result.counter = data.signCount;
    result.backupEligible = data.has(AuthenticatorData::BackupEligible);
    result.backedUp = data.has(AuthenticatorData::BackedUp);
    result.userVerified = data.has(AuthenticatorData::UserVerified);
    result.aaguid = attested.aaguid;
    result.transports = transportsOf(response);
    return result;
}

VerifiedAssertion verifyAuthentication(const QJsonObject &credential, const StoredCredential &stored,
                                       const Expectations &expected)
{
    const QString what = QStringLiteral("credential.response");
    if (credentialIdOf(credential) != stored.credentialId)
        throw VerificationError(QStringLiteral("credential: id is not that of the stored credential"));
    const QJsonObject response = responseOf(credential);
    const QByteArray clientDataJson = base64UrlMember(response, QStringLiteral("clientDataJSON"), what);
    ClientData::parse(clientDataJson).check(TypeGet, expected.challenge, expected.origins);

    const QByteArray authenticatorData = base64UrlMember(response, QStringLiteral("authenticatorData"), what);
    const AuthenticatorData data = AuthenticatorData::parse(authenticatorData);
    checkAuthenticatorData(data, expected);

    const QByteArray signature = base64UrlMember(response, QStringLiteral("signature"), what);
    const PublicKey key = PublicKey::fromCose(stored.publicKey);
    if (!key.verify(authenticatorData + Crypto::sha256(clientDataJson), signature))
        throw VerificationError(QStringLiteral("assertion signature is not valid for the stored %1 key")
                                    .arg(algorithmName(qint64(key.algorithm()))));
    if ((data.signCount > 0 || stored.counter > 0) && qint64(data.signCount) <= stored.counter) {
        qCWarning(lcWebAuthn).noquote() << "refused an assertion of credential"
                                        << QString::fromLatin1(Crypto::base64UrlEncode(stored.credentialId))
                                        << "whose signature counter" << data.signCount << "is not above the stored"
                                        << stored.counter << "(a cloned authenticator?)";
        throw VerificationError(QStringLiteral("signature counter %1 is not greater than the stored %2: "
                                               "the authenticator may have been cloned")
                                    .arg(data.signCount).arg(stored.counter));
    }

    VerifiedAssertion result;
    result.newCounter = data.signCount;
    result.userVerified = data.has(AuthenticatorData::UserVerified);
    result.backupEligible = data.has(AuthenticatorData::BackupEligible);
    result.backedUp = data.has(AuthenticatorData::BackedUp);
    result.userHandle = base64UrlMember(response, QStringLiteral("userHandle"), what, true);
    return result;
}

} // namespace Gatehouse::WebAuthn
