#include "nativesignin/flowsecrets.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "crypto/random.h"

namespace Gatehouse::NativeSignInDetail {

namespace {

QString randomToken()
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(32)));
}

} // namespace

QString s256Challenge(const QString &verifier)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(verifier.toLatin1())));
}

FlowSecrets FlowSecrets::generate()
{
    FlowSecrets secrets;
    secrets.verifier = randomToken();
    secrets.challenge = s256Challenge(secrets.verifier);
    secrets.state = randomToken();
    secrets.nonce = randomToken();
    return secrets;
}

} // namespace Gatehouse::NativeSignInDetail
