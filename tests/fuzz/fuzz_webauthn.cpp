// libFuzzer target for the binary parsers of WebAuthn ceremonies (webauthn/): CBOR items,
// attestation objects (packed statements with X.509 chains), authenticator data, COSE keys, and
// the client data JSON a browser signs over. Every input must be refused with a VerificationError
// or accepted, never crash, hang or leak. Seeds: corpus/webauthn (attestation objects,
// authenticator data and client data from the recorded ceremonies of tests/unit/webauthn/data).
#include "fuzzsupport.h"
#include "webauthn/attestation.h"
#include "webauthn/cbor.h"
#include "webauthn/clientdata.h"
#include "webauthn/verificationerror.h"

#include <cstddef>
#include <cstdint>

using namespace Gatehouse::WebAuthn;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
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
    try {
        qsizetype consumed = -1;
        Cbor::decodeItem(input, QStringLiteral("item"), &consumed);
        FUZZ_CHECK(consumed > 0 && consumed <= input.size(), QString::number(consumed));
    } catch (const VerificationError &) {
    }
    try {
        const ClientData clientData = ClientData::parse(input);
        clientData.check(QStringLiteral("webauthn.get"), QByteArray(32, 'c'), {QStringLiteral("https://app.example")});
    } catch (const VerificationError &) {
    }
    return 0;
}
