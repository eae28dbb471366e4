#pragma once
/*! \file gatehousestore.h  Gatehouse's own storage beyond the Auth.js adapter contract: audit
 *  log, password credentials, disabled users, rate limits and the admin app's listings. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>
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
 * Which users listUsersPage() pages through, in which order, and where the page is. The order
 * is the one of listUsers(): by \c sort, users without a value for it (no name, not verified)
 * last in both directions, ties by id in the same direction.
 *
 * A page is found either by a neighbour (keyset paging, fast anywhere in millions of rows) or
 * by position (for a jump; fast near either end, since a position near the end is counted
 * from the end):
 * - \c anchor set: the \c limit users right after the anchor user (\c backward false) or
 *   right before it (\c backward true). The anchor's sort value is taken from the given
 *   record, so it works even if the anchor user was deleted meanwhile.
 * - \c anchor unset: skip \c offset users from the start (\c backward false) or from the end
 *   (\c backward true) and take \c limit.
 * The rows always come back in listing order (also when walking backward).
 */
struct GATEHOUSE_EXPORT UserPageRequest
{
    QString search;                 //!< name or email contains it (any case), or the id equals it; empty: all users
    UserSortColumn sort = UserSortColumn::Id;
    bool ascending = true;
    std::optional<AdapterUser> anchor;
    bool backward = false;
    qint64 offset = 0;
    int limit = 100;
};

//! One row of listUsersPage(): the user, whether it is disabled, and the state of its built-in password.
struct GATEHOUSE_EXPORT UserListEntry
{
    AdapterUser user;
    bool hasPassword = false;       //!< a built-in password is stored
    bool passwordDisabled = false;  //!< ... and it is disabled
    bool disabled = false;          //!< the user may not sign in (setUserDisabled)
};

//! getSessionAndUserState()'s result: getSessionAndUser()'s, and whether the user is disabled.
struct GATEHOUSE_EXPORT SessionAndUserState
{
    AdapterSession session;
    AdapterUser user;
    bool userDisabled = false;
};

//! Which sessions listSessionEntries() and countSessionEntries() return.
struct GATEHOUSE_EXPORT SessionFilter
{
    QString userId;                 //!< exact user id; empty: any
    QString userSearch;             //!< the user's email or name contains it (any case); empty: any
    //! Sessions of users who have an account with this provider (sessions do not record the
    //! provider they were started with); empty: any.
    QString provider;
    bool activeOnly = true;         //!< only sessions whose \c expires is still ahead
};

//! One row of listSessionEntries().
struct GATEHOUSE_EXPORT SessionListEntry
{
    AdapterSession session;
    QString userEmail;
    std::optional<QString> userName;
};

//! How many audit events of \c type happened on \c day (UTC).
struct GATEHOUSE_EXPORT AuditDayCount
{
    QDate day;
    QString type;
    qint64 count = 0;
};

//! How many audit events named \c provider.
struct GATEHOUSE_EXPORT AuditProviderCount
{
    QString provider;
    qint64 count = 0;
};

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
     * One page of users whose name or email contains \a search (case-insensitive; empty: all)
     * or whose id equals it, sorted by \a sort (ties by id); see UserPageRequest for the order.
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

    // --- The admin app's listings and aggregations ---

    //! One page of users with their password state; see UserPageRequest. Empty past the end.
    virtual QFuture<QList<UserListEntry>> listUsersPage(const UserPageRequest &request) = 0;
    //! The accounts linked to \a userId, by provider then providerAccountId; empty when none.
    virtual QFuture<QList<AdapterAccount>> listAccounts(const QString &userId) = 0;
    //! Sessions matching \a filter with their user, latest expiry first (ties by token).
    virtual QFuture<QList<SessionListEntry>> listSessionEntries(const SessionFilter &filter, qint64 offset,
                                                                int limit) = 0;
    //! How many sessions listSessionEntries() would page through.
    virtual QFuture<qint64> countSessionEntries(const SessionFilter &filter) = 0;
    //! How many sessions have expired (what deleteExpiredSessions() would delete).
    virtual QFuture<qint64> countExpiredSessions() = 0;
    //! Deletes at most \a limit expired sessions; returns how many (0: none left). Lets a
    //! clean-up of many rows report progress and never hold a long lock.
    virtual QFuture<qint64> deleteExpiredSessionsBatch(int limit) = 0;
    //! Audit events of each of \a types per UTC day in [\a from, \a to); days without events
    //! are left out. Sorted by day, then type.
    virtual QFuture<QList<AuditDayCount>> auditDailyCounts(const QStringList &types, const QDateTime &from,
                                                           const QDateTime &to) = 0;
    //! The \a limit providers named most often by events of \a type in [\a from, \a to)
    //! (events without a provider are not counted), most first, ties by name.
    virtual QFuture<QList<AuditProviderCount>> auditTopProviders(const QString &type, const QDateTime &from,
                                                                 const QDateTime &to, int limit) = 0;

protected:
    GatehouseStore() = default;
    GatehouseStore(const GatehouseStore &) = delete;
    GatehouseStore &operator=(const GatehouseStore &) = delete;
};

} // namespace Gatehouse
