#pragma once
/*! \file accessreader.h  Reading \c access and \c redirectDomains (forward authentication). */
#include "config/jsonreader.h"

#include <gatehouse/access.h>
#include <gatehouse/groupstore.h>

namespace Gatehouse::ConfigDetail {

//! \c access: rules, default and identity header names (their patterns are checkConfig()'s).
void readAccess(ObjectReader &root, AccessOptions &access);
//! \c redirectDomains: a list of hosts and ".domain" suffixes, lower-cased.
void readRedirectDomains(ObjectReader &root, QStringList &domains);
//! The problem text (and its arguments) for a group name groupNameProblem() refuses.
std::pair<const char *, QStringList> groupNameMessage(GroupNameProblem problem);

/*!
 * The policy at \a key of \a r: \c "bypass", \c "signed-in", \c "deny" or
 * \c {"users": [...], "groups": [...]}; nullopt with a problem when it is none of them.
 */
std::optional<AccessPolicy> readAccessPolicy(ObjectReader &r, const QString &key);
//! The problems of \a policy's values at key path \a where (nobody named, group names).
void checkAccessPolicy(const AccessPolicy &policy, const QString &where, ProblemList &problems);
//! The problems of \a access and \a redirectDomains' values (checkConfig() calls it).
void checkAccess(const AccessOptions &access, const QStringList &redirectDomains, ProblemList &problems);

} // namespace Gatehouse::ConfigDetail
