#pragma once
/*!
 * \file pkce.h  Proof Key for Code Exchange (RFC 7636), S256 only: \c plain gives the code's thief
 * the verifier in the authorization request itself, so it is refused (OAuth 2.1 §4.1.1). Pure.
 */
#include <QString>

namespace Gatehouse::OidcProvider::Pkce {

//! What a challenge (at authorize) or a verifier (at token) is found to be.
enum class Result {
    Valid,
    MethodNotSupported,  //!< code_challenge_method other than S256 (absent means plain: refused too)
    MalformedChallenge,  //!< not 43 base64url characters (the SHA-256 of a verifier)
    MalformedVerifier,   //!< not 43 to 128 characters of A-Z a-z 0-9 - . _ ~
    Mismatch,            //!< BASE64URL(SHA256(verifier)) is not the challenge
};

inline constexpr qsizetype minVerifierLength = 43;
inline constexpr qsizetype maxVerifierLength = 128;
inline constexpr qsizetype challengeLength = 43;

//! Whether an authorization request's \a challenge and \a method (empty: absent) can be accepted.
Result checkChallenge(const QString &challenge, const QString &method);

/*!
 * Whether \a verifier, sent to the token endpoint, proves the \a challenge stored with the code
 * (checkChallenge() accepted it with S256). The digest is compared in constant time.
 */
Result verify(const QString &challenge, const QString &verifier);

} // namespace Gatehouse::OidcProvider::Pkce
