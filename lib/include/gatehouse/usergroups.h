#pragma once
/*! \file usergroups.h  Putting a user in a group or taking them out: what an administrator does, the same in every tool. */
#include <gatehouse/adapter.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

/*!
 * Adds user \a userId to \a group (GroupStore::addUserGroup) as an administrator: true when
 * added, false when a member already. An addition is an audit event \c groupAdd with \c group
 * and \c by: \c admin when the adapter keeps an audit log (AuditStore). Fails like
 * addUserGroup() (Reason::InvalidArgument for a name groupNameProblem() refuses, NotFound for an
 * unknown user), and with an AuthError when \a store does not implement GroupStore.
 * gatehouse-server's \c {user groups add}, the admin app and the admin API call this; \a by is
 * the audit's \c by (the API names the token or the person).
 */
GATEHOUSE_EXPORT QFuture<bool> addUserToGroup(std::shared_ptr<Adapter> store, const QString &userId, const QString &group,
                                              const QString &by = QStringLiteral("admin"));

//! Removes user \a userId from \a group as an administrator: true when a member. A removal is
//! an audit event \c groupRemove (as addUserToGroup()).
GATEHOUSE_EXPORT QFuture<bool> removeUserFromGroup(std::shared_ptr<Adapter> store, const QString &userId,
                                                   const QString &group, const QString &by = QStringLiteral("admin"));

} // namespace Gatehouse
