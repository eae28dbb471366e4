#pragma once
/*
 * The end of every successful sign-in, whatever the provider: the signIn callback, the jwt
 * callback (trigger signIn), the session cookie, the signIn event and the redirect to the
 * callback URL. Provider flows (credentials, OAuth, email, WebAuthn) end here. Nothing is
 * written for a user before it is allowed to sign in (SignInResult::whenAllowed).
 */
#include "request/requeststate.h"
#include "session/signinsteps.h"

#include <functional>

namespace Gatehouse {

struct SignInResult
{
    QJsonObject user;         //!< at least "id"
    QJsonObject account;      //!< {provider, type, providerAccountId, ...token set}
    QJsonObject profile;      //!< the identity provider's profile, if any
    QJsonObject credentials;  //!< credentials providers: the submitted fields
    bool isNewUser = false;
    //! \c user needs no resolving: a stored user with the account linked.
    bool stored = false;
    /*!
     * \c user is not stored and needs no resolving either: the provisional user of an email
     * link for a new address, which \c whenAllowed creates.
     */
    bool provisional = false;
    /*!
     * The person signed in already and this sign-in added an account to them (the account
     * page's "link another"): no second step, which is for signing in, not for linking, and
     * the session keeps the time of the sign-in it began with (JWT \c auth_time; a database
     * session is the same session).
     */
    bool linkedWhileSignedIn = false;
    /*!
     * The second step taken (TwoFactorFlow): SignInStep::Totp or RecoveryCode; none before
     * it. With the first step (the account's type) it is what the session records of how the
     * person signed in (session/signinsteps.h).
     */
    SignInSteps secondStep;
    /*!
     * Writes of the provider flow that wait until the sign-in is allowed: the signIn callback
     * agreed and the stored user is not disabled (an email link's \c emailVerified, a passkey's
     * counter, the user of a new email address). Gets the resolved result and returns it as
     * the session should see it.
     */
    std::function<QFuture<SignInResult>(const SignInResult &)> whenAllowed;
};

/*!
 * Finishes the sign-in of \a result; failures become AccessDenied errors of the future. For a
 * person with a confirmed authenticator, or one the policy requires to enrol
 * (twofactor/pendingstep.h), the session waits: the answer is the pending step's cookie and a
 * redirect to the code page, and TwoFactorFlow::submit() calls startSession() once a code is
 * accepted (or confirms the enrolment).
 */
QFuture<AuthResponse> completeSignIn(const State &state, const SignInResult &result);

/*!
 * The session of \a result, whose signIn callback agreed and whose user is resolved: the jwt
 * callback, the session cookie, the signIn event and the redirect to the callback URL (or
 * pages.newUser). \a stored: the user is a stored one (resolved by the store), whose stored
 * groups a JWT may carry (session/storedgroups.h).
 */
QFuture<AuthResponse> startSession(const State &state, const SignInResult &result, bool stored);

} // namespace Gatehouse
