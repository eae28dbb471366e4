#pragma once
/*
 * The reverse proxy's access check (design: README.md): the original request from the proxy's
 * headers, the access rules, the session only when a rule needs it, and the answer the proxy
 * acts on. No CSRF token, no callback-url cookie, no Set-Cookie unless the session rolled.
 */
#include "request/requeststate.h"

namespace Gatehouse::ForwardAuth {

//! How a proxy wants "not signed in" answered.
enum class Contract {
    AuthRequest,  //!< nginx auth_request: 401 with Location (nginx turns it into a redirect)
    ForwardAuth,  //!< Traefik ForwardAuth, Caddy forward_auth: 302 to the sign-in page
    /*!
     * oauth2-proxy's /oauth2/auth: 202 when allowed, 401 without Location (the proxy's
     * error_page sends the client to sign in), 403; the query's allowed_groups and
     * allowed_emails narrow the decision (allowlist.h).
     */
    OAuth2Proxy,
};

/*!
 * The answer to the proxy: 200 (202 for OAuth2Proxy) with identity headers (allowed), 401/302
 * with Location to the
 * sign-in page carrying the original URL as callbackUrl when it passes the redirect rules
 * (not signed in; OAuth2Proxy: 401 without Location), 403 (denied), 400 (no original URL), 503 with Retry-After (the session
 * store cannot answer).
 */
QFuture<AuthResponse> check(const State &state, Contract contract);

} // namespace Gatehouse::ForwardAuth
