// MemoryAdapter's AccountStore: session details, the "not before" of JWT sessions, passkey details.
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

QFuture<std::optional<SessionDetails>> MemoryAdapter::sessionDetails(const QString &userId, const QString &sessionToken)
{
    return settle([&]() -> std::optional<SessionDetails> {
        QReadLocker locker(&d->lock);
        const auto session = d->sessions.constFind(sessionToken);
        if (session == d->sessions.cend() || session->userId != userId
            || session->expires <= QDateTime::currentDateTimeUtc())
            return std::nullopt;
        const auto details = d->sessionDetails.constFind(sessionToken);
        if (details == d->sessionDetails.cend())
            return std::nullopt;
        return *details;
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

QFuture<void> MemoryAdapter::recordPasskey(const PasskeyDetails &details)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->authenticators.constFind(details.credentialID);
        if (it == d->authenticators.cend() || it->userId != details.userId)
            throw AdapterError(Reason::NotFound, QStringLiteral("recordPasskey: user \"%1\" has no authenticator \"%2\"")
                                                     .arg(details.userId, details.credentialID));
        PasskeyDetails stored = details;
        stored.name = details.name.left(255);
        stored.createdAt = details.createdAt.isValid() ? details.createdAt.toUTC() : QDateTime::currentDateTimeUtc();
        stored.lastUsedAt = QDateTime();
        d->passkeys.insert(details.credentialID, stored);
    });
}

QFuture<void> MemoryAdapter::recordPasskeyUse(const QString &credentialID, const QDateTime &at)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->passkeys.find(credentialID);
        if (it != d->passkeys.end())
            it->lastUsedAt = at.toUTC();
    });
}

QFuture<QList<UserPasskeyRecord>> MemoryAdapter::userPasskeys(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<UserPasskeyRecord> found;
        for (const AdapterAuthenticator &authenticator : std::as_const(d->authenticators)) {
            if (authenticator.userId != userId)
                continue;
            const auto details = d->passkeys.constFind(authenticator.credentialID);
            found.append({authenticator, details == d->passkeys.cend() ? std::nullopt : std::optional(*details)});
        }
        // Oldest first; those without a recorded time last, by credential ID (the map's order).
        std::stable_sort(found.begin(), found.end(), [](const UserPasskeyRecord &a, const UserPasskeyRecord &b) {
            const bool ta = a.details && a.details->createdAt.isValid();
            const bool tb = b.details && b.details->createdAt.isValid();
            if (ta != tb)
                return ta;
            return ta && a.details->createdAt < b.details->createdAt;
        });
        return found;
    });
}

QFuture<bool> MemoryAdapter::renamePasskey(const QString &userId, const QString &credentialID, const QString &name)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->authenticators.constFind(credentialID);
        if (it == d->authenticators.cend() || it->userId != userId)
            return false;
        auto details = d->passkeys.find(credentialID);
        if (details == d->passkeys.end())  // registered before details were recorded: a name, no times
            details = d->passkeys.insert(credentialID, PasskeyDetails{credentialID, userId, {}, {}, {}});
        details->name = name.left(255);
        return true;
    });
}

} // namespace Gatehouse
