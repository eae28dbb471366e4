#include "oidcprovider/authorizationcode.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "oidcprovider/pkce.h"

namespace Gatehouse::OidcProvider {

namespace {

ProtocolError invalidGrant(const QString &description)
{
    return {ErrorCode::InvalidGrant, description};
}

} // namespace

NewCode newAuthorizationCode()
{
    NewCode result;
    result.code = QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(32)));
    result.hash = codeHash(result.code);
    return result;
}

QString codeHash(const QString &code)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(code.toUtf8())));
}

std::optional<ProtocolError> checkRedemption(const OidcAuthorizationCode &code, const OidcClient &client,
                                             const QString &redirectUri, const QString &verifier, const QDateTime &now)
{
    // One description for every mismatch of the binding: the caller learns nothing of the code's.
    if (code.clientId != client.clientId)
        return invalidGrant(QStringLiteral("the code was not issued to this client"));
    if (!code.expiresAt.isValid() || code.expiresAt <= now)
        return invalidGrant(QStringLiteral("the code has expired"));
    if (redirectUri != code.redirectUri)
        return invalidGrant(QStringLiteral("redirect_uri differs from the authorization request's"));
    if (code.codeChallenge.isEmpty()) {
        // A verifier for a code issued without a challenge: a downgrade (RFC 9700 §4.8.2).
        if (!verifier.isEmpty())
            return invalidGrant(QStringLiteral("code_verifier sent for a code issued without PKCE"));
        if (client.isPublic)
            return invalidGrant(QStringLiteral("a public client's code needs PKCE"));
        return std::nullopt;
    }
    if (verifier.isEmpty())
        return invalidGrant(QStringLiteral("code_verifier is missing"));
    switch (Pkce::verify(code.codeChallenge, verifier)) {
    case Pkce::Result::Valid:
        return std::nullopt;
    case Pkce::Result::MalformedVerifier:
        return invalidGrant(QStringLiteral("code_verifier is malformed"));
    default:
        return invalidGrant(QStringLiteral("code_verifier does not match the code_challenge"));
    }
}

} // namespace Gatehouse::OidcProvider
