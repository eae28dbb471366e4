#pragma once
/*!
 * \file attestation.h  The attestation object of a registration (WebAuthn §6.5) and the
 * verification of its statement in the formats \c none and \c packed (§8.2, §8.7).
 */
#include "webauthn/authenticatordata.h"

#include <QByteArray>
#include <QCborMap>
#include <QString>

namespace Gatehouse::WebAuthn {

//! What an attestation statement proves.
enum class AttestationType {
    None,   //!< fmt "none": nothing
    Self,   //!< packed without x5c: signed by the credential key itself
    Basic,  //!< packed with x5c: signed by an attestation certificate (chain not anchored)
};

//! "none", "self" or "basic".
QString attestationTypeName(AttestationType type);

struct AttestationObject
{
    QString format;            //!< fmt
    QCborMap statement;        //!< attStmt
    QByteArray authDataBytes;  //!< authData as sent (the signed bytes)
    AuthenticatorData authData;

    /*!
     * Parses the CBOR map {fmt, attStmt, authData}. The authenticator data must carry attested
     * credential data. Throws VerificationError.
     */
    static AttestationObject parse(QByteArrayView cbor);

    /*!
     * Verifies the statement over authData || \a clientDataHash:
     * - \c none: the statement must be empty;
     * - \c packed without \c x5c (self attestation): \c alg must be the credential key's and
     *   \c sig its signature;
     * - \c packed with \c x5c: \c sig by the first certificate's key under \c alg; that
     *   certificate must meet §8.2.1 (version 3; subject C, O, CN and OU "Authenticator
     *   Attestation"; not a CA; an AAGUID extension, if present, non-critical and equal to the
     *   authenticator data's) and every certificate must be valid now and signed by the next.
     * Other formats are refused. Throws VerificationError; returns the attestation type.
     */
    AttestationType verify(QByteArrayView clientDataHash) const;
};

} // namespace Gatehouse::WebAuthn
