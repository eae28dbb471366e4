#include "oidcprovider/pkce.h"

#include "crypto/base64url.h"
#include "crypto/compare.h"
#include "crypto/hash.h"

#include <algorithm>

namespace Gatehouse::OidcProvider::Pkce {

namespace {

bool isAlphaNumeric(char16_t c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

//! RFC 7636 §4.1: unreserved characters only.
bool isVerifierChar(QChar c)
{
    const char16_t u = c.unicode();
    return isAlphaNumeric(u) || u == '-' || u == '.' || u == '_' || u == '~';
}

bool isBase64UrlChar(QChar c)
{
    const char16_t u = c.unicode();
    return isAlphaNumeric(u) || u == '-' || u == '_';
}

bool isChallenge(const QString &challenge)
{
    // Strict decoding as well: 43 characters whose last one carries no stray bits.
    return challenge.size() == challengeLength && std::all_of(challenge.cbegin(), challenge.cend(), isBase64UrlChar)
        && Crypto::base64UrlDecode(QStringView(challenge)).has_value();
}

} // namespace

Result checkChallenge(const QString &challenge, const QString &method)
{
    if (method != QLatin1String("S256"))
        return Result::MethodNotSupported;
    return isChallenge(challenge) ? Result::Valid : Result::MalformedChallenge;
}

Result verify(const QString &challenge, const QString &verifier)
{
    // The length first: nothing longer than 128 characters is looked at.
    if (verifier.size() < minVerifierLength || verifier.size() > maxVerifierLength
        || !std::all_of(verifier.cbegin(), verifier.cend(), isVerifierChar))
        return Result::MalformedVerifier;
    if (!isChallenge(challenge))
        return Result::MalformedChallenge;
    const QByteArray digest = Crypto::base64UrlEncode(Crypto::sha256(verifier.toLatin1()));
    return Crypto::constantTimeEquals(digest, challenge.toLatin1()) ? Result::Valid : Result::Mismatch;
}

} // namespace Gatehouse::OidcProvider::Pkce
