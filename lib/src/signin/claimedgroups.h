#pragma once
/*
 * Groups from an identity provider's claim at sign-in (a provider's "groups" option,
 * oauth/providersettings.h): the claim's names replace the person's stored groups, or join
 * them. Names the group-name rule refuses are skipped with a warning; the sign-in goes on.
 */
#include "oauth/providersettings.h"
#include "request/requeststate.h"

#include <QJsonValue>
#include <QStringList>

namespace Gatehouse::ClaimedGroups {

//! What a claim's value gives: the valid group names, and what was skipped (shown for logs).
struct Names
{
    QStringList groups;   //!< sorted, without duplicates
    QStringList skipped;  //!< entries that are no group name: bad names, non-strings
    bool malformed = false;  //!< neither absent, nor a list, nor a string
};

/*!
 * The group names in \a value: a list of strings, or one string of names separated by spaces
 * or commas. An absent or null claim names no groups.
 */
Names parse(const QJsonValue &value);

/*!
 * Writes the groups \a value names for the stored user \a userId, as \a claim says (replace or
 * merge), for the provider \a providerId: a warning names the provider and each skipped value,
 * the change is audited ("groupsChange", by = the provider). Finishes when written; fails as
 * the store fails. Does nothing without a GroupStore.
 */
QFuture<void> apply(const State &state, const QString &providerId, const OAuth::GroupsClaim &claim,
                    const QString &userId, const QJsonValue &value);

} // namespace Gatehouse::ClaimedGroups
