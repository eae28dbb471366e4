#pragma once
/*!
 * \file account.h  What a signed-in person may see and change about themselves: their profile,
 * their built-in password, their passkeys, their linked accounts, their sessions, their recent activity. The built-in account page ({basePath}/account) is made
 * of these operations; an application offers them in its own UI the same way.
 *
 * \code
 * Gatehouse::Account account(adapter, config.session);
 * account.sessions(userId, sessionToken).then([](const QList<Gatehouse::AccountSession> &list) { ... });
 * account.endSession(userId, list.first().id, {clientAddress, userAgent});
 * \endcode
 *
 * Every operation takes the acting user's id and only ever reads or changes that user's
 * records: a session id of another user fails exactly like one that does not exist
 * (AccountRecordNotFound). Every change writes an audit event (AuditStore) with the
 * AccountChange given. Futures fail with the errors below, MissingAdapterMethods (errors.h) or
 * the store's AdapterError.
 */
#include <gatehouse/adapter.h>
#include <gatehouse/auditstore.h>
#include <gatehouse/autherror.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

//! Who the person is, as stored.
struct GATEHOUSE_EXPORT AccountProfile
{
    QString userId;
    std::optional<QString> name;
    QString email;
    std::optional<QDateTime> emailVerified;  //!< when the address was proven; nullopt: never
    std::optional<QString> image;
};

//! One of the person's database sessions. Never carries the session token.
struct GATEHOUSE_EXPORT AccountSession
{
    QString id;                 //!< Account::sessionId() of the token: what endSession() takes
    bool current = false;       //!< the session of the request that asked
    QDateTime createdAt;        //!< when it began; invalid when not recorded (older sessions)
    /*!
     * Its last activity to within the session's \c updateAge (a day by default): a session is
     * extended at most that often, and this is the last extension (expires - maxAge).
     */
    QDateTime lastActive;
    QDateTime expires;
    QString clientAddress;      //!< where it began; empty when not recorded
    QString userAgent;          //!< as the browser sent it; empty when not recorded
    QString browser;            //!< from the user agent, e.g. "Firefox"; empty when unknown
    QString operatingSystem;    //!< from the user agent, e.g. "Linux"; empty when unknown
};

//! An OAuth or OpenID Connect account linked to the person. Never carries its tokens.
struct GATEHOUSE_EXPORT AccountLink
{
    QString id;             //!< Account::linkId() of the account: what unlinkAccount() takes
    QString provider;       //!< the provider's id, e.g. "github"
    QString type;           //!< "oauth" or "oidc"
    QDateTime linkedAt;     //!< from the audit log's \c linkAccount event; invalid when not recorded
};

//! One of the person's passkeys (a WebAuthn authenticator). Never carries its public key.
struct GATEHOUSE_EXPORT AccountPasskey
{
    QString id;             //!< Account::passkeyId() of its credential ID: what renamePasskey() and removePasskey() take
    QString name;           //!< as named when registered or renamed; empty when never named (registered before names were kept)
    QDateTime createdAt;    //!< when it was registered; invalid when not recorded
    QDateTime lastUsedAt;   //!< its last sign-in; invalid when none was recorded
    bool backedUp = false;  //!< the authenticator says the credential is backed up (synced)
    QString deviceType;     //!< "singleDevice" or "multiDevice", as the authenticator says
    QStringList transports; //!< how the browser reaches it ("usb", "internal", "hybrid", ...); empty when unknown
};

/*!
 * The ways to sign in that a deployment offers, for the rule that a removal never leaves a
 * person without one: a built-in password they have, a passkey, a linked account of a
 * configured provider, or an e-mail provider for a verified address (its link always works).
 */
struct GATEHOUSE_EXPORT SignInMethods
{
    bool builtinPassword = false;   //!< a passwordCredentialsProvider() is configured
    bool passkeys = false;          //!< a WebAuthn provider is configured
    bool email = false;             //!< an e-mail provider is configured
    QStringList linkProviders;      //!< the ids of the configured OAuth/OIDC providers

    //! What \a providers (Config::providers) offer.
    static SignInMethods of(const QList<Provider> &providers);
};

//! Who makes a change, for its audit event.
struct GATEHOUSE_EXPORT AccountChange
{
    QString clientAddress;
    QString userAgent;
    /*!
     * An administrator acting on the person's records (the admin API), not the person: the
     * rule that a removal leaves the person a way to sign in (LastSignInMethod) is theirs to
     * weigh, not enforced: a lost or stolen passkey must go even when it is the last.
     */
    bool byAdministrator = false;
    //! With byAdministrator: who, the audit's \c by (\c token:NAME, an administrator's email).
    QString by;
};

//! A session (or other record) the user does not have, whether it belongs to another user or
//! does not exist at all: the two are never told apart.
GATEHOUSE_AUTH_ERROR(AccountRecordNotFound, Configuration)

//! A value the account operations refuse (an empty or over-long name, ...).
GATEHOUSE_AUTH_ERROR(InvalidAccountInput, Configuration)

//! The current password given is not the person's (or they have no built-in password):
//! nothing was changed.
GATEHOUSE_AUTH_ERROR(IncorrectPassword, Configuration)

//! The removal would leave the person no way to sign in: nothing was changed.
GATEHOUSE_AUTH_ERROR(LastSignInMethod, Configuration)

class AccountPrivate;

/*!
 * The account operations over an adapter. Copies are cheap and share one instance; it is
 * immutable and safe to use from several threads, like Auth.
 *
 * Sessions: database sessions are listed and ended one by one. JWT sessions live only in their
 * cookies; with an adapter that implements AccountStore, endOtherSessions() and endAllSessions()
 * also end every JWT issued to the user until now (a per-user "not before"; the engine refuses
 * older tokens). After endOtherSessions() the caller's own JWT must be issued anew (Auth::update()
 * does) or it ends too. canRevokeJwtSessions() says whether the adapter can.
 */
class GATEHOUSE_EXPORT Account
{
public:
    //! Operations on \a adapter's records; \a sessions are the engine's session options
    //! (\c maxAge gives lastActive).
    explicit Account(std::shared_ptr<Adapter> adapter, const SessionOptions &sessions = {});
    ~Account();
    Account(const Account &);
    Account &operator=(const Account &);

    //! The public id of the session with \a sessionToken: not reversible, stable, URL-safe.
    static QString sessionId(const QString &sessionToken);
    //! True when JWT sessions can be ended (the adapter implements AccountStore).
    bool canRevokeJwtSessions() const;

    //! The stored profile of \a userId; AccountRecordNotFound when there is no such user.
    QFuture<AccountProfile> profile(const QString &userId) const;
    /*!
     * Sets the display name of \a userId to \a name (trimmed; 1 to 255 characters, no control
     * characters, else InvalidAccountInput) and returns the new profile. Audit: \c accountUpdate.
     */
    QFuture<AccountProfile> setName(const QString &userId, const QString &name, const AccountChange &change = {}) const;

    //! The unexpired database sessions of \a userId, newest first; the one with
    //! \a currentSessionToken marked \c current.
    QFuture<QList<AccountSession>> sessions(const QString &userId, const QString &currentSessionToken = {}) const;
    /*!
     * Ends \a userId's session \a sessionId; AccountRecordNotFound when the user has none with
     * that id. Audit: \c sessionEnd. Returns the ended session's token, for what must follow its
     * end (the engine derives from it the \c sid its OpenID Provider clients are told of); a
     * secret of that session's browser: never show or log it.
     */
    QFuture<QString> endSession(const QString &userId, const QString &sessionId, const AccountChange &change = {}) const;
    //! Ends every session of \a userId but the one with \a currentSessionToken (and every JWT
    //! issued until now); returns how many database sessions ended. Audit: \c sessionsEndOthers.
    QFuture<qint64> endOtherSessions(const QString &userId, const QString &currentSessionToken,
                                     const AccountChange &change = {}) const;
    //! Ends every session of \a userId, database and JWT; returns how many database sessions
    //! ended. Audit: \c sessionsEndAll.
    QFuture<qint64> endAllSessions(const QString &userId, const AccountChange &change = {}) const;

    //! True when \a userId has a built-in password (passwordCredentialsProvider()) to change.
    QFuture<bool> hasPassword(const QString &userId) const;
    /*!
     * Changes the built-in password of \a userId to \a newPassword when \a currentPassword is
     * theirs, and ends their other sessions: every database session but the one with
     * \a currentSessionToken, and every JWT issued until now (the caller's own must be issued
     * anew, as after endOtherSessions()). Returns how many database sessions ended.
     * The new password must pass newPasswordProblem() (passwordcredentials.h), else
     * InvalidAccountInput; a wrong current password (or none stored) is IncorrectPassword. The
     * Argon2id work runs on the password hashing pool. Audit: \c passwordChange, or
     * \c passwordChangeFailed for a wrong current password. Limiting the attempts and asking
     * for a recent sign-in are the caller's (the account page does both, as sign-in does).
     */
    QFuture<qint64> changePassword(const QString &userId, const QString &currentPassword, const QString &newPassword,
                                   const QString &currentSessionToken, const AccountChange &change = {}) const;

    //! The public id of the linked account (\a provider, \a providerAccountId): not reversible, stable, URL-safe.
    static QString linkId(const QString &provider, const QString &providerAccountId);
    //! The OAuth/OIDC accounts linked to \a userId (needs AdminStore), with when each was linked
    //! where the audit log has it; sorted by provider.
    QFuture<QList<AccountLink>> linkedAccounts(const QString &userId) const;
    /*!
     * Unlinks \a userId's account \a linkId; AccountRecordNotFound when the user has no linked
     * account with that id. LastSignInMethod when it is the last way to sign in that
     * \a methods offer the person (not for AccountChange::byAdministrator). Audit:
     * \c unlinkAccount. Asking for a recent sign-in is the
     * caller's (the account page does).
     */
    QFuture<void> unlinkAccount(const QString &userId, const QString &linkId, const SignInMethods &methods,
                                const AccountChange &change = {}) const;

    /*!
     * The public id of the passkey with \a credentialID: not reversible, stable, URL-safe. The
     * credential ID is no secret (a browser sends it to anyone who asks for a passkey), but the
     * page names passkeys like sessions and linked accounts, by an id of its own.
     */
    static QString passkeyId(const QString &credentialID);
    //! The passkeys of \a userId, oldest first, those registered before their details were
    //! recorded last (without an AccountStore: all, without names or times).
    QFuture<QList<AccountPasskey>> passkeys(const QString &userId) const;
    /*!
     * Names \a userId's passkey \a passkeyId \a name (trimmed; 1 to 255 characters, no control
     * characters, else InvalidAccountInput); AccountRecordNotFound when the user has no passkey
     * with that id. Needs an AccountStore. Audit: \c passkeyRename.
     */
    QFuture<void> renamePasskey(const QString &userId, const QString &passkeyId, const QString &name,
                                const AccountChange &change = {}) const;
    /*!
     * Removes \a userId's passkey \a passkeyId (its authenticator and the \c webauthn account
     * registration linked with it); AccountRecordNotFound when the user has no passkey with that
     * id, LastSignInMethod when it is the last way to sign in that \a methods offer the person
     * (not for AccountChange::byAdministrator).
     * Audit: \c passkeyRemove. Asking for a recent sign-in is the caller's (the account page does).
     */
    QFuture<void> removePasskey(const QString &userId, const QString &passkeyId, const SignInMethods &methods,
                                const AccountChange &change = {}) const;
    //! The last \a limit audit events of \a userId (sign-ins, failures, sign-outs, changes),
    //! newest first; empty without an AuditStore.
    QFuture<QList<AuditEvent>> recentActivity(const QString &userId, int limit = 20) const;

    /*!
     * The security notices (securitynotices.h) a person may turn off for themselves: only
     * "newDevice", a sign-in from a browser not seen before, which people who travel or clear
     * their browsers get often. The others (a new password, two-factor turned off, a passkey
     * added ...) are what an intruder would hide first: they stay as the configuration has them.
     */
    static QStringList personalNotices();
    //! True when people can turn notices off (the adapter implements NoticePreferenceStore).
    bool keepsNoticeChoices() const;
    //! Whether \a userId gets the notice \a kind, one of personalNotices(): true unless they turned
    //! it off (also without a NoticePreferenceStore, where nobody can).
    QFuture<bool> noticeEnabled(const QString &userId, const QString &kind) const;
    /*!
     * Turns \a userId's notice \a kind on or off: InvalidAccountInput for a kind not in
     * personalNotices(), MissingAdapterMethods without a NoticePreferenceStore. A notice turned
     * off still goes out for what happened before (the sign-in it was turned off from included).
     * Audit: \c noticeChoice.
     */
    QFuture<void> setNoticeEnabled(const QString &userId, const QString &kind, bool enabled,
                                   const AccountChange &change = {}) const;

private:
    std::shared_ptr<const AccountPrivate> d;
};

} // namespace Gatehouse
