#pragma once
/*!
 * \file authenticatordata.h  The authenticator data of a registration or an assertion
 * (WebAuthn §6.1): RP ID hash, flags, signature counter, attested credential data, extensions.
 */
#include "webauthn/publickey.h"

#include <QByteArray>
#include <QCborMap>

#include <optional>

namespace Gatehouse::WebAuthn {

//! The credential an authenticator created (present when the AT flag is set).
struct AttestedCredential
{
    QByteArray aaguid;        //!< 16 bytes; all zero for authenticators that do not say
    QByteArray credentialId;  //!< 1 to 1023 bytes
    QByteArray publicKeyCose; //!< the COSE_Key exactly as encoded by the authenticator
    PublicKey publicKey;
};

struct AuthenticatorData
{
    enum Flag : quint8 {
        UserPresent = 0x01,     //!< UP
        UserVerified = 0x04,    //!< UV
        BackupEligible = 0x08,  //!< BE
        BackedUp = 0x10,        //!< BS
        AttestedData = 0x40,    //!< AT
        ExtensionData = 0x80,   //!< ED
    };

    QByteArray rpIdHash;      //!< SHA-256 of the RP ID the authenticator used
    quint8 flags = 0;
    quint32 signCount = 0;
    std::optional<AttestedCredential> attestedCredential;
    QCborMap extensions;

    bool has(Flag flag) const { return (flags & flag) != 0; }

    /*!
     * Parses \a data. The AT and ED flags must match what follows the fixed 37 bytes, nothing
     * may follow the last part, and BS may only be set together with BE. Throws
     * VerificationError naming the part that is wrong.
     */
    static AuthenticatorData parse(QByteArrayView data);
};

} // namespace Gatehouse::WebAuthn
