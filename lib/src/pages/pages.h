#pragma once
/*
 * The built-in pages: sign-in, sign-out, error, verify-request, not-found and the account page. Each is rendered from a few
 * static templates; every value is escaped or checked (see html.h, sanitize.h), the texts come
 * from the PageTranslator in the negotiated language and the theme of the configuration applies.
 *
 * Every page comes with its own Content-Security-Policy (Page::contentSecurityPolicy), which
 * the response must send. It allows no script (except the script URLs a sign-in page is given),
 * only the page's own style blocks (by their sha256 hashes; no inline style attributes are
 * used), images from the own origin, https and data: URLs (plus the origin of an http logo),
 * and no framing or <base>. \c form-action is \c 'self' \c https: (plus \c http: when the
 * page itself is served over http): it cannot be \c 'self' alone because browsers apply it to
 * the redirects that follow a form POST, and the sign-in POST of an OAuth provider redirects
 * to the identity provider, the credentials and sign-out POSTs to a callback URL that a
 * custom redirect callback may place on another origin. Non-network targets (javascript:,
 * data:) stay blocked.
 *
 * Responses are \c text/html; the documents declare UTF-8 themselves.
 */
#include "pages/pageprovider.h"

#include <gatehouse/config.h>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrl>

namespace Gatehouse::Pages {

class PageTranslator;

//! What every page needs to know about the request and the configuration.
struct PageContext
{
    Theme theme;
    QString language = QStringLiteral("en");  //!< PageTranslator::negotiate() of Accept-Language
    QUrl origin;          //!< the public origin, e.g. http://127.0.0.1:9300
    QString baseUrl;      //!< origin + basePath, e.g. http://127.0.0.1:9300/auth
    QString csrfToken;    //!< the token half of the CSRF cookie
    QString callbackUrl;  //!< where to go after signing in (sign-in page hidden field)
};

//! The sign-in page's content.
struct SignInContent
{
    QList<PageProvider> providers;  //!< in configuration order
    QString error;                  //!< the `error` query value (an error identifier) or empty
    QString email;                  //!< pre-fills the e-mail input of email providers
    /*!
     * Scripts the page loads (for example the passkey script of WebAuthn providers, which
     * finds its forms by their \c data-webauthn-provider attribute). Relative URLs are taken
     * relative to the origin; each one is allowed by exact URL in the page's \c script-src.
     */
    QList<QUrl> scripts;
    //! "Forgot your password?" under the form of provider \c passwordResetProvider; empty: not offered.
    QString passwordResetUrl;
    QString passwordResetProvider;
};

//! An authenticator app's enrolment as pages show it.
struct TotpEnrolment
{
    QString secret;       //!< base32 (shown in groups of four)
    QString qrCodeSvg;    //!< the otpauth:// URI as an SVG QR code
    QString issuer;       //!< what the app will show above the code
    QString accountName;  //!< ... and under it
};

//! The account page's content: the person's own profile, sessions and recent activity.
struct AccountContent
{
    //! What can be shown and ended of the person's sessions.
    enum class SessionKind {
        Database,       //!< listed one by one, each can be ended
        JwtRevocable,   //!< kept in the browsers: only "all others" and "everywhere" (a stored "not before")
        JwtOnly,        //!< kept in the browsers, nothing the server can end
    };
    struct Session
    {
        QString id;                 //!< the public session id the end form posts
        bool current = false;
        QDateTime createdAt;        //!< invalid: not recorded
        QDateTime lastActive;
        QString clientAddress;
        QString browser;
        QString operatingSystem;
    };
    struct Link
    {
        QString id;                 //!< the public id the unlink form posts
        QString providerName;       //!< as the sign-in page names the provider
        QDateTime linkedAt;         //!< invalid: not recorded
    };
    struct Passkey
    {
        QString id;                 //!< the public id the rename and remove forms post
        QString name;               //!< empty: never named (registered before names were kept)
        QDateTime createdAt;        //!< invalid: not recorded
        QDateTime lastUsedAt;       //!< invalid: no sign-in recorded
        bool backedUp = false;
        QStringList transports;     //!< "usb", "internal", ...; empty when unknown
    };
    struct Activity
    {
        QDateTime time;
        QString type;               //!< the audit event type ("signIn", "signInFailed", ...)
        QString provider;           //!< the provider signed in with, or the application signed in to
        QString clientAddress;
    };

    //! The security notices a person may turn off (Account::personalNotices()).
    struct Notices
    {
        bool offered = false;       //!< mailed, and the choice is kept: the section and its form
        bool newDevice = true;      //!< a sign-in from a browser not seen before is mailed
    };

    QString name;
    QString email;
    bool emailVerified = false;
    Notices notices;
    QString image;                  //!< checked like every image URL; empty: none
    bool password = false;          //!< the person has a built-in password: the form to change it
    int passwordMinimum = 8;        //!< its length rule (passwordcredentials.h), for the form and notices
    int passwordMaximum = 1024;
    bool linksOffered = false;      //!< an OAuth/OIDC provider is configured: the linked accounts section
    QList<Link> links;              //!< the linked OAuth/OIDC accounts, by provider
    struct LinkableProvider
    {
        QString id;
        QString name;
        QString signInUrl;          //!< what the link form posts to: {basePath}/signin/{id}
    };
    QList<LinkableProvider> linkable;   //!< configured OAuth/OIDC providers the person has no account of
    //! An OpenID Provider client the person allowed (the consent page), with the revoke form.
    struct App
    {
        QString clientId;           //!< what the revoke form posts
        QString name;               //!< the client's display name
        QStringList scopes;         //!< as allowed
        QDateTime since;            //!< first allowed
    };
    bool appsOffered = false;       //!< the OpenID Provider keeps consents: the "Apps with access" section
    QList<App> apps;                //!< by client id
    /*!
     * The WebAuthn provider whose registration adds a passkey (the add form posts to
     * {basePath}/callback/{id}, through the passkey script); empty: no passkeys section.
     */
    QString passkeyProvider;
    QList<Passkey> passkeys;        //!< oldest first
    QList<QUrl> scripts;            //!< scripts the page loads (the passkey script), each allowed by its CSP
    SessionKind sessionKind = SessionKind::Database;
    QList<Session> sessions;        //!< Database: the current one first
    QList<Activity> activity;       //!< newest first
    QString notice;                 //!< the \c notice query value after a change, e.g. "nameSaved"
    //! The two-factor section (an adapter with two-factor records only).
    struct TwoFactor
    {
        bool offered = false;       //!< show the section
        bool enrolled = false;
        QDateTime enrolledAt;
        int recoveryCodesLeft = 0;
        TotpEnrolment enrolment;        //!< an enrolment in progress (empty secret: none)
        QStringList newRecoveryCodes;   //!< shown once, in the response that made them
    } twoFactor;
};

//! The code page of a sign-in's second step (twofactor/README.md).
struct TwoFactorContent
{
    //! The \c error query value after a refused code: \c InvalidCode or \c TooManyAttempts.
    QString error;
    //! Policy "always" for a person without an authenticator: enrol first (empty secret: a code).
    TotpEnrolment enrolment;
    /*!
     * Enrolled and signed in: the recovery codes, shown once, and the link on to \c continueUrl
     * (the codes cannot travel through a redirect). When set, nothing else is shown.
     */
    QStringList recoveryCodes;
    QString continueUrl;
};

//! The pages of "Forgot your password?" (lib/src/recovery/README.md).
struct PasswordResetContent
{
    enum class Step {
        Request,      //!< the address form, posting csrfToken and email to <baseUrl>/reset-password
        Sent,         //!< the same answer for every address: a mail is on its way if one is due
        NewPassword,  //!< the new password twice, posting csrfToken, token, newPassword, confirmPassword
        InvalidLink,  //!< (400) an unknown, used, expired or voided link, and a way to ask again
        Done,         //!< the new password is set; a link to sign in
    };
    Step step = Step::Request;
    //! A refused form's notice: invalidEmail, passwordsDiffer, passwordTooShort, passwordTooLong, passwordIsEmail.
    QString notice;
    QString token;             //!< NewPassword: the link's token, posted back
    QString signInUrl;
    int passwordMinimum = 8;   //!< the new-password rule (passwordcredentials.h)
    int passwordMaximum = 1024;
};

//! A rendered page.
struct Page
{
    int status = 200;
    QByteArray html;                   //!< the UTF-8 document
    QByteArray contentSecurityPolicy;  //!< value of the Content-Security-Policy header
};

/*!
 * The sign-in page: the message for \c content.error (if any), the logo, then one form per
 * provider. oauth/oidc forms post \c csrfToken and \c callbackUrl to the provider's
 * \c signinUrl; email forms post \c csrfToken and \c email to \c signinUrl; credentials forms
 * post \c csrfToken and the configured fields to \c callbackUrl; WebAuthn forms post
 * \c csrfToken and their form fields to \c callbackUrl.
 */
Page signIn(const PageContext &context, const SignInContent &content, const PageTranslator &translator);

//! The sign-out page: a question and a form posting \c csrfToken to <baseUrl>/signout.
Page signOut(const PageContext &context, const PageTranslator &translator);

//! Where a sign-out page's form posts, and the hidden fields it carries besides \c csrfToken.
struct SignOutForm
{
    QString action;
    QList<std::pair<QString, QString>> fields;
};

//! The sign-out page with a form of its own: an app's request to end the session (RP-initiated logout).
Page signOut(const PageContext &context, const PageTranslator &translator, const SignOutForm &form);

//! The consent page of the OpenID Provider (oidcprovider/README.md, "Consent").
struct ConsentContent
{
    QString clientName;     //!< the client's display name (its \c name, else its id)
    QString who;            //!< the signed-in person, as they would recognise themselves
    QStringList scopes;     //!< the scopes asked for, each named in plain words
    QString action;         //!< where the form posts: <baseUrl>/oidc/consent
    QList<std::pair<QString, QString>> fields;  //!< hidden fields besides \c csrfToken and \c decision
};

/*!
 * The consent page: which app asks for what, and a form posting \c csrfToken, \a content's
 * fields and \c decision (\c allow or \c deny, the two buttons) to \c content.action.
 */
Page consent(const PageContext &context, const ConsentContent &content, const PageTranslator &translator);

/*!
 * The error page for the error identifier \a errorType: \c Configuration (status 500),
 * \c AccessDenied and \c Verification (403, with a link to the sign-in page), Gatehouse's
 * \c Unavailable (503: the store cannot answer now, try again), anything else a generic page
 * (200) linking to the site.
 */
Page error(const PageContext &context, const QString &errorType, const PageTranslator &translator);

//! The page shown after a sign-in link was e-mailed, linking to the site.
Page verifyRequest(const PageContext &context, const PageTranslator &translator);

/*!
 * The account page: the profile with a form posting \c csrfToken, \c action=setName and
 * \c name to <baseUrl>/account; the sessions with forms posting \c action=endSession and
 * \c sessionId, \c action=endOthers or \c action=endAll (what applies to \c sessionKind);
 * the recent activity; a sign-out form. The notice of \c content.notice, if known, on top.
 */
Page account(const PageContext &context, const AccountContent &content, const PageTranslator &translator);

/*!
 * The code page of a sign-in's second step: the message for \c content.error (if any), a form
 * posting \c csrfToken and \c code (a code of the app or a recovery code) to
 * <baseUrl>/two-factor, and one posting \c csrfToken to <baseUrl>/signout (cancel). With
 * \c content.enrolment: the QR code and key above a form posting the app's first code. With
 * \c content.recoveryCodes: those codes and a link to \c content.continueUrl, nothing else.
 */
Page twoFactor(const PageContext &context, const TwoFactorContent &content, const PageTranslator &translator);

//! A page of "Forgot your password?": \c content.step says which.
Page passwordReset(const PageContext &context, const PasswordResetContent &content, const PageTranslator &translator);

//! The bundled server's answer (404) to a path that nothing serves, linking to the site.
Page notFound(const PageContext &context, const PageTranslator &translator);

//! What the page of forbidden() names.
struct ForbiddenContent
{
    QString who;        //!< the signed-in person, as they would recognise themselves; empty
                        //!< when the rules let nobody in, whoever signs in
    QString site;       //!< the host of the site they may not open
    QString signInUrl;  //!< the sign-in page, coming back to the site (unused without \c who)
};

/*!
 * The page (403) a reverse proxy shows a signed-in person whom the access rules keep out of a
 * site: who is signed in, which site, and a link to sign in as someone else. Without
 * \c content.who, the site is closed to everyone: the page says so, and offers no sign-in.
 */
Page forbidden(const PageContext &context, const ForbiddenContent &content, const PageTranslator &translator);

} // namespace Gatehouse::Pages
