#pragma once
/*!
 * \file ceremony.h  Verification of the two WebAuthn ceremonies from the JSON a browser's
 * PublicKeyCredential serialises to (base64url members, as PublicKeyCredential.toJSON()):
 * registration (navigator.credentials.create) and authentication (navigator.credentials.get).
 */
#include "webauthn/attestation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Gatehouse::WebAuthn {

//! What the relying party expects of a response.
struct Expectations
{
    QByteArray challenge;            //!< the challenge the server issued for this ceremony
    QString rpId;                    //!< e.g. "example.com"
    QStringList origins;             //!< e.g. {"https://example.com"}
    bool requireUserVerification = true;
    //! Algorithms a new credential may use (registration only).
    QList<qint64> algorithms = {qint64(CoseAlgorithm::EdDSA), qint64(CoseAlgorithm::ES256),
                                qint64(CoseAlgorithm::RS256)};
};

//! A credential that passed registration, ready to be stored.
struct RegisteredCredential
{
    QByteArray credentialId;
    QByteArray publicKey;            //!< COSE_Key as the authenticator encoded it
    CoseAlgorithm algorithm = CoseAlgorithm::ES256;
    quint32 counter = 0;
    bool backupEligible = false;     //!< BE: a multi-device credential (passkey that syncs)
    bool backedUp = false;           //!< BS
    bool userVerified = false;
    QByteArray aaguid;
    QString attestationFormat;       //!< "none" or "packed"
    AttestationType attestationType = AttestationType::None;
    QStringList transports;          //!< as reported by the browser (filtered to plain tokens)

    //! "multiDevice" when backup eligible, otherwise "singleDevice" (Auth.js's values).
    QString deviceType() const;
};

//! A stored credential, as authentication needs it.
struct StoredCredential
{
    QByteArray credentialId;
    QByteArray publicKey;            //!< COSE_Key
    qint64 counter = 0;
};

//! The result of a verified assertion.
struct VerifiedAssertion
{
    quint32 newCounter = 0;
    bool userVerified = false;
    bool backupEligible = false;
    bool backedUp = false;
    QByteArray userHandle;           //!< empty when the authenticator sent none
};

/*!
 * The id of a credential JSON (\c rawId decoded), without verifying anything else; throws
 * VerificationError when \c id / \c rawId are missing, differ or are not base64url.
 */
QByteArray credentialIdOf(const QJsonObject &credential);

/*!
 * Verifies a registration response \a credential ({id, rawId, type, response:
 * {clientDataJSON, attestationObject, transports?}}): client data (type webauthn.create,
 * challenge, origin), RP ID hash, UP (and UV when required) flags, the credential's algorithm,
 * that the attested credential ID is the response's id, and the attestation statement.
 * Throws VerificationError naming the first check that failed.
 */
RegisteredCredential verifyRegistration(const QJsonObject &credential, const Expectations &expected);

/*!
 * Verifies an authentication response \a credential ({id, rawId, type, response:
 * {clientDataJSON, authenticatorData, signature, userHandle?}}) of \a stored: client data
 * (type webauthn.get, challenge, origin), RP ID hash, UP (and UV when required) flags, the
 * signature over authenticatorData || SHA-256(clientDataJSON) with the stored key, and that
 * the signature counter increased (unless both counters are 0, for authenticators without
 * one). Throws VerificationError naming the first check that failed.
 */
VerifiedAssertion verifyAuthentication(const QJsonObject &credential, const StoredCredential &stored,
                                       const Expectations &expected);

} // namespace Gatehouse::WebAuthn
