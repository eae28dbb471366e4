#pragma once
/*! \file serverlink.h  A signed-in link to a gatehouse-server: its tokens and its admin API. */
#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>

namespace Gatehouse {
class NativeSignIn;
struct NativeSignInTokens;
}

namespace Gatehouse::Admin {

class ApiClient;

/*!
 * The person's sign-in at one server (AdminConnection's server half). start() signs in: with the
 * refresh token the platform keychain keeps for this server when there is one, else in the
 * system browser (Gatehouse::NativeSignIn, the built-in public client \c gatehouse-admin, PKCE
 * and a loopback redirect). The access token stays in memory only and is refreshed a minute
 * before it expires; the refresh token (rotated by every refresh) goes to the keychain
 * (QtKeychain) when \c keepSignIn is set and a keychain is there, and nowhere else.
 */
class ServerLink : public QObject
{
    Q_OBJECT
public:
    ServerLink(const QUrl &issuer, bool keepSignIn, QObject *parent = nullptr);
    ~ServerLink() override;

    //! The scopes asked for: those the gatehouse-admin client grants and the app needs.
    static QStringList scopes();

    QUrl issuer() const { return m_issuer; }
    //! Whom the app acts as: the ID token's email; empty until signed in.
    QString email() const { return m_email; }
    QString accessToken() const { return m_accessToken; }
    bool isSignedIn() const { return !m_accessToken.isEmpty(); }
    ApiClient *api() const { return m_api; }

    //! Signs in: the kept refresh token first, else the browser.
    void start();
    //! Signs in in the browser (again).
    void signInInBrowser();
    //! Ends a sign-in under way; nothing is reported.
    void cancel();
    /*!
     * After a refused access token: one refresh. \a done(true) in \a context's thread with a new
     * access token, done(false) when the refresh failed (then signInRequired() is emitted).
     * Calls while a refresh runs wait for it.
     */
    void renew(QObject *context, std::function<void(bool)> done);
    //! Forgets the tokens (the kept one too) and emits signInRequired(\a message).
    void requireSignIn(const QString &message);
    /*!
     * Ends the sign-in: the grant revoked at the server (RFC 7009, best effort), the kept
     * refresh token removed, the tokens forgotten.
     */
    void signOut();

Q_SIGNALS:
    //! The browser was opened at \a url (the person signs in there).
    void browserOpened(const QUrl &url);
    //! Signed in (or refreshed from the keychain): email() and accessToken() are set.
    void signedIn();
    //! The sign-in did not succeed; \a message says why in one sentence.
    void signInFailed(const QString &message);
    //! The tokens are gone (refused, revoked): the person must sign in again.
    void signInRequired(const QString &message);

private:
    void useTokens(const NativeSignInTokens &tokens);
    void refreshNow(bool fromKeychain);
    void finishRenewals(bool ok);
    void keepRefreshToken(const QString &token);
    void forgetKeptRefreshToken();
    QString keychainKey() const;

    QUrl m_issuer;
    bool m_keepSignIn;
    NativeSignIn *m_signIn;
    ApiClient *m_api;
    QString m_accessToken;
    QString m_refreshToken;
    QString m_subject;
    QString m_email;
    QTimer m_refreshTimer;
    bool m_refreshing = false;
    quint64 m_generation = 0;
    QList<std::pair<QPointer<QObject>, std::function<void(bool)>>> m_waiting;
};

} // namespace Gatehouse::Admin
