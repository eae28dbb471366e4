#include "webauthn/authenticatordata.h"

#include "webauthn/cbor.h"
#include "webauthn/verificationerror.h"

#include <QtEndian>

namespace Gatehouse::WebAuthn {

namespace {

constexpr qsizetype FixedSize = 37;             // rpIdHash (32) + flags (1) + signCount (4)
constexpr qsizetype AttestedHeaderSize = 18;    // aaguid (16) + credentialIdLength (2)
constexpr qsizetype MaxCredentialIdLength = 1023;

} // namespace

AuthenticatorData AuthenticatorData::parse(QByteArrayView data)
{
    if (data.size() < FixedSize)
        throw VerificationError(QStringLiteral("authenticator data: %1 bytes, at least 37 expected").arg(data.size()));
    AuthenticatorData result;
    result.rpIdHash = data.first(32).toByteArray();
    result.flags = quint8(data.at(32));
    result.signCount = qFromBigEndian<quint32>(data.data() + 33);
    if (result.has(BackedUp) && !result.has(BackupEligible))
        throw VerificationError(QStringLiteral("authenticator data: backed up (BS) without being backup eligible (BE)"));

    qsizetype pos = FixedSize;
    if (result.has(AttestedData)) {
        if (data.size() - pos < AttestedHeaderSize)
            throw VerificationError(QStringLiteral("authenticator data: attested credential data is truncated"));
        const QByteArray aaguid = data.sliced(pos, 16).toByteArray();
        const qsizetype idLength = qFromBigEndian<quint16>(data.data() + pos + 16);
        pos += AttestedHeaderSize;
        if (idLength == 0 || idLength > MaxCredentialIdLength)
            throw VerificationError(QStringLiteral("authenticator data: credential ID length %1 is not between 1 and %2")
                                        .arg(idLength).arg(MaxCredentialIdLength));
        if (data.size() - pos < idLength)
            throw VerificationError(QStringLiteral("authenticator data: credential ID is truncated"));
        const QByteArray credentialId = data.sliced(pos, idLength).toByteArray();
        pos += idLength;
        qsizetype keySize = 0;
        const QCborValue key = Cbor::decodeItem(data.sliced(pos), QStringLiteral("credential public key"), &keySize);
        const QByteArray keyCose = data.sliced(pos, keySize).toByteArray();
        pos += keySize;
        result.attestedCredential = AttestedCredential{
            aaguid, credentialId, keyCose,
            PublicKey::fromCose(Cbor::map(key, QStringLiteral("credential public key")))};
    }
    if (result.has(ExtensionData)) {
        qsizetype size = 0;
        const QCborValue extensions = Cbor::decodeItem(data.sliced(pos), QStringLiteral("authenticator extensions"), &size);
        result.extensions = Cbor::map(extensions, QStringLiteral("authenticator extensions"));
        pos += size;
    }
    if (pos != data.size())
        throw VerificationError(QStringLiteral("authenticator data: %1 unexpected bytes at the end (do the AT/ED flags match?)")
                                    .arg(data.size() - pos));
    return result;
}

} // namespace Gatehouse::WebAuthn
