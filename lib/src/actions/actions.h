#pragma once
/*
 * One function per action of SPEC.md's endpoint table, one file each; routes.h maps paths and
 * methods to them. Each runs after initialize() (except providers) and returns the full
 * response; errors are returned as responses, never thrown.
 */
#include "request/requeststate.h"

namespace Gatehouse::Actions {

AuthResponse providers(const RequestState &state);                 // GET providers
AuthResponse csrf(const RequestState &state);                      // GET csrf
QFuture<AuthResponse> session(const State &state);                 // GET/POST session
QFuture<AuthResponse> signIn(const State &state);                  // GET/POST signin[/id]
QFuture<AuthResponse> signOut(const State &state);                 // GET/POST signout
/*!
 * Ends the request's session as a sign-out POST does (the signOut event, the audit record, a
 * pending second step spent), then redirects to \a location; an upstream provider's session is
 * left alone (its logout could not come back there). For RP-initiated logout, whose caller
 * established the request (CSRF, or an id_token_hint of the session's person).
 */
QFuture<AuthResponse> signOutTo(const State &state, const QString &location);
QFuture<AuthResponse> callback(const State &state);                // GET/POST callback/id
AuthResponse errorPage(const RequestState &state);                 // GET error
AuthResponse verifyRequest(const RequestState &state);             // GET verify-request
QFuture<AuthResponse> webAuthnOptions(const State &state);         // GET webauthn-options[/id]
/*
 * GET token/id: the signed-in user's valid access token of provider id (refreshed when it has
 * expired) as {accessToken, expiresAt, tokenType, scope}, for providers with
 * "accessTokenEndpoint": true. JSON errors: 401 SessionRequired, 403 AccessDenied (not a
 * same-origin script request), 404 NotFound / AccountNotLinked, 502 RefreshAccessTokenError,
 * 503 Unavailable (the store cannot answer now; with Retry-After).
 */
QFuture<AuthResponse> token(const State &state);
/*!
 * GET/POST account: the signed-in person's own page (profile, sessions, recent activity;
 * lib/src/account/README.md). Signed out: a redirect to the sign-in page that comes back.
 * POST (CSRF token and same-origin required) runs the form its \c action field names
 * (account/accountforms.h), then redirects back with a notice (accountendpoint.h).
 */
QFuture<AuthResponse> account(const State &state);
/*!
 * GET/POST two-factor: the second step of a sign-in (twofactor/README.md). GET shows the code
 * page while the browser has a pending step; POST (CSRF token required) checks the code
 * (signin/twofactorflow.h). Without a pending step both go to the sign-in page.
 */
QFuture<AuthResponse> twoFactor(const State &state);
/*!
 * GET/POST reset-password: "Forgot your password?" (recovery/README.md). GET: the address form,
 * or with \c token the new-password form; POST (CSRF token required): \c email asks for a
 * link, \c token with \c newPassword and \c confirmPassword sets the password. Not offered
 * (passwordresetoffer.h): 400, as an unknown action.
 */
QFuture<AuthResponse> passwordReset(const State &state);
/*
 * authz/auth-request (nginx auth_request), authz/forward-auth (Traefik, Caddy) and
 * authz/oauth2-proxy (oauth2-proxy's /oauth2/auth: 202/401/403, allowed_groups and
 * allowed_emails), any method: the reverse proxy's access check (forwardauth/forwardauth.h;
 * design: its README.md).
 */
QFuture<AuthResponse> authRequest(const State &state);
QFuture<AuthResponse> forwardAuth(const State &state);
QFuture<AuthResponse> oauth2ProxyAuth(const State &state);

} // namespace Gatehouse::Actions
