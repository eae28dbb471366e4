// MemoryAdapter's AccountStore: session details and the "not before" of JWT sessions.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Reason = AdapterError::Reason;
using Futures::settle;

QFuture<void> MemoryAdapter::recordSessionDetails(const SessionDetails &details)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->sessionDetails.removeIf([&](const auto &it) {
            return it.value().userId == details.userId && !d->sessions.contains(it.key());
        });
        SessionDetails stored = details;
        stored.createdAt = details.createdAt.toUTC();
        d->sessionDetails.insert(details.sessionToken, stored);
    });
}

QFuture<QList<UserSessionRecord>> MemoryAdapter::userSessions(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QList<UserSessionRecord> found;
        for (const AdapterSession &session : std::as_const(d->sessions)) {
            if (session.userId != userId || session.expires <= now)
                continue;
            const auto details = d->sessionDetails.constFind(session.sessionToken);
            found.append({session, details == d->sessionDetails.cend() ? std::nullopt : std::optional(*details)});
        }
        // Newest first: by the time it began, else by expiry; ties by token.
        std::sort(found.begin(), found.end(), [](const UserSessionRecord &a, const UserSessionRecord &b) {
            const QDateTime ka = a.details ? a.details->createdAt : QDateTime();
            const QDateTime kb = b.details ? b.details->createdAt : QDateTime();
            if (ka != kb)
                return ka > kb;
            if (a.session.expires != b.session.expires)
                return a.session.expires > b.session.expires;
            return a.session.sessionToken < b.session.sessionToken;
        });
        return found;
    });
}

QFuture<void> MemoryAdapter::setSessionsNotBefore(const QString &userId, const QDateTime &notBefore)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        if (!d->user(userId))
            throw AdapterError(Reason::NotFound,
                               QStringLiteral("setSessionsNotBefore: there is no user with id \"%1\"").arg(userId));
        const QDateTime utc = notBefore.toUTC();
        d->sessionsNotBefore.insert(userId, QDateTime::fromSecsSinceEpoch(utc.toSecsSinceEpoch(), Qt::UTC));
    });
}

QFuture<std::optional<QDateTime>> MemoryAdapter::sessionsNotBefore(const QString &userId)
{
    return settle([&]() -> std::optional<QDateTime> {
        QReadLocker locker(&d->lock);
        const auto it = d->sessionsNotBefore.constFind(userId);
        return it == d->sessionsNotBefore.cend() ? std::nullopt : std::optional(*it);
    });
}

} // namespace Gatehouse
