// libFuzzer target for the two WebAuthn ceremonies as the browser's JSON reaches the server
// (webauthn/ceremony): a registration (client data, attestation object, transports) and the
// authentications with the credential it registered (client data, authenticator data, signature,
// counter).
//
// Input: a recorded ceremony in the format of tests/unit/webauthn/data/*.json ({rpId, origin,
// registration: {challenge, credential}, authentications: [{challenge, credential}]}). Mutations of
// the recorded ones reach every check past the signature. Properties: a registration that passes
// names the response's credential id and a key that parses; an authentication that passes has a
// counter above the stored one (or both are zero). Seeds: corpus/ceremony (those recordings).
#include "crypto/base64url.h"
#include "fuzzsupport.h"
#include "webauthn/ceremony.h"
#include "webauthn/publickey.h"
#include "webauthn/verificationerror.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Gatehouse;
using namespace Gatehouse::WebAuthn;

namespace {

Expectations expectationsFor(const QJsonObject &ceremony, const QJsonObject &step)
{
    Expectations expected;
    expected.challenge = Crypto::base64UrlDecode(QStringView(step.value(QLatin1String("challenge")).toString())).value_or(QByteArray());
    expected.rpId = ceremony.value(QLatin1String("rpId")).toString();
    expected.origins = {ceremony.value(QLatin1String("origin")).toString()};
    expected.requireUserVerification = ceremony.value(QLatin1String("requireUserVerification")).toBool(true);
    return expected;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::silenceLogging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonObject ceremony = QJsonDocument::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size))).object();
    const QJsonObject registration = ceremony.value(QLatin1String("registration")).toObject();
    const QJsonObject credential = registration.value(QLatin1String("credential")).toObject();
    try {
        (void)credentialIdOf(credential);
    } catch (const VerificationError &) {
    }
    StoredCredential stored;
    try {
        const RegisteredCredential registered = verifyRegistration(credential, expectationsFor(ceremony, registration));
        FUZZ_CHECK(registered.credentialId == credentialIdOf(credential), QString());
        (void)PublicKey::fromCose(registered.publicKey);
        stored = {registered.credentialId, registered.publicKey, registered.counter};
    } catch (const VerificationError &) {
        // Authentications still run, against a key from the ceremony (when it has one).
        stored.credentialId = Crypto::base64UrlDecode(QStringView(ceremony.value(QLatin1String("credentialId")).toString())).value_or(QByteArray());
        stored.publicKey = Crypto::base64UrlDecode(QStringView(ceremony.value(QLatin1String("publicKey")).toString())).value_or(QByteArray());
    }
    for (const QJsonValue &step : ceremony.value(QLatin1String("authentications")).toArray()) {
        try {
            const VerifiedAssertion assertion
                = verifyAuthentication(step.toObject().value(QLatin1String("credential")).toObject(), stored,
                                       expectationsFor(ceremony, step.toObject()));
            FUZZ_CHECK(qint64(assertion.newCounter) > stored.counter || (assertion.newCounter == 0 && stored.counter == 0),
                       QStringLiteral("counter %1 after %2").arg(assertion.newCounter).arg(stored.counter));
            stored.counter = assertion.newCounter;
        } catch (const VerificationError &) {
        }
    }
    return 0;
}
