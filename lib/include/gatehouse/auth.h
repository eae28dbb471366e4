#pragma once
/*! \file auth.h  The engine: one call that turns a request into a response, like Auth.js's Auth(). */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QJsonObject>
#include <memory>
#include <optional>

namespace Gatehouse {

class AuthPrivate;

//! Options of the programmatic sign-in, Auth::signIn() (Auth.js's signIn(provider, options)).
struct GATEHOUSE_EXPORT SignInOptions
{
    QJsonObject fields;        //!< provider-specific fields, e.g. credentials or an email address
    QString redirectTo;        //!< where to go afterwards; default: the current callback URL
    bool redirect = true;      //!< false: the response is {url} JSON instead of a redirect
    QJsonObject authorizationParams;  //!< extra parameters for an OAuth authorization request
};

//! What is known of a request's session.
enum class SessionStatus {
    SignedIn,     //!< the request has a valid session
    SignedOut,    //!< it has none: no session cookie, or one whose session is unknown, expired or ended
    Unavailable,  //!< the session store failed (e.g. the database is down): the request may well be
                  //!< signed in; answer 503 and let the client try again, do not sign it out
};

//! The outcome of route protection: the session, and the response to send when denied.
struct GATEHOUSE_EXPORT Authorization
{
    std::optional<QJsonObject> session;   //!< the request's session, if any
    std::optional<AuthResponse> denied;   //!< set: send this instead of the route's answer
    //! Unavailable: \c denied is a 503 with Retry-After (not a redirect to the sign-in page).
    SessionStatus status = SessionStatus::SignedOut;
};

//! Options of the programmatic sign-out.
struct GATEHOUSE_EXPORT SignOutOptions
{
    QString redirectTo;
    bool redirect = true;
};

/*!
 * The configured authentication engine.
 *
 * \code
 * Gatehouse::Config config;
 * config.secret = {qEnvironmentVariable("AUTH_SECRET")};
 * config.providers = {...};
 * Gatehouse::Auth auth(config);
 * QFuture<Gatehouse::AuthResponse> response = auth.handle(request);
 * \endcode
 *
 * An Auth is immutable after construction and safe to share between threads; copies are
 * cheap and share one engine. Construction validates the configuration and throws an
 * AuthError (\c type() "MissingSecret", "InvalidConfiguration", ...) naming every problem.
 */
class GATEHOUSE_EXPORT Auth
{
public:
    explicit Auth(const Config &config);
    //! Lazy initialisation: the configuration is computed per request by \a factory.
    explicit Auth(ConfigFactory factory);
    ~Auth();
    Auth(const Auth &);
    Auth &operator=(const Auth &);

    //! Handles one request under the configured base path.
    QFuture<AuthResponse> handle(const AuthRequest &request) const;

    /*!
     * The session of \a request (what GET {basePath}/session would return), or nullopt when it
     * is signed out. Fails with SessionUnavailable (errors.h) when the session store failed, as
     * during a database outage: the request may well be signed in, so do not treat it as
     * signed out (answer 503, or try again later).
     */
    QFuture<std::optional<QJsonObject>> session(const AuthRequest &request) const;

    /*!
     * Server-side sign-in on behalf of \a request's client: the same as the client posting to
     * \c signin/<provider> (or \c callback/<provider> for credentials), without a CSRF token.
     * Without \a provider the response sends the client to the sign-in page. The response
     * carries the cookies to set; pass it on to the client.
     */
    QFuture<AuthResponse> signIn(const AuthRequest &request, const QString &provider = {},
                                 const SignInOptions &options = {}) const;
    //! Server-side sign-out of \a request's client (the session cookie is deleted).
    QFuture<AuthResponse> signOut(const AuthRequest &request, const SignOutOptions &options = {}) const;
    /*!
     * Updates the session of \a request's client with \a data (the \c jwt callback sees it as
     * \c session with trigger \c update). The response body is the new session (or null) and
     * its cookies must reach the client. Auth.js calls this \c unstable_update.
     */
    QFuture<AuthResponse> update(const AuthRequest &request, const QJsonObject &data) const;
    /*!
     * Route protection with the \c authorized callback. \c denied is empty when \a request may
     * proceed; otherwise it is the response to send instead: the callback's own response, or
     * a redirect to the sign-in page that comes back to the requested URL. Without an
     * \c authorized callback a request may proceed when it has a session.
     *
     * When the session store failed (\c status Unavailable), \c denied is a 503 with
     * Retry-After, the error page for a request that accepts HTML and JSON otherwise, and the
     * \c authorized callback is not asked: nobody is sent to a sign-in that cannot work.
     */
    QFuture<Authorization> authorize(const AuthRequest &request) const;

    /*!
     * A valid access token of stored user \a userId's account with oauth/oidc provider
     * \a provider, refreshed (and the rotated token set stored) when it has expired; concurrent
     * callers share one refresh (see AccessTokens in tokens.h). Needs an adapter that implements
     * AccountTokenStore (SqlAdapter, MemoryAdapter); call it from a thread with an event loop.
     * Fails with AuthError \c AccountNotLinked, \c RefreshAccessTokenError, \c InvalidProvider
     * or \c MissingAdapterMethods.
     */
    QFuture<QString> accessToken(const QString &userId, const QString &provider) const;

    /*!
     * The themed "page not found" (404) for \a request, in its language: what a server built
     * on the engine answers for a path that nothing serves (gatehouse-server does so outside
     * the base path). Paths under the base path keep Auth.js's answers; handle() serves them.
     */
    AuthResponse notFound(const AuthRequest &request) const;

    //! The configuration in effect (for a ConfigFactory engine: the one computed without a request).
    const Config &config() const;

private:
    std::shared_ptr<const AuthPrivate> d;
};

/*!
 * The session of \a request under \a config, or nullopt: a one-off engine for code that has no
 * Auth at hand. Builds the engine (and derives keys) on every call: keep an Auth where it counts.
 * Fails with SessionUnavailable as Auth::session() does.
 */
GATEHOUSE_EXPORT QFuture<std::optional<QJsonObject>> getSession(const AuthRequest &request, const Config &config);

} // namespace Gatehouse
