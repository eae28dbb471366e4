// MemoryAdapter's GroupStore: the groups of each user.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"
#include "storage/storerules.h"

namespace Gatehouse {

using Futures::settle;

QFuture<QStringList> MemoryAdapter::userGroups(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const QSet<QString> groups = d->groups.value(userId);
        return StoreRules::sortedGroups(QStringList(groups.cbegin(), groups.cend()));
    });
}

QFuture<void> MemoryAdapter::setUserGroups(const QString &userId, const QStringList &groups)
{
    return settle([&] {
        const QString method = QStringLiteral("setUserGroups");
        for (const QString &group : groups)
            StoreRules::checkGroupName(group, method);
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, method);
        if (groups.isEmpty())
            d->groups.remove(userId);
        else
            d->groups.insert(userId, QSet<QString>(groups.cbegin(), groups.cend()));
    });
}

QFuture<bool> MemoryAdapter::addUserGroup(const QString &userId, const QString &group)
{
    return settle([&] {
        const QString method = QStringLiteral("addUserGroup");
        StoreRules::checkGroupName(group, method);
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, method);
        QSet<QString> &groups = d->groups[userId];
        if (groups.contains(group))
            return false;
        groups.insert(group);
        return true;
    });
}

QFuture<bool> MemoryAdapter::removeUserGroup(const QString &userId, const QString &group)
{
    return settle([&] {
        StoreRules::checkGroupName(group, QStringLiteral("removeUserGroup"));
        QWriteLocker locker(&d->lock);
        const auto it = d->groups.find(userId);
        if (it == d->groups.end() || !it->remove(group))
            return false;
        if (it->isEmpty())
            d->groups.erase(it);
        return true;
    });
}

QFuture<QList<AdapterUser>> MemoryAdapter::groupMembers(const QString &group)
{
    return settle([&] {
        StoreRules::checkGroupName(group, QStringLiteral("groupMembers"));
        QReadLocker locker(&d->lock);
        QList<AdapterUser> members;
        for (const AdapterUser &user : std::as_const(d->users)) {  // ordered by numeric id
            if (d->groups.value(user.id).contains(group))
                members.append(user);
        }
        return members;
    });
}

} // namespace Gatehouse
