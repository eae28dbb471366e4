#include "detailmodels.h"

namespace Gatehouse::Admin {

AccountsModel::AccountsModel(QObject *parent)
    : RecordsModel({QStringLiteral("accountId"), QStringLiteral("provider"), QStringLiteral("providerAccountId"),
                    QStringLiteral("type"), QStringLiteral("expiresAt"), QStringLiteral("scope"),
                    QStringLiteral("hasRefreshToken")},
                   parent)
{
}

SessionListModel::SessionListModel(QObject *parent)
    : RecordsModel({QStringLiteral("sessionToken"), QStringLiteral("tokenHint"), QStringLiteral("userId"),
                    QStringLiteral("userEmail"), QStringLiteral("userName"), QStringLiteral("expires"),
                    QStringLiteral("expired"), QStringLiteral("lastSeen"), QStringLiteral("clientAddress")},
                   parent)
{
}

AuthenticatorsModel::AuthenticatorsModel(QObject *parent)
    : RecordsModel({QStringLiteral("credentialID"), QStringLiteral("providerAccountId"), QStringLiteral("deviceType"),
                    QStringLiteral("backedUp"), QStringLiteral("transports"), QStringLiteral("counter")},
                   parent)
{
}

AuditEventsModel::AuditEventsModel(QObject *parent)
    : RecordsModel({QStringLiteral("eventId"), QStringLiteral("time"), QStringLiteral("type"), QStringLiteral("userId"),
                    QStringLiteral("provider"), QStringLiteral("clientAddress"), QStringLiteral("detail")},
                   parent)
{
}

} // namespace Gatehouse::Admin
