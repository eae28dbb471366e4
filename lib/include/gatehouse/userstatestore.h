#pragma once
/*! \file userstatestore.h  What the engine keeps about a user beyond the Adapter contract:
 *  the built-in password and whether the user is disabled. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>

namespace Gatehouse {

//! A user's built-in password credential.
struct GATEHOUSE_EXPORT PasswordCredential
{
    QString userId;
    QString hash;                   //!< the encoded hash as given to setPassword (e.g. "$argon2id$...")
    bool disabled = false;
};

//! getSessionAndUserState()'s result: getSessionAndUser()'s, and whether the user is disabled.
struct GATEHOUSE_EXPORT SessionAndUserState
{
    AdapterSession session;
    AdapterUser user;
    bool userDisabled = false;
};

/*!
 * Passwords (\c gatehouse_passwords) and disabled users (\c gatehouse_user_state). Built-in
 * password sign-in (passwordcredentials.h) and disabling users (userstate.h) need it; with it
 * the engine refuses disabled users. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT UserStateStore
{
public:
    virtual ~UserStateStore();

    /*!
     * Stores \a hash as the password of user \a userId, replacing any previous one; a new
     * credential starts enabled, a replaced one keeps its disabled flag. Fails with
     * Reason::NotFound for an unknown user. Deleting the user deletes its credential.
     */
    virtual QFuture<void> setPassword(const QString &userId, const QString &hash) = 0;
    //! Disables or re-enables the credential; fails with Reason::NotFound when there is none.
    virtual QFuture<void> setPasswordDisabled(const QString &userId, bool disabled) = 0;
    //! The credential of the user with \a email, or nullopt (no such user or no password).
    virtual QFuture<std::optional<PasswordCredential>> passwordHash(const QString &email) = 0;

    /*!
     * Disables user \a userId (the engine refuses its sign-in with every provider and its
     * database sessions) or enables it again. Setting the state it has already is no error.
     * Fails with Reason::NotFound for an unknown user. Deleting the user deletes its state.
     * The rule an administrator applies (also ending the sessions) is setUserDisabled() in
     * gatehouse/userstate.h.
     */
    virtual QFuture<void> setUserDisabled(const QString &userId, bool disabled) = 0;
    //! Whether user \a userId is disabled; false for an unknown user (or any other id).
    virtual QFuture<bool> isUserDisabled(const QString &userId) = 0;
    //! The session with \a sessionToken and its user, as Adapter::getSessionAndUser(), and whether
    //! that user is disabled, in one step; nullopt when there is no such session.
    virtual QFuture<std::optional<SessionAndUserState>> getSessionAndUserState(const QString &sessionToken) = 0;
    //! Deletes every session of \a userId ("sign out everywhere"); returns how many.
    virtual QFuture<qint64> deleteUserSessions(const QString &userId) = 0;

protected:
    UserStateStore() = default;
    Q_DISABLE_COPY(UserStateStore)
};

} // namespace Gatehouse
