#include "session/storedgroups.h"

#include "core/jsonnumber.h"

#include <QJsonArray>

namespace Gatehouse::StoredGroups {

bool wanted(const Stores &stores, const Config &config)
{
    return stores.groups && config.access.groupsInToken();
}

QFuture<QStringList> read(const Stores &stores, const QString &userId)
{
    if (!stores.groups)
        return QtFuture::makeReadyFuture(QStringList());
    return stores.groups->userGroups(userId);
}

QJsonObject stamp(QJsonObject token, const QStringList &groups, qint64 now)
{
    token.insert(kClaim, QJsonArray::fromStringList(groups));
    token.insert(kReadAtClaim, double(now));
    return token;
}

bool stale(const QJsonObject &token, qint64 updateAge, qint64 now)
{
    const std::optional<qint64> readAt = jsonSeconds(token.value(kReadAtClaim));
    return readAt && now - *readAt >= updateAge;
}

QFuture<QJsonObject> refresh(const Stores &stores, const QJsonObject &token, qint64 now)
{
    return read(stores, token.value(QStringLiteral("sub")).toString())
        .then(QtFuture::Launch::Sync, [token, now](const QStringList &groups) { return stamp(token, groups, now); });
}

} // namespace Gatehouse::StoredGroups
