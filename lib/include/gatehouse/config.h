#pragma once
/*! \file config.h  The configuration of the engine: every top-level option of Auth.js v5. */
#include <gatehouse/access.h>
#include <gatehouse/autherror.h>
#include <gatehouse/callbacks.h>
#include <gatehouse/cookie.h>
#include <gatehouse/global.h>
#include <gatehouse/provider.h>

#include <QDateTime>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <functional>
#include <memory>
#include <optional>

namespace Gatehouse {

class Adapter;

//! \c session options.
struct GATEHOUSE_EXPORT SessionOptions
{
    enum class Strategy { Jwt, Database };
    //! Unset: \c Database when an adapter is configured, \c Jwt otherwise.
    std::optional<Strategy> strategy;
    qint64 maxAge = 2592000;      //!< seconds (30 days)
    qint64 updateAge = 86400;     //!< seconds (1 day); 0 = update on every access
    std::function<QString()> generateSessionToken;  //!< default: random UUID
};

//! \c jwt options: lifetime and replacement encode/decode functions.
struct GATEHOUSE_EXPORT JwtOptions
{
    qint64 maxAge = 2592000;
    //! Replacement encoder: (claims, salt, maxAge) -> token. Empty: the built-in JWE.
    std::function<QString(const QJsonObject &token, const QString &salt, qint64 maxAge)> encode;
    //! Replacement decoder: (token, salt) -> claims or nullopt. Empty: the built-in JWE.
    std::function<std::optional<QJsonObject>(const QString &token, const QString &salt)> decode;
};

//! \c pages options: paths (or URLs) of custom pages; empty means the built-in page.
struct GATEHOUSE_EXPORT PagesOptions
{
    //! The built-in pages (\c newUser is only ever a custom one).
    enum class Page { SignIn, SignOut, Error, VerifyRequest, Account, TwoFactor };

    QString signIn;
    QString signOut;
    QString error;
    QString verifyRequest;
    QString newUser;
    /*!
     * Gatehouse's account page ({basePath}/account, gatehouse/account.h): empty for the built-in
     * page, or the path or URL of the application's own, to which GET {basePath}/account then
     * redirects (the built-in forms still post to {basePath}/account).
     */
    QString account;
    //! False (\c "pages": {"account": false}): no account page; {basePath}/account answers 400.
    bool accountPage = true;
    /*!
     * The second step of sign-in (\c twoFactor, twofactor.h): empty for the built-in code page,
     * or the path or URL of the application's own. A first factor that needs a code redirects
     * there (a wrong code too, with \c ?error=InvalidCode or \c TooManyAttempts). The page
     * reads the step with \c GET {basePath}/two-factor and \c Accept: \c application/json
     * (\c {"step": "code" | "enrolment", "expires", "user": {name, email}, "enrolment":
     * {secret, uri, qrCodeSvg, issuer, accountName}}; 401 \c {"error": "TwoFactorExpired"}
     * without a step) and posts \c code and \c csrfToken to {basePath}/two-factor.
     */
    QString twoFactor;
};

/*!
 * \c account.passwordReset: "Forgot your password?" on the sign-in page. Offered only with the
 * built-in passwords (passwordCredentialsProvider()), an e-mail provider with an SMTP server (its
 * \c server and \c from send the link) and an adapter that keeps reset links
 * (PasswordResetStore). \c "passwordReset": \c false turns it off.
 */
struct GATEHOUSE_EXPORT PasswordResetOptions
{
    bool enabled = true;
    //! \c lifetime: seconds a reset link stays valid.
    qint64 lifetime = 900;
};

/*!
 * \c account.notices: which security notices are mailed to the person (securitynotices.h), all
 * on by default; \c true or \c false sets all of them. They go out only where a mail can be sent
 * (an \c email provider with an SMTP \c server) and \c url (AUTH_URL) gives the account page.
 */
struct GATEHOUSE_EXPORT NoticeOptions
{
    bool newDevice = true;       //!< a sign-in from a browser and system not seen before for the person
    bool passwordChange = true;  //!< the password changed (account page, administrator)
    bool passwordReset = true;   //!< the password reset by e-mail
    bool twoFactor = true;       //!< the authenticator app set up or removed
    bool recoveryCode = true;    //!< a recovery code used, with how many remain
    bool linkedAccounts = true;  //!< an account (GitHub, Google, ...) linked or unlinked
    bool passkeys = true;        //!< a passkey added

    //! Whether any notice is on.
    bool any() const
    {
        return newDevice || passwordChange || passwordReset || twoFactor || recoveryCode || linkedAccounts || passkeys;
    }
};

//! \c account options: the account page and Account (gatehouse/account.h).
struct GATEHOUSE_EXPORT AccountOptions
{
    /*!
     * \c reauthenticateAfter: seconds after which a sign-in no longer counts as recent for a
     * change that could lock the person out or hand the account to someone else (a new
     * password); such a change sends an older sign-in back to the sign-in page first.
     */
    qint64 reauthenticateAfter = 600;
    PasswordResetOptions passwordReset;
    NoticeOptions notices;
    //! The current time for that check and for reset links; empty: the system clock. For tests and simulations.
    std::function<QDateTime()> clock;
};

/*!
 * \c twoFactor (a Gatehouse addition): the second step of sign-in (twofactor.h). A person with
 * a confirmed authenticator app is asked for a code after the first factor (a passkey counts as
 * two factors) before the session is created.
 */
struct GATEHOUSE_EXPORT TwoFactorSignInOptions
{
    enum class Required {
        Never,      //!< \c "never": no second step, the module is not asked
        Optional,   //!< \c "optional" (the default): the step for people who enrolled
        Always,     //!< \c "always": everyone; a person without an authenticator enrols in the step
    };
    Required required = Required::Optional;
    /*!
     * \c requiredGroups: with \c "optional", members of any of these groups (GroupStore) are
     * treated as under \c "always". Exact names, as access rules write them.
     */
    QStringList requiredGroups;
    //! \c maxAge: seconds the pending second step stays valid after the first factor.
    qint64 maxAge = 300;
    /*!
     * The current time of the second step: for that age and for the time steps of the codes it
     * checks; empty: the system clock. For tests and simulations.
     */
    std::function<QDateTime()> clock;
};

//! \c theme of the built-in pages.
struct GATEHOUSE_EXPORT Theme
{
    QString colorScheme = QStringLiteral("auto");  //!< "auto", "dark" or "light"
    QString brandColor;                            //!< CSS colour, e.g. "#346df1"
    QString logo;                                  //!< URL of an image
    QString buttonText;                            //!< CSS colour of button text
};

//! \c cookies options: per-cookie overrides of name and attributes.
struct GATEHOUSE_EXPORT CookiesOptions
{
    std::optional<CookieOption> sessionToken;
    std::optional<CookieOption> callbackUrl;
    std::optional<CookieOption> csrfToken;
    std::optional<CookieOption> pkceCodeVerifier;
    std::optional<CookieOption> state;
    std::optional<CookieOption> nonce;
    std::optional<CookieOption> webauthnChallenge;
};

//! \c logger: replacements for the built-in logger (QLoggingCategory "gatehouse.*").
struct GATEHOUSE_EXPORT Logger
{
    std::function<void(const QString &message, const QJsonValue &metadata)> debug;
    std::function<void(const AuthError &error)> error;
    std::function<void(const QString &code)> warn;
};

//! \c experimental flags.
struct GATEHOUSE_EXPORT ExperimentalOptions
{
    bool enableWebAuthn = false;
};

/*!
 * \c rateLimit (a Gatehouse addition; Auth.js has none): failed credential sign-ins are
 * limited per identifier and per client address over a sliding window. A limited attempt
 * fails as \c CredentialsSignin with code \c rate_limited without calling \c authorize.
 */
struct GATEHOUSE_EXPORT RateLimitOptions
{
    bool enabled = true;
    int maxFailuresPerIdentifier = 5;   //!< within \c windowSeconds
    int maxFailuresPerAddress = 30;     //!< within \c windowSeconds
    qint64 windowSeconds = 900;
    //! The credentials field naming the account. The built-in passwords (\c "authorize":
    //! \c "builtin") always use their \c email field.
    QString identifierField = QStringLiteral("username");
};

/*!
 * One relying party of the OpenID Provider (\c oidcProvider.clients[i]; lib/src/oidcprovider/README.md).
 * Redirect URIs are compared with what a request presents character for character (the port of
 * an http loopback IP literal aside), so they are written exactly as the app sends them.
 */
struct GATEHOUSE_EXPORT OidcClient
{
    QString clientId;                   //!< 1 to 128 of A-Z a-z 0-9 . _ ~ -
    //! \c name: what the consent page and "Apps with access" call the client (1 to 100 characters); empty: its id.
    QString name;
    //! The name people see: \c name, else the client id.
    QString displayName() const { return name.isEmpty() ? clientId : name; }
    /*!
     * A confidential client's secret (\c clientSecret, or the contents of \c clientSecretFile);
     * empty for a public client. Never logged.
     */
    QString clientSecret;
    //! \c public: a client that cannot keep a secret (a desktop or single-page app): PKCE, no secret.
    bool isPublic = false;
    QStringList redirectUris;
    QStringList postLogoutRedirectUris;
    //! The scopes the client may ask for, of \c openid, \c profile, \c email, \c groups, \c offline_access.
    QStringList scopes = {QStringLiteral("openid")};
    /*!
     * Who may sign in to the client, in forward authentication's policy shapes (access.h):
     * \c {"users": [...], "groups": [...]} (Subjects), \c "signed-in" (the default) or \c "deny".
     */
    AccessPolicy access = {AccessPolicy::Kind::SignedIn, {}, {}};
    bool consent = true;                //!< asks the person before the first sign-in; false: first-party
    /*!
     * \c backchannelLogoutUri: where a Logout Token is POSTed when a session the client signed
     * into ends (OpenID Back-Channel Logout 1.0); https, or http to 127.0.0.1 / [::1]. Empty: none.
     */
    QString backchannelLogoutUri;
    //! \c backchannelLogoutSessionRequired: the Logout Token always names the session (\c sid).
    bool backchannelLogoutSessionRequired = false;
    //! \c idTokenSignedResponseAlg: RS256 (the default), ES256 or EdDSA.
    QString idTokenSignedResponseAlg = QStringLiteral("RS256");
    /*!
     * \c grantTypes: what the client may use at the token endpoint, of \c authorization_code,
     * \c refresh_token and \c client_credentials (at least one of the first and the last). The
     * first two by default, as Keycloak's "use refresh tokens" is on by default: a client gets
     * refresh tokens when it may also ask for \c offline_access (\c scopes) and does;
     * \c ["authorization_code"] keeps it from ever getting one. \c client_credentials (a
     * confidential client only) gives the client an access token for itself.
     */
    QStringList grantTypes = {QStringLiteral("authorization_code"), QStringLiteral("refresh_token")};
};

//! \c oidcProvider (a Gatehouse addition): Gatehouse as an OpenID Provider for other apps.
struct GATEHOUSE_EXPORT OidcProviderOptions
{
    QList<OidcClient> clients;
    /*!
     * \c refreshTokenLifetime: seconds a refresh grant lives from its authorization, however often
     * its tokens are used (RFC 9700 §4.14.2); 30 days by default, 300 s to 366 days. The person
     * signs in again after it.
     */
    qint64 refreshTokenLifetime = 30LL * 24 * 3600;
    /*!
     * \c refreshTokenIdleLifetime: seconds a refresh token stays usable unused; each use gives a
     * new one with a new idle time, never beyond refreshTokenLifetime. 14 days by default, 60 s up
     * to refreshTokenLifetime.
     */
    qint64 refreshTokenIdleLifetime = 14LL * 24 * 3600;

    //! The scopes a client may be given.
    static QStringList knownScopes()
    {
        return {QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups"),
                QStringLiteral("offline_access")};
    }
    //! The grant types a client may be given (\c grantTypes).
    static QStringList grantTypeNames()
    {
        return {QStringLiteral("authorization_code"), QStringLiteral("refresh_token"), QStringLiteral("client_credentials")};
    }
    //! The ID token signing algorithms (\c idTokenSignedResponseAlg).
    static QStringList signingAlgorithms()
    {
        return {QStringLiteral("RS256"), QStringLiteral("ES256"), QStringLiteral("EdDSA")};
    }
};

/*!
 * The engine's configuration. Options and defaults are Auth.js v5's; the JSON configuration
 * file of gatehouse-server uses the same key names.
 */
struct GATEHOUSE_EXPORT Config
{
    QList<Provider> providers;
    std::shared_ptr<Adapter> adapter;
    QString basePath = QStringLiteral("/auth");
    QStringList secret;                 //!< newest first; the first encodes, any decodes
    QUrl url;                           //!< AUTH_URL: the public origin (and base path), if fixed
    SessionOptions session;
    JwtOptions jwt;
    Callbacks callbacks;
    Events events;
    CookiesOptions cookies;
    PagesOptions pages;
    AccountOptions account;
    TwoFactorSignInOptions twoFactor;
    Theme theme;
    bool debug = false;
    Logger logger;
    ExperimentalOptions experimental;
    QString redirectProxyUrl;
    bool skipCSRFCheck = false;
    bool trustHost = false;
    std::optional<bool> useSecureCookies;  //!< unset: true for https URLs
    RateLimitOptions rateLimit;
    /*!
     * \c trustedProxies (a Gatehouse addition): the proxies, as addresses or subnets
     * (QHostAddress::parseSubnet(): \c "10.0.0.0/8", \c "::1"), whose \c X-Forwarded-For
     * names the client. Behind them the rate limits and the audit log see the client's address
     * instead of the proxy's. Empty (the default): the peer address is the client.
     */
    QList<QPair<QHostAddress, int>> trustedProxies;
    /*!
     * \c redirectDomains (a Gatehouse addition): hosts besides the origin's own that callback
     * URLs may lead to, each exact (\c "app.example.test") or a dot-bounded suffix
     * (\c ".example.test": any name below example.test). Empty (the default): callbacks stay
     * on the origin, as in Auth.js. Forward authentication's sign-in redirects need the
     * protected apps' hosts here.
     */
    QStringList redirectDomains;
    //! \c access (a Gatehouse addition): the rules of forward authentication (access.h).
    AccessOptions access;
    /*!
     * \c oidcProvider (a Gatehouse addition): the clients of Gatehouse as an OpenID Provider.
     * Unset (the default): no provider endpoints, no discovery document.
     */
    std::optional<OidcProviderOptions> oidcProvider;

    //! The session strategy in effect (resolves the adapter-dependent default).
    SessionOptions::Strategy sessionStrategy() const;
    /*!
     * Where clients of \a origin (scheme://host[:port]) find \a page: its replacement in
     * \c pages (a path there is made absolute on \a origin), or the built-in page under
     * \c basePath, e.g. \c http://localhost:3000/auth/signin.
     */
    QString pageUrl(PagesOptions::Page page, const QString &origin) const;
};

/*!
 * Lazy initialisation: a configuration computed from the request. The request pointer is
 * null when there is none (for example at start-up checks).
 */
using ConfigFactory = std::function<Config(const AuthRequest *request)>;

} // namespace Gatehouse
