#pragma once
/*! \file errors.h  One AuthError subclass per error identifier, so callers can throw and catch by type. */
#include <gatehouse/autherror.h>

namespace Gatehouse {

/*
 * Each class is an AuthError whose type() is its own name. kind() maps it to what users see:
 * the sign-in page errors keep their identifier, AccessDenied and Verification have their own
 * error page, SessionUnavailable has the "Unavailable" one (a 503), everything else is a server
 * "Configuration" error. CredentialsSignin, which carries a code, is declared in autherror.h.
 */
#define GATEHOUSE_AUTH_ERROR(Name)                                                           \
    class GATEHOUSE_EXPORT Name : public AuthError                                             \
    {                                                                                          \
    public:                                                                                    \
        explicit Name(QString message = {}, QString cause = {})                                \
            : AuthError(QStringLiteral(#Name), std::move(message), std::move(cause)) {}        \
        void raise() const override { throw *this; }                                           \
        Name *clone() const override { return new Name(*this); }                               \
    };

// Shown on the error page.
GATEHOUSE_AUTH_ERROR(AccessDenied)        //!< a signIn callback refused, or a thrown error in it
GATEHOUSE_AUTH_ERROR(Verification)        //!< an email sign-in link is expired, used or wrong
// Shown on the sign-in page (Auth.js's sign-in page errors, plus MissingCSRF).
GATEHOUSE_AUTH_ERROR(OAuthSignin)         //!< building the authorization request failed
GATEHOUSE_AUTH_ERROR(OAuthCallbackError)  //!< the identity provider answered with an error
GATEHOUSE_AUTH_ERROR(OAuthCreateAccount)  //!< the user of an OAuth sign-in could not be stored
GATEHOUSE_AUTH_ERROR(OAuthAccountNotLinked)  //!< the email belongs to another user's account
GATEHOUSE_AUTH_ERROR(EmailCreateAccount)  //!< the user of an email sign-in could not be stored
GATEHOUSE_AUTH_ERROR(EmailSignin)         //!< the sign-in mail could not be sent (or was limited)
GATEHOUSE_AUTH_ERROR(SessionRequired)     //!< the page needs a session
GATEHOUSE_AUTH_ERROR(MissingCSRF)         //!< a state-changing POST without a valid CSRF token
// Server-side problems (the "Configuration" error page).
GATEHOUSE_AUTH_ERROR(MissingSecret)       //!< no secret configured (AUTH_SECRET)
GATEHOUSE_AUTH_ERROR(InvalidConfiguration)  //!< the configuration has problems (all named in message())
GATEHOUSE_AUTH_ERROR(UntrustedHost)       //!< neither trustHost nor AUTH_URL vouches for the host
GATEHOUSE_AUTH_ERROR(UnknownAction)       //!< an action the method does not support
GATEHOUSE_AUTH_ERROR(InvalidProvider)     //!< an unknown or unusable provider
GATEHOUSE_AUTH_ERROR(UnsupportedStrategy) //!< a provider type this flow does not handle
GATEHOUSE_AUTH_ERROR(MissingAdapter)      //!< a feature needs storage and none is configured
GATEHOUSE_AUTH_ERROR(MissingAdapterMethods)  //!< the adapter lacks a method a feature needs
GATEHOUSE_AUTH_ERROR(InvalidCheck)        //!< an OAuth state, PKCE or nonce check failed
GATEHOUSE_AUTH_ERROR(CallbackRouteError)  //!< a provider callback failed (token, id_token, authorize)
GATEHOUSE_AUTH_ERROR(InvalidEndpoints)    //!< an OAuth provider without usable endpoints
GATEHOUSE_AUTH_ERROR(WebAuthnVerificationError)  //!< a WebAuthn ceremony did not verify
GATEHOUSE_AUTH_ERROR(RefreshAccessTokenError)    //!< refreshing an OAuth access token failed
GATEHOUSE_AUTH_ERROR(AccountNotLinked)    //!< the user has no account with that provider (access tokens)
GATEHOUSE_AUTH_ERROR(OAuthProfileParseError)  //!< the identity provider's profile has no usable id
GATEHOUSE_AUTH_ERROR(InvalidEmail)        //!< an email sign-in for what is not one plain address
GATEHOUSE_AUTH_ERROR(JWTSessionError)     //!< the jwt callback failed
GATEHOUSE_AUTH_ERROR(SessionTokenError)   //!< the session callback failed
//! A server-side problem without a class of its own (as Auth.js names such errors: a sign-in
//! link opened without its token).
GATEHOUSE_AUTH_ERROR(Configuration)
// The store cannot answer now (its kind() is "Unavailable": the error page answers 503).
GATEHOUSE_AUTH_ERROR(SessionUnavailable)  //!< the session store failed: whether the request is signed in is unknown

#undef GATEHOUSE_AUTH_ERROR

} // namespace Gatehouse
