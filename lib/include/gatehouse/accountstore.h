#pragma once
/*! \file accountstore.h  What the account operations (account.h) keep beside the Auth.js tables:
 *  where, when and how each database session began, the per-user "not before" of JWT sessions, and
 *  the name and times of each passkey. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>
#include <optional>

namespace Gatehouse {

//! What Gatehouse records when a database session begins (\c gatehouse_session_details).
struct GATEHOUSE_EXPORT SessionDetails
{
    QString sessionToken;
    QString userId;
    QDateTime createdAt;            //!< when the person signed in (UTC)
    QString clientAddress;          //!< empty when unknown
    QString userAgent;              //!< as sent, at most 512 characters; empty when none
    /*!
     * How the person signed in: OpenID Connect "amr" values (RFC 8176: "pwd", "otp", "hwk",
     * "mfa"; Gatehouse's own "email", "fed", "recovery"), at most 255 characters joined by
     * spaces; empty when not recorded.
     */
    QStringList signInMethods;
};

//! One of a user's database sessions with what is recorded about it.
struct GATEHOUSE_EXPORT UserSessionRecord
{
    AdapterSession session;
    std::optional<SessionDetails> details;  //!< nullopt: begun before details were recorded
};

//! What Gatehouse records of a passkey beside Auth.js's \c authenticators table (\c gatehouse_passkeys).
struct GATEHOUSE_EXPORT PasskeyDetails
{
    QString credentialID;           //!< the authenticator's (AdapterAuthenticator::credentialID)
    QString userId;
    QString name;                   //!< as the person named it, at most 255 characters
    QDateTime createdAt;            //!< when it was registered (UTC); invalid: not recorded
    QDateTime lastUsedAt;           //!< its last sign-in (UTC); invalid: none recorded
};

//! One of a user's passkeys with what is recorded about it.
struct GATEHOUSE_EXPORT UserPasskeyRecord
{
    AdapterAuthenticator authenticator;
    std::optional<PasskeyDetails> details;  //!< nullopt: registered before details were recorded
};

/*!
 * Session details, JWT revocation and passkey details (\c gatehouse_session_details,
 * \c gatehouse_session_revocations, \c gatehouse_passkeys). With it the account page lists where and when sessions
 * began, and "sign out everywhere" reaches JWT sessions too; without it sessions are listed
 * from the \c sessions table alone and JWT sessions cannot be revoked. Futures fail with
 * AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT AccountStore
{
public:
    virtual ~AccountStore();

    //! Records \a details of a session just created (replacing any for the same token), and
    //! forgets the details of the user's sessions that no longer exist.
    virtual QFuture<void> recordSessionDetails(const SessionDetails &details) = 0;
    //! The unexpired sessions of \a userId with their details, newest first; empty for an unknown user.
    virtual QFuture<QList<UserSessionRecord>> userSessions(const QString &userId) = 0;
    /*!
     * The details of \a userId's unexpired session \a sessionToken; nullopt when none were
     * recorded. The default looks through userSessions(); the bundled adapters look up the one row.
     */
    virtual QFuture<std::optional<SessionDetails>> sessionDetails(const QString &userId, const QString &sessionToken);
    /*!
     * Refuses every JWT session of \a userId issued before \a notBefore (whole seconds, UTC);
     * replaces the previous time. Fails with Reason::NotFound for an unknown user.
     */
    virtual QFuture<void> setSessionsNotBefore(const QString &userId, const QDateTime &notBefore) = 0;
    //! The time set by setSessionsNotBefore(), or nullopt when none was set.
    virtual QFuture<std::optional<QDateTime>> sessionsNotBefore(const QString &userId) = 0;

    /*!
     * Records \a details of a passkey just registered (replacing any for the same credential;
     * \c lastUsedAt is ignored). Fails with Reason::NotFound when \a details.userId has no
     * authenticator with that credential ID. The details go when the authenticator goes.
     */
    virtual QFuture<void> recordPasskey(const PasskeyDetails &details) = 0;
    //! Notes a sign-in with the passkey \a credentialID at \a at; nothing for one without details.
    virtual QFuture<void> recordPasskeyUse(const QString &credentialID, const QDateTime &at) = 0;
    //! The authenticators of \a userId with their details, oldest first (those without details
    //! last); empty for an unknown user.
    virtual QFuture<QList<UserPasskeyRecord>> userPasskeys(const QString &userId) = 0;
    /*!
     * Names \a userId's passkey \a credentialID \a name (details without times are recorded
     * for one registered before details were). False when the user has no such authenticator.
     */
    virtual QFuture<bool> renamePasskey(const QString &userId, const QString &credentialID, const QString &name) = 0;

protected:
    AccountStore() = default;
    Q_DISABLE_COPY(AccountStore)
};

} // namespace Gatehouse
