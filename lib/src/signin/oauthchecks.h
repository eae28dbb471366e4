#pragma once
/*
 * The check values of an OAuth flow (state, PKCE code verifier, nonce) and the short-lived
 * encrypted cookies that carry them from the sign-in to the callback. A cookie is bound to the
 * provider that set it: it is not accepted by another provider's callback (GHSA-x445-f3h2-j279).
 */
#include "request/requeststate.h"

#include <optional>

namespace Gatehouse::OAuthChecks {

//! 32 random bytes, base64url (43 characters).
QString randomValue();
//! The S256 code challenge of \a verifier (RFC 7636).
QString pkceChallenge(const QString &verifier);

//! The cookie that carries \a value for the request's provider (15 minutes, encrypted).
SetCookie issue(const RequestState &state, const CookieOption &cookie, const QString &value);

/*!
 * The value in the request's \a cookie, when it is there, decrypts, has not expired and was set
 * by this provider; otherwise throws InvalidCheck naming \a check ("state", "PKCE code_verifier",
 * "nonce") and what is wrong.
 */
QString use(const RequestState &state, const CookieOption &cookie, const QString &check);

} // namespace Gatehouse::OAuthChecks
