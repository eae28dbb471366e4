#pragma once
/*
 * The OpenID Provider's endpoints (lib/src/oidcprovider/README.md), one file each; the route
 * table (actions/routes.cpp) serves them only when oidcProvider is configured. Each returns
 * the full response; errors are the protocol's, answered, never thrown.
 */
#include "request/requeststate.h"

namespace Gatehouse::OidcEndpoints {

//! GET .well-known/openid-configuration: the discovery document (OpenID Connect Discovery 1.0).
QFuture<AuthResponse> discovery(const State &state);
//! GET oidc/jwks: the public signing keys (RFC 7517 JWK Set).
QFuture<AuthResponse> jwks(const State &state);
/*!
 * GET/POST oidc/authorize: the authorization code flow (OpenID Connect Core §3.1.2). An unknown
 * client or redirect URI gets a 400 page; every later refusal goes to the redirect URI with
 * error, error_description, state and iss. No session (or prompt=login, max_age): Gatehouse's
 * sign-in page, coming back here. Then the client's access policy, then consent: a client with
 * \c consent whose person has not allowed every scope asked for (or prompt=consent) gets the
 * consent page (prompt=none: consent_required), whose form posts to consent().
 */
QFuture<AuthResponse> authorize(const State &state);
/*!
 * POST oidc/consent: the consent page's form (CSRF token, the request as sent, its ticket,
 * \c decision). A form that is not bound to this request, person, session and browser, or sent
 * again after the consent changed, gets a 400 page and grants nothing; \c allow stores the
 * scopes and sends the code, \c deny sends access_denied (both audited: oidcConsent).
 */
QFuture<AuthResponse> consent(const State &state);
/*!
 * POST oidc/token: grant_type=authorization_code, refresh_token or client_credentials (an
 * access token for the client itself), with client_secret_basic, client_secret_post or none
 * (public clients, PKCE); the ID token and an RFC 9068 JWT access token. Errors as RFC 6749
 * §5.2 JSON, never cached.
 */
QFuture<AuthResponse> token(const State &state);
//! GET/POST oidc/userinfo: the claims the bearer access token's scopes grant.
QFuture<AuthResponse> userinfo(const State &state);
/*!
 * POST oidc/revoke (RFC 7009), client-authenticated as at the token endpoint: a refresh token,
 * or an access token of a refresh grant, revokes its grant (every token of it); 200 also for an
 * unknown token and for another client's, which is left alone.
 */
QFuture<AuthResponse> revoke(const State &state);
/*!
 * POST oidc/introspect (RFC 7662), client-authenticated: \c active true with scope, client_id,
 * sub, exp, iat, iss, aud, jti for a token of the calling client that userinfo (an access token)
 * or the token endpoint (a refresh token) would take; otherwise only \c active false.
 */
QFuture<AuthResponse> introspect(const State &state);

//! Ends the request's Gatehouse session as sign-out does, then redirects to \a location (Actions::signOutTo()).
using SignOutTo = QFuture<AuthResponse> (*)(const State &state, const QString &location);
/*!
 * GET/POST oidc/end-session (OpenID Connect RP-Initiated Logout 1.0): checks id_token_hint
 * (signed here; expired accepted), client_id and post_logout_redirect_uri (registered exactly),
 * then ends the session with \a signOut and redirects there with state, or to the sign-in
 * page. A hint that names someone else, or none: the sign-out page asks first (its form posts
 * back here with the CSRF token). An unsound request: the error page, never a redirect.
 */
QFuture<AuthResponse> endSession(const State &state, SignOutTo signOut);

} // namespace Gatehouse::OidcEndpoints
