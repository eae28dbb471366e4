#include <gatehouse/accountstore.h>

namespace Gatehouse {

// The interface lives with the stores that implement it (its user, Account, is in account/).
AccountStore::~AccountStore() = default;

QFuture<std::optional<SessionDetails>> AccountStore::sessionDetails(const QString &userId, const QString &sessionToken)
{
    return userSessions(userId).then(QtFuture::Launch::Sync, [sessionToken](const QList<UserSessionRecord> &sessions) {
        for (const UserSessionRecord &record : sessions) {
            if (record.session.sessionToken == sessionToken)
                return record.details;
        }
        return std::optional<SessionDetails>();
    });
}

} // namespace Gatehouse
