#include <gatehouse/usergroups.h>

#include <gatehouse/errors.h>

#include "core/futures.h"
#include "storage/auditwriter.h"
#include "storage/stores.h"

#include <QJsonObject>

namespace Gatehouse {

namespace {

QFuture<bool> changeMembership(std::shared_ptr<Adapter> adapter, const QString &userId, const QString &group, bool add,
                               const QString &by)
{
    const Stores stores = Stores::of(adapter);
    GroupStore *groups = stores.groups.get();
    if (!groups)
        throw InvalidConfiguration(QStringLiteral("groups need an adapter that implements GroupStore"));
    const QFuture<bool> changed = add ? groups->addUserGroup(userId, group) : groups->removeUserGroup(userId, group);
    // An unchanged membership records nothing. continueWith() lets go of the adapter before the
    // result is out (userstate.cpp says why).
    return continueWith(changed, [adapter = std::move(adapter), audit = stores.audit, userId, group, add, by](bool done) {
        if (done) {
            AuditEvent event;
            event.time = QDateTime::currentDateTimeUtc();
            event.type = add ? QStringLiteral("groupAdd") : QStringLiteral("groupRemove");
            event.userId = userId;
            event.detail = {{QStringLiteral("group"), group}, {QStringLiteral("by"), by}};
            writeAudit(audit.get(), event);
        }
        return QtFuture::makeReadyFuture(done);
    });
}

} // namespace

QFuture<bool> addUserToGroup(std::shared_ptr<Adapter> store, const QString &userId, const QString &group, const QString &by)
{
    return changeMembership(std::move(store), userId, group, true, by);
}

QFuture<bool> removeUserFromGroup(std::shared_ptr<Adapter> store, const QString &userId, const QString &group,
                                  const QString &by)
{
    return changeMembership(std::move(store), userId, group, false, by);
}

} // namespace Gatehouse
