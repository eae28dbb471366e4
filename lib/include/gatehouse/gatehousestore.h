#pragma once
/*! \file gatehousestore.h  Gatehouse's own storage beyond the Auth.js adapter contract: audit
 *  log, password credentials, rate limits and the admin app's listings. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <chrono>

namespace Gatehouse {

//! One audit log entry. Never holds a secret (no tokens, no passwords).
struct GATEHOUSE_EXPORT AuditEvent
{
    qint64 id = 0;                  //!< assigned by the store; increases with every append
    QDateTime time;                 //!< when it happened (UTC)
    QString type;                   //!< event name: "signIn", "signOut", "createUser", ...
    QString userId;                 //!< empty when no user is known
    QString provider;               //!< provider id, empty when none
    QString clientAddress;          //!< the client's IP address, empty when unknown
    QJsonObject detail;             //!< anything else worth keeping
};

//! Which audit events to return; every set field must match.
struct GATEHOUSE_EXPORT AuditFilter
{
    QString type;                   //!< exact event type; empty: any
    QString userId;                 //!< exact user id; empty: any
    QString provider;               //!< exact provider id; empty: any
    QDateTime from;                 //!< inclusive; invalid: no lower bound
    QDateTime to;                   //!< exclusive; invalid: no upper bound
};

//! A user's built-in password credential.
struct GATEHOUSE_EXPORT PasswordCredential
{
    QString userId;
    QString hash;                   //!< the encoded hash as given to setPassword (e.g. "$argon2id$...")
    bool disabled = false;
};

//! Sort keys of listUsers().
enum class UserSortColumn { Id, Name, Email, EmailVerified };

/*!
 * Gatehouse's extensions of a store, kept apart from the Auth.js-shaped Adapter. SqlAdapter
 * and MemoryAdapter implement both. Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT GatehouseStore
{
public:
    virtual ~GatehouseStore();

    //! Appends \a event (its \c id is ignored; an invalid \c time means now); returns the new id.
    virtual QFuture<qint64> appendAudit(const AuditEvent &event) = 0;
    //! Matching events, newest first, skipping \a offset and returning at most \a limit.
    virtual QFuture<QList<AuditEvent>> auditEvents(const AuditFilter &filter, int limit,
                                                   int offset = 0) = 0;

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
     * Counts one attempt under \a key in a sliding window of length \a window and says whether
     * it is allowed: at most \a limit attempts per window. Refused attempts are not counted.
     * Atomic: concurrent callers (also in other processes sharing the database) never get more
     * than \a limit "allowed" answers in one window.
     */
    virtual QFuture<bool> hitRateLimit(const QString &key, std::chrono::milliseconds window,
                                       int limit) = 0;
    //! Whether hitRateLimit() would allow an attempt now, without counting one.
    virtual QFuture<bool> rateLimitAllows(const QString &key, std::chrono::milliseconds window,
                                          int limit) = 0;
    //! Forgets every attempt counted under \a key.
    virtual QFuture<void> resetRateLimit(const QString &key) = 0;

    /*!
     * One page of users whose name or email contains \a search (case-insensitive; empty: all),
     * sorted by \a sort (ties by id).
     */
    virtual QFuture<QList<AdapterUser>> listUsers(const QString &search, UserSortColumn sort,
                                                  bool ascending, int offset, int limit) = 0;
    //! How many users listUsers() would page through for \a search.
    virtual QFuture<qint64> countUsers(const QString &search) = 0;

    //! Sessions of \a userId (empty: of every user), latest expiry first.
    virtual QFuture<QList<AdapterSession>> listSessions(const QString &userId, int offset,
                                                        int limit) = 0;
    //! How many sessions listSessions() would page through.
    virtual QFuture<qint64> countSessions(const QString &userId) = 0;
    //! Deletes every session of \a userId ("sign out everywhere"); returns how many.
    virtual QFuture<qint64> deleteUserSessions(const QString &userId) = 0;
    //! Deletes sessions whose \c expires has passed; returns how many.
    virtual QFuture<qint64> deleteExpiredSessions() = 0;

protected:
    GatehouseStore() = default;
    GatehouseStore(const GatehouseStore &) = delete;
    GatehouseStore &operator=(const GatehouseStore &) = delete;
};

} // namespace Gatehouse
