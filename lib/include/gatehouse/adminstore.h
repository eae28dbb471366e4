#pragma once
/*! \file adminstore.h  The listings and aggregations of the admin app (gatehouse-admin). */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>

namespace Gatehouse {

//! Sort keys of listUsersPage().
enum class UserSortColumn { Id, Name, Email, EmailVerified };

/*!
 * Which users listUsersPage() pages through, in which order, and where the page is. The order
 * is by \c sort, users without a value for it (no name, not verified) last in both directions,
 * ties by id in the same direction.
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
    /*!
     * Which users: empty for all; else those whose email or name starts with the text (any
     * case: \c ada finds ada@example.com and "Ada Lovelace"), where \c * stands for any text
     * (\c *lovelace finds it anywhere: that one reads every user, the others are served by the
     * keys of schema step 25); \c "text" in double quotes: the whole email or name; and the
     * user whose id is the whole text. Leading and trailing spaces do not count.
     */
    QString search;
    QString group;                  //!< only members of this group (exact name, groupstore.h); empty: any
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
 * What the admin app lists and counts: users with their state, accounts, sessions with their
 * user, expired sessions, and the audit log per day and provider. The engine never uses it.
 * Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT AdminStore
{
public:
    virtual ~AdminStore();

    //! One page of users with their password state; see UserPageRequest. Empty past the end.
    virtual QFuture<QList<UserListEntry>> listUsersPage(const UserPageRequest &request) = 0;
    //! How many users listUsersPage() pages through for \a search (see UserPageRequest::search).
    virtual QFuture<qint64> countUsers(const QString &search) = 0;
    //! How many users listUsersPage() pages through for \a search and \a group (UserPageRequest).
    virtual QFuture<qint64> countUsers(const QString &search, const QString &group) = 0;
    /*!
     * countUsers(\a search, \a group), counting no further than \a limit: a broad search costs
     * at most \a limit rows. This one counts them all and caps the result; SqlAdapter stops.
     */
    virtual QFuture<qint64> countUsersUpTo(const QString &search, const QString &group, qint64 limit);
    //! The accounts linked to \a userId, by provider then providerAccountId; empty when none.
    virtual QFuture<QList<AdapterAccount>> listAccounts(const QString &userId) = 0;
    //! Sessions matching \a filter with their user, latest expiry first (ties by token).
    virtual QFuture<QList<SessionListEntry>> listSessionEntries(const SessionFilter &filter, qint64 offset,
                                                                int limit) = 0;
    //! How many sessions listSessionEntries() would page through.
    virtual QFuture<qint64> countSessionEntries(const SessionFilter &filter) = 0;
    //! How many sessions have expired (what deleteExpiredSessionsBatch() deletes).
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
    AdminStore() = default;
    Q_DISABLE_COPY(AdminStore)
};

} // namespace Gatehouse
