#pragma once
/*! \file callbacks.h  Callbacks (hooks that decide) and events (hooks that observe). */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QUrl>
#include <functional>
#include <optional>

namespace Gatehouse {

//! Parameters of the \c signIn callback.
struct SignInParams
{
    QJsonObject user;
    QJsonObject account;          //!< empty for none
    QJsonObject profile;
    bool verificationRequest = false;  //!< email provider: first call, before the link is sent
    QJsonObject credentials;      //!< credentials provider: the submitted fields
};

//! What the \c signIn callback decided: allow, deny, or send the user to \c redirectTo.
struct SignInDecision
{
    bool allow = true;
    QString redirectTo;           //!< non-empty: redirect there (allow is ignored)
};

//! Parameters of the \c redirect callback.
struct RedirectParams
{
    QString url;                  //!< the requested target, absolute or relative
    QString baseUrl;              //!< the origin (and base path) of the site
};

//! Parameters of the \c jwt callback. \c trigger is "signIn", "signUp", "update" or empty.
struct JwtParams
{
    QJsonObject token;
    QJsonObject user;             //!< set on sign-in only
    QJsonObject account;          //!< set on sign-in only
    QJsonObject profile;
    QString trigger;
    bool isNewUser = false;       //!< deprecated: use trigger == "signUp"
    QJsonValue session;           //!< data from the client's update call (validate it!)
};

//! Parameters of the \c session callback.
struct SessionParams
{
    QJsonObject session;          //!< the default client session {user, expires}
    QJsonObject token;            //!< JWT strategy
    QJsonObject user;             //!< database strategy
    QJsonValue newSession;        //!< on update
    QString trigger;              //!< "update" or empty
};

//! Parameters of the \c authorized callback (route protection).
struct AuthorizedParams
{
    std::optional<QJsonObject> auth;   //!< the session, or nullopt
    AuthRequest request;
};

//! The \c authorized callback's answer: allow, deny (redirect to sign-in), or a response.
struct AuthorizedDecision
{
    bool allow = false;
    std::optional<AuthResponse> response;  //!< when set, sent instead of the route's answer
};

/*!
 * What a sign-in asks after its first factor (twofactor.h): decided by \c twoFactor.required
 * and \c twoFactor.requiredGroups, and then by the \c twoFactor callback if one is set.
 */
enum class SecondStep {
    None,       //!< no second step: the session starts now
    Code,       //!< a code of the person's authenticator app, or one of their recovery codes
    Enrolment,  //!< the person sets up an authenticator app in the step; its first code signs in
};

/*!
 * Parameters of the \c twoFactor callback (a Gatehouse addition): a sign-in of a stored person
 * whose first factor and \c signIn callback succeeded.
 */
struct TwoFactorParams
{
    QJsonObject user;             //!< the stored user ({id, name, email, ...})
    QJsonObject account;          //!< the first factor ({provider, type, providerAccountId, ...})
    bool enrolled = false;        //!< the person has a confirmed authenticator app
    SecondStep proposed = SecondStep::None;  //!< what the configured policy decided
};

/*!
 * Callbacks. Every one is optional; an empty function means Auth.js's default behaviour.
 * Each returns a QFuture so that it may wait on I/O; a failed future counts as a thrown error
 * (\c signIn: AccessDenied).
 */
struct GATEHOUSE_EXPORT Callbacks
{
    std::function<QFuture<SignInDecision>(const SignInParams &)> signIn;
    std::function<QFuture<QString>(const RedirectParams &)> redirect;
    std::function<QFuture<std::optional<QJsonObject>>(const JwtParams &)> jwt;
    std::function<QFuture<QJsonObject>(const SessionParams &)> session;
    std::function<QFuture<AuthorizedDecision>(const AuthorizedParams &)> authorized;
    /*!
     * \c twoFactor (Gatehouse): the second step of this sign-in, for example a code for every
     * sign-in from outside the office network, or none for a kiosk provider. Return
     * \c params.proposed to keep the policy's decision. \c Code for a person without an
     * authenticator app means \c Enrolment, and \c Enrolment for a person with one means
     * \c Code: a step always asks what the person can answer. Not asked when
     * \c twoFactor.required is \c "never", for a passkey (two factors in one), for an account
     * linked while signed in, or when the adapter keeps no two-factor records. A failed future
     * refuses the sign-in (AccessDenied).
     */
    std::function<QFuture<SecondStep>(const TwoFactorParams &)> twoFactor;
};

/*!
 * Events: audit hooks, called after the fact with one message object shaped as Auth.js v5's
 * event of the same name receives it (for example \c signIn: {user, account, profile, isNewUser}). Their results are ignored.
 */
struct GATEHOUSE_EXPORT Events
{
    using Handler = std::function<void(const QJsonObject &message)>;
    Handler signIn;
    Handler signOut;
    Handler createUser;
    Handler updateUser;
    Handler linkAccount;
    Handler session;
};

} // namespace Gatehouse
