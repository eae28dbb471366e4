#pragma once
/*! \file groupstore.h  The groups a user belongs to, for access rules (\c gatehouse_user_groups). */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QStringList>

#include <optional>

namespace Gatehouse {

//! Why a group name cannot be stored (groupNameProblem()).
enum class GroupNameProblem {
    Empty,             //!< no characters
    TooLong,           //!< more than kMaxGroupNameLength characters
    Comma,             //!< a comma: identity headers list groups separated by commas
    ControlCharacter,  //!< CR, LF, tab or another control character: never safe in a header
    OuterSpace,        //!< a space at the start or the end, which proxies and apps trim away
};

//! The longest group name, in UTF-16 code units.
inline constexpr int kMaxGroupNameLength = 128;

//! What is wrong with \a name as a group name; nullopt when it is a valid one. Names are exact:
//! \c admins and \c Admins are two groups.
GATEHOUSE_EXPORT std::optional<GroupNameProblem> groupNameProblem(const QString &name);
//! \a problem in words, for messages: "contains a comma".
GATEHOUSE_EXPORT QString describeGroupNameProblem(GroupNameProblem problem);

/*!
 * Groups per user, as access rules name them (access.h). The engine reads them at sign-in
 * into the JWT's \c groups claim, and for database sessions when a rule that names groups
 * decides; the admin sets them (\c gatehouse-server user groups ...). Every method that takes a
 * group name fails with AdapterError Reason::InvalidArgument for a name groupNameProblem()
 * refuses; futures fail with AdapterError like the adapter's; deleting a user deletes its
 * memberships. Lists come sorted (QString order), without duplicates.
 */
class GATEHOUSE_EXPORT GroupStore
{
public:
    virtual ~GroupStore();

    //! The groups of \a userId; empty for an unknown user.
    virtual QFuture<QStringList> userGroups(const QString &userId) = 0;
    //! Replaces the groups of \a userId with \a groups (duplicates count once). Fails with
    //! Reason::NotFound for an unknown user; nothing changes when a name is refused.
    virtual QFuture<void> setUserGroups(const QString &userId, const QStringList &groups) = 0;
    //! Adds \a userId to \a group: true when added, false when it was a member already. Fails
    //! with Reason::NotFound for an unknown user.
    virtual QFuture<bool> addUserGroup(const QString &userId, const QString &group) = 0;
    //! Removes \a userId from \a group: true when it was a member.
    virtual QFuture<bool> removeUserGroup(const QString &userId, const QString &group) = 0;
    //! The users in \a group, by id.
    virtual QFuture<QList<AdapterUser>> groupMembers(const QString &group) = 0;

protected:
    GroupStore() = default;
    Q_DISABLE_COPY(GroupStore)
};

} // namespace Gatehouse
