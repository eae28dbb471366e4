// libFuzzer target for the parsers that read what a client sends during WebAuthn ceremonies:
// attestation objects (CBOR, packed statements with X.509 chains), authenticator data and COSE
// keys. Every input must be refused with a VerificationError or accepted, never crash, hang or
// leak. Seeds: corpus/webauthn (attestation objects and authenticator data from the recorded
// ceremonies of tests/unit/webauthn/data).
#include "webauthn/attestation.h"
#include "webauthn/verificationerror.h"

#include <QByteArray>
#include <QLoggingCategory>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse::WebAuthn;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.*=false"));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(data, qsizetype(size));
    static const QByteArray clientDataHash(32, '\x5a');
    try {
        AttestationObject::parse(input).verify(clientDataHash);
    } catch (const VerificationError &) {
    }
    try {
        AuthenticatorData::parse(input);
    } catch (const VerificationError &) {
    }
    try {
        PublicKey::fromCose(input);
    } catch (const VerificationError &) {
    }
    return 0;
}
