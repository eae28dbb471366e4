#pragma once
/*!
 * \file nativesignin.h  Signing a desktop app's user in against a Gatehouse (or another OpenID
 * Provider) in the system browser: the authorization code flow with PKCE S256 and a loopback
 * redirect (RFC 8252, OAuth 2.0 for Native Apps). lib/src/nativesignin/README.md has the design.
 *
 * \code
 * Gatehouse::NativeSignIn signIn(QUrl("https://auth.example.test/auth"), "gatehouse-admin",
 *                                {"openid", "email", "offline_access"});
 * QObject::connect(&signIn, &Gatehouse::NativeSignIn::authorizationUrlReady,
 *                  [](const QUrl &url) { QDesktopServices::openUrl(url); });
 * signIn.signIn().then(&app, [](const Gatehouse::NativeSignInTokens &tokens) { ... })
 *               .onFailed(&app, [](const Gatehouse::NativeSignInError &e) { ... });
 * \endcode
 */
#include <gatehouse/autherror.h>
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QStringList>
#include <QUrl>

#include <chrono>
#include <memory>

namespace Gatehouse {

/*!
 * Why a sign-in or a refresh failed. \c type() is \c "NativeSignInError"; \c reason() says
 * why; message() says what in words (never a token, a code or a verifier).
 */
class GATEHOUSE_EXPORT NativeSignInError : public AuthError
{
public:
    enum class Reason {
        InvalidArgument,  //!< the issuer is not https (nor http on loopback), no client id, ...
        Network,          //!< the provider could not be reached, or the loopback port not opened
        InvalidResponse,  //!< the provider answered something that is not what the protocol says
        ProviderError,    //!< the provider answered with an OAuth error: error() and errorDescription()
        TimedOut,         //!< the browser did not come back within timeout()
        StateMismatch,    //!< the redirect did not carry this sign-in's \c state
        IssuerMismatch,   //!< the redirect's \c iss (RFC 9207) is not the issuer, or is missing
        InvalidIdToken,   //!< the ID token's signature, \c iss, \c aud, \c exp or \c nonce is wrong
        Cancelled,        //!< cancel(), a new signIn(), or the object was destroyed
    };

    NativeSignInError(Reason reason, QString message, QString error = {}, QString errorDescription = {});

    Reason reason() const { return m_reason; }
    //! ProviderError: the provider's \c error code ("access_denied", "invalid_grant", ...).
    QString error() const { return m_error; }
    //! ProviderError: the provider's \c error_description, if any.
    QString errorDescription() const { return m_errorDescription; }

    void raise() const override { throw *this; }
    NativeSignInError *clone() const override { return new NativeSignInError(*this); }

private:
    Reason m_reason;
    QString m_error;
    QString m_errorDescription;
};

//! The tokens of a sign-in or a refresh. The ID token's claims have been verified.
struct GATEHOUSE_EXPORT NativeSignInTokens
{
    QString accessToken;       //!< sent as "Authorization: Bearer <accessToken>"
    QString tokenType;         //!< "Bearer"
    QString refreshToken;      //!< empty unless \c offline_access was granted
    QString idToken;           //!< the compact JWT, e.g. for RP-initiated logout's id_token_hint
    QJsonObject idTokenClaims; //!< sub, email, name, groups, ... as the scopes allow
    QDateTime expiresAt;       //!< when the access token expires (UTC); invalid when not said
    QStringList scopes;        //!< the scopes granted (those asked for when the provider did not say)
};

class NativeSignInPrivate;

/*!
 * Signs a person in with the system browser: signIn() fetches the issuer's discovery document,
 * opens a listener on 127.0.0.1 on a port the system chooses, and emits authorizationUrlReady()
 * with the authorization request (PKCE S256, \c state and \c nonce, fresh random values each
 * time). The app opens that URL in the browser (QDesktopServices::openUrl; this library does not
 * use QtGui). The person signs in on the provider's page, which sends the browser back to
 * http://127.0.0.1:PORT/callback; that one request is checked (\c state, RFC 9207 \c iss), the
 * code is exchanged with the verifier, the ID token verified against the provider's JWK Set, and
 * the browser is told it may close the tab. Requests to any other path are refused (404) and
 * change nothing; the first request to the callback path ends the listening, whatever it says.
 *
 * The issuer must be https; http only on a loopback address (127.0.0.1, [::1], localhost), for
 * tests. The endpoints the discovery document names follow the same rule.
 *
 * Lives in one thread with an event loop: call it there; its futures finish there. Destroy it
 * with deleteLater() rather than from within a continuation of its own futures. One sign-in at
 * a time: a new signIn() cancels the one under way.
 */
class GATEHOUSE_EXPORT NativeSignIn : public QObject
{
    Q_OBJECT
public:
    /*!
     * A helper for \a clientId (a public client registered with the redirect URI
     * http://127.0.0.1/callback on any port; Gatehouse's own is \c gatehouse-admin) at \a issuer
     * (e.g. https://auth.example.test/auth), asking for \a scopes ("openid" is added when
     * missing: the ID token is how the person is known).
     */
    NativeSignIn(const QUrl &issuer, const QString &clientId, const QStringList &scopes, QObject *parent = nullptr);
    ~NativeSignIn() override;

    QUrl issuer() const;
    QString clientId() const;
    QStringList scopes() const;

    //! How long signIn() waits for the browser to come back (default 5 minutes).
    std::chrono::milliseconds timeout() const;
    void setTimeout(std::chrono::milliseconds timeout);
    //! The redirect URI's path (default "/callback", as gatehouse-admin is registered).
    QString redirectPath() const;
    void setRedirectPath(const QString &path);
    /*!
     * More parameters of the authorization request: \c login_hint, \c prompt, \c ui_locales,
     * \c max_age, ... Those the flow sets itself (client_id, redirect_uri, state, nonce, scope,
     * response_type, code_challenge, code_challenge_method) are ignored here.
     */
    void setExtraParameters(const QList<QPair<QString, QString>> &parameters);

    /*!
     * Signs a person in; authorizationUrlReady() is emitted once the listener is open. The tokens,
     * or NativeSignInError.
     */
    QFuture<NativeSignInTokens> signIn();
    /*!
     * New tokens for \a refreshToken (grant_type=refresh_token). A provider that rotates refresh
     * tokens (Gatehouse does) answers a new one, which replaces the old: keep the new one. When
     * \a subject is given, an ID token in the answer must name it. The tokens, or
     * NativeSignInError (ProviderError "invalid_grant" when the refresh token is no longer valid).
     */
    QFuture<NativeSignInTokens> refresh(const QString &refreshToken, const QString &subject = {});
    //! Ends the sign-in under way with Reason::Cancelled; the listener closes.
    void cancel();

Q_SIGNALS:
    //! Open \a url in the system browser: QDesktopServices::openUrl(url).
    void authorizationUrlReady(const QUrl &url);

private:
    std::shared_ptr<NativeSignInPrivate> d;
};

} // namespace Gatehouse
