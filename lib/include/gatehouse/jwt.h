#pragma once
/*!
 * \file jwt.h  Auth.js's JWT functions: encode, decode and getToken.
 *
 * Tokens are JWEs (\c dir + \c A256CBC-HS512) with keys derived from the secret and a salt,
 * interchangeable with \c @auth/core's \c encode / \c decode / \c getToken: a token made by either
 * side decodes on the other given the same secret and salt.
 *
 * These functions derive the keys on every call (a few microseconds per secret). Request
 * handling inside Gatehouse uses a codec that derives them once; use these for occasional work,
 * such as reading the session token in your own route.
 */
#include <gatehouse/authrequest.h>
#include <gatehouse/global.h>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Gatehouse::Jwt {

//! Default token lifetime: 30 days, in seconds.
inline constexpr qint64 DefaultMaxAge = 30 * 24 * 60 * 60;

struct EncodeParams
{
    QJsonObject token;        //!< the claims; \c iat, \c exp and \c jti are set by encode()
    QStringList secret;       //!< newest first; only the first one encrypts
    QString salt;             //!< the cookie name the token is for, e.g. \c authjs.session-token
    qint64 maxAge = DefaultMaxAge;  //!< seconds until \c exp
};

struct DecodeParams
{
    QString token;
    QStringList secret;       //!< any of them may have encrypted the token (rotation)
    QString salt;
};

struct GetTokenParams
{
    AuthRequest req;                   //!< only its headers are read
    QStringList secret;
    QString salt;                      //!< empty: the cookie name
    QString cookieName;                //!< empty: the default session cookie name (see getToken())
    std::optional<bool> secureCookie;  //!< unset: true when \c AUTH_URL (or \c NEXTAUTH_URL) is https
};

/*!
 * Encrypts \a params.token plus \c iat (now), \c exp (now + maxAge) and \c jti (a random UUID).
 * Throws std::invalid_argument when \a params.secret is empty or holds an empty string.
 */
GATEHOUSE_EXPORT QString encode(const EncodeParams &params);

/*!
 * The claims of \a params.token, or std::nullopt when the token is empty, malformed, tampered
 * with, encrypted with another secret or salt, or expired (with Auth.js's 15 s clock tolerance).
 * Never throws for any token; throws std::invalid_argument when \a params.secret is empty.
 */
GATEHOUSE_EXPORT std::optional<QJsonObject> decode(const DecodeParams &params);

/*!
 * The session token of \a params.req, as it was sent, or std::nullopt when there is none.
 *
 * Looks for the cookie \a params.cookieName, by default \c authjs.session-token, or
 * \c __Secure-authjs.session-token when \a params.secureCookie is true (when it is unset: when
 * the \c AUTH_URL environment variable, or else \c NEXTAUTH_URL, starts with \c https://).
 * A token split into chunks (\c <name>.0, \c <name>.1, ...) is joined in index order; the
 * unsplit cookie wins when both are present. Without the cookie, an
 * \c "Authorization: Bearer <token>" header is used (percent-decoded).
 */
GATEHOUSE_EXPORT std::optional<QString> getRawToken(const GetTokenParams &params);

/*!
 * The decoded session token of \a params.req (see getRawToken() for where it is found) with
 * salt \a params.salt, or the cookie name when that is empty; std::nullopt when there is no
 * token or it does not decode. Throws std::invalid_argument when a token is present and
 * \a params.secret is empty (Auth.js's \c MissingSecret).
 */
GATEHOUSE_EXPORT std::optional<QJsonObject> getToken(const GetTokenParams &params);

} // namespace Gatehouse::Jwt
