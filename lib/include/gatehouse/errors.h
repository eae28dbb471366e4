#pragma once
/*! \file errors.h  One AuthError subclass per error identifier, so callers can throw and catch by type. */
#include <gatehouse/autherror.h>

namespace Gatehouse {

/*
 * Each class is an AuthError whose type() is its own name, declared with the kind users see
 * (AuthError::Kind): the sign-in page errors keep their identifier, AccessDenied and
 * Verification have their own error page, SessionUnavailable has the "Unavailable" one (a 503),
 * everything else is a server "Configuration" error. CredentialsSignin, which carries a code,
 * is declared in autherror.h.
 */

// Shown on the error page.
GATEHOUSE_AUTH_ERROR(AccessDenied, AccessDenied)          //!< a signIn callback refused, or a thrown error in it
GATEHOUSE_AUTH_ERROR(Verification, Verification)          //!< an email sign-in link is expired, used or wrong
// Shown on the sign-in page (Auth.js's sign-in page errors, plus MissingCSRF).
GATEHOUSE_AUTH_ERROR(OAuthSignin, SignInPage)             //!< building the authorization request failed
GATEHOUSE_AUTH_ERROR(OAuthCallbackError, SignInPage)      //!< the identity provider answered with an error
GATEHOUSE_AUTH_ERROR(OAuthCreateAccount, SignInPage)      //!< the user of an OAuth sign-in could not be stored
GATEHOUSE_AUTH_ERROR(OAuthAccountNotLinked, SignInPage)   //!< the email belongs to another user's account
GATEHOUSE_AUTH_ERROR(EmailCreateAccount, SignInPage)      //!< the user of an email sign-in could not be stored
GATEHOUSE_AUTH_ERROR(EmailSignin, SignInPage)             //!< the sign-in mail could not be sent (or was limited)
GATEHOUSE_AUTH_ERROR(SessionRequired, SignInPage)         //!< the page needs a session
GATEHOUSE_AUTH_ERROR(MissingCSRF, SignInPage)             //!< a state-changing POST without a valid CSRF token
GATEHOUSE_AUTH_ERROR(TwoFactorExpired, SignInPage)        //!< no pending second step (expired, used, or none)
// Server-side problems (the "Configuration" error page).
GATEHOUSE_AUTH_ERROR(MissingSecret, Configuration)        //!< no secret configured (AUTH_SECRET)
GATEHOUSE_AUTH_ERROR(InvalidConfiguration, Configuration)  //!< the configuration has problems (all named in message())
GATEHOUSE_AUTH_ERROR(UntrustedHost, Configuration)        //!< neither trustHost nor AUTH_URL vouches for the host
GATEHOUSE_AUTH_ERROR(UnknownAction, Configuration)        //!< an action the method does not support
GATEHOUSE_AUTH_ERROR(InvalidProvider, Configuration)      //!< an unknown or unusable provider
GATEHOUSE_AUTH_ERROR(UnsupportedStrategy, Configuration)  //!< a provider type this flow does not handle
GATEHOUSE_AUTH_ERROR(MissingAdapter, Configuration)       //!< a feature needs storage and none is configured
GATEHOUSE_AUTH_ERROR(MissingAdapterMethods, Configuration)  //!< the adapter lacks a method a feature needs
GATEHOUSE_AUTH_ERROR(InvalidCheck, Configuration)         //!< an OAuth state, PKCE or nonce check failed
GATEHOUSE_AUTH_ERROR(CallbackRouteError, Configuration)   //!< a provider callback failed (token, id_token, authorize)
GATEHOUSE_AUTH_ERROR(InvalidEndpoints, Configuration)     //!< an OAuth provider without usable endpoints
GATEHOUSE_AUTH_ERROR(WebAuthnVerificationError, Configuration)  //!< a WebAuthn ceremony did not verify
GATEHOUSE_AUTH_ERROR(RefreshAccessTokenError, Configuration)  //!< refreshing an OAuth access token failed
GATEHOUSE_AUTH_ERROR(AccountNotLinked, Configuration)     //!< the user has no account with that provider (access tokens)
GATEHOUSE_AUTH_ERROR(OAuthProfileParseError, Configuration)  //!< the identity provider's profile has no usable id
GATEHOUSE_AUTH_ERROR(InvalidEmail, Configuration)         //!< an email sign-in for what is not one plain address
GATEHOUSE_AUTH_ERROR(JWTSessionError, Configuration)      //!< the jwt callback failed
GATEHOUSE_AUTH_ERROR(SessionTokenError, Configuration)    //!< the session callback failed
GATEHOUSE_AUTH_ERROR(NotFound, Configuration)             //!< a JSON endpoint has nothing by that name (token/<provider>)
//! A server-side problem without a class of its own (as Auth.js names such errors: a sign-in
//! link opened without its token).
GATEHOUSE_AUTH_ERROR(Configuration, Configuration)
// The store cannot answer now (its kind() is "Unavailable": the error page answers 503).
GATEHOUSE_AUTH_ERROR(SessionUnavailable, Unavailable)     //!< the session store failed: whether the request is signed in is unknown

} // namespace Gatehouse
