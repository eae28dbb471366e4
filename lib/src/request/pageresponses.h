#pragma once
/*
 * The built-in pages as responses: the page context from the request state (theme, language,
 * CSRF token, callback URL) and the page's Content-Security-Policy header; and the redirect to
 * a page's configured replacement (pages.signIn, ...).
 */
#include "pages/pages.h"
#include "request/requeststate.h"

#include <QUrlQuery>

namespace Gatehouse::PageResponses {

AuthResponse signIn(const RequestState &state);
AuthResponse signOut(const RequestState &state);
//! The sign-out page whose form posts \a form (an app's sign-out), never cached.
AuthResponse signOut(const RequestState &state, const Pages::SignOutForm &form);
AuthResponse error(const RequestState &state, const QString &errorType);
AuthResponse verifyRequest(const RequestState &state);
//! The OpenID Provider's consent page, never cached (its form is bound to one request).
AuthResponse consent(const RequestState &state, const Pages::ConsentContent &content);
//! The account page with \a content, never cached (it shows the person's own data).
AuthResponse account(const RequestState &state, const Pages::AccountContent &content);
//! The code page of a sign-in's second step, never cached.
AuthResponse twoFactor(const RequestState &state, const Pages::TwoFactorContent &content);
//! A page of "Forgot your password?", never cached (a reset link's token is in it).
AuthResponse passwordReset(const RequestState &state, Pages::PasswordResetContent content);
//! The not-found page (404), for paths outside the base path that nothing serves.
AuthResponse notFound(const RequestState &state);
//! The page (403) a reverse proxy shows a person the access rules keep out (Pages::forbidden()).
AuthResponse forbidden(const RequestState &state, const Pages::ForbiddenContent &content);

//! The URL of the passkey script of the sign-in page; empty when no WebAuthn provider is enabled.
QUrl passkeyScriptUrl(const RequestState &state);

//! A redirect to the configured replacement of built-in page \a page, carrying \a query.
AuthResponse toCustomPage(const RequestState &state, RequestState::Page page, const QUrlQuery &query = {});

} // namespace Gatehouse::PageResponses
