// SqlAdapter's GroupStore: the groups of each user (gatehouse_user_groups), one row per
// membership, removed with the user.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/storerules.h"

namespace Gatehouse {

using Reason = AdapterError::Reason;
using SqlRows::rowId;

namespace {

//! Adds user \a id to \a group unless it is a member; the number of rows added (0 or 1; 0 for
//! an unknown user too, as the row is taken from users).
int insertMembership(SqlConnection &c, qint64 id, const QString &group, const QString &method)
{
    const QString select = QStringLiteral("SELECT id, ? FROM users WHERE id = ?");
    const QString sql = c.backend() == SqlBackend::MySQL
        ? QStringLiteral("INSERT IGNORE INTO gatehouse_user_groups (\"userId\", name) ") + select
        : QStringLiteral("INSERT INTO gatehouse_user_groups (\"userId\", name) ") + select
            + QStringLiteral(" ON CONFLICT (\"userId\", name) DO NOTHING");
    SqlQuery q(c, sql, method);
    q.bind(group).bind(id).exec();
    return q.rowsAffected();
}

bool userExists(SqlConnection &c, qint64 id, const QString &method)
{
    SqlQuery user(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
    return user.bind(id).execFirst();
}

} // namespace

QFuture<QStringList> SqlAdapter::userGroups(const QString &userId)
{
    const QString method = QStringLiteral("userGroups");
    return d->run(method, [userId, method](SqlConnection &c) {
        QStringList groups;
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return groups;
        SqlQuery q(c, QStringLiteral("SELECT name FROM gatehouse_user_groups WHERE \"userId\" = ?"), method);
        q.bind(*id).exec();
        while (q.next())
            groups.append(q.text(0));
        return StoreRules::sortedGroups(groups);
    });
}

QFuture<void> SqlAdapter::setUserGroups(const QString &userId, const QStringList &groups)
{
    const QString method = QStringLiteral("setUserGroups");
    return d->run(method, [userId, groups = StoreRules::sortedGroups(groups), method](SqlConnection &c) {
        for (const QString &group : groups)
            StoreRules::checkGroupName(group, method);
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            throw SqlRows::noSuchUser(method, userId);
        SqlTransaction transaction(c, method);
        if (!userExists(c, *id, method))
            throw SqlRows::noSuchUser(method, userId);
        {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_user_groups WHERE \"userId\" = ?"), method);
            q.bind(*id).exec();
        }
        for (const QString &group : groups)
            insertMembership(c, *id, group, method);
        transaction.commit();
    });
}

QFuture<bool> SqlAdapter::addUserGroup(const QString &userId, const QString &group)
{
    const QString method = QStringLiteral("addUserGroup");
    return d->run(method, [userId, group, method](SqlConnection &c) {
        StoreRules::checkGroupName(group, method);
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            throw SqlRows::noSuchUser(method, userId);
        if (insertMembership(c, *id, group, method) == 1)
            return true;
        // Nothing added: a member already, or no such user (asked only then).
        if (!userExists(c, *id, method))
            throw SqlRows::noSuchUser(method, userId);
        return false;
    });
}

QFuture<bool> SqlAdapter::removeUserGroup(const QString &userId, const QString &group)
{
    const QString method = QStringLiteral("removeUserGroup");
    return d->run(method, [userId, group, method](SqlConnection &c) {
        StoreRules::checkGroupName(group, method);
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return false;
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_user_groups WHERE \"userId\" = ? AND name = ?"), method);
        q.bind(*id).bind(group).exec();
        return q.rowsAffected() == 1;
    });
}

QFuture<QList<AdapterUser>> SqlAdapter::groupMembers(const QString &group)
{
    const QString method = QStringLiteral("groupMembers");
    return d->run(method, [group, method](SqlConnection &c) {
        StoreRules::checkGroupName(group, method);
        QList<AdapterUser> members;
        SqlQuery q(c,
                   QStringLiteral("SELECT %1 FROM users WHERE id IN "
                                  "(SELECT \"userId\" FROM gatehouse_user_groups WHERE name = ?) ORDER BY id")
                       .arg(SqlRows::userColumns),
                   method);
        q.bind(group).exec();
        while (q.next())
            members.append(SqlRows::user(q));
        return members;
    });
}

} // namespace Gatehouse
