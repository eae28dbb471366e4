// MemoryAdapter's store interfaces (gatehousestore.h): audit log, passwords, disabled users, rate
// limits, access-token refresh, admin listings.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

#include <algorithm>
#include <limits>

namespace Gatehouse {

using namespace MemoryDetail;
using Reason = AdapterError::Reason;
using Futures::settle;

QFuture<qint64> MemoryAdapter::appendAudit(const AuditEvent &event)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        AuditEvent stored = event;
        stored.id = ++d->lastAuditId;
        stored.time = event.time.isValid() ? event.time.toUTC() : QDateTime::currentDateTimeUtc();
        d->audit.append(stored);
        return stored.id;
    });
}

QFuture<QList<AuditEvent>> MemoryAdapter::auditEvents(const AuditFilter &filter, int limit, int offset)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AuditEvent> found;
        for (auto it = d->audit.crbegin(); it != d->audit.crend(); ++it) {
            if ((filter.type.isEmpty() || it->type == filter.type)
                && (filter.userId.isEmpty() || it->userId == filter.userId)
                && (filter.provider.isEmpty() || it->provider == filter.provider)
                && (!filter.from.isValid() || it->time >= filter.from)
                && (!filter.to.isValid() || it->time < filter.to))
                found.append(*it);
        }
        // Newest first by time; events of the same time newest (highest id) first, as collected.
        std::stable_sort(found.begin(), found.end(),
                         [](const AuditEvent &a, const AuditEvent &b) { return a.time > b.time; });
        return page(found, offset, limit);
    });
}

QFuture<void> MemoryAdapter::setPassword(const QString &userId, const QString &hash)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, QStringLiteral("setPassword"));
        d->passwords[userId].hash = hash;
    });
}

QFuture<void> MemoryAdapter::setPasswordDisabled(const QString &userId, bool disabled)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->existing(d->passwords, userId, QStringLiteral("setPasswordDisabled: user \"%1\" has no password").arg(userId))
            .disabled = disabled;
    });
}

QFuture<std::optional<PasswordCredential>> MemoryAdapter::passwordHash(const QString &email)
{
    return settle([&]() -> std::optional<PasswordCredential> {
        QReadLocker locker(&d->lock);
        const AdapterUser *user = d->userByEmail(email);
        const auto it = user ? d->passwords.constFind(user->id) : d->passwords.cend();
        if (it == d->passwords.cend())
            return std::nullopt;
        return PasswordCredential{user->id, it->hash, it->disabled};
    });
}

QFuture<void> MemoryAdapter::setUserDisabled(const QString &userId, bool disabled)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, QStringLiteral("setUserDisabled"));
        if (disabled)
            d->disabledUsers.insert(userId);
        else
            d->disabledUsers.remove(userId);
    });
}

QFuture<bool> MemoryAdapter::isUserDisabled(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return d->disabledUsers.contains(userId);
    });
}

QFuture<std::optional<SessionAndUserState>> MemoryAdapter::getSessionAndUserState(const QString &sessionToken)
{
    return settle([&]() -> std::optional<SessionAndUserState> {
        QReadLocker locker(&d->lock);
        const std::optional<SessionAndUser> found = d->sessionAndUser(sessionToken);
        if (!found)
            return std::nullopt;
        return SessionAndUserState{found->session, found->user, d->disabledUsers.contains(found->user.id)};
    });
}

QFuture<bool> MemoryAdapter::hitRateLimit(const QString &key, std::chrono::milliseconds window, int limit)
{
    return settle([&] {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("hitRateLimit: the window must be positive"));
        QWriteLocker locker(&d->lock);
        return d->rateLimits[key].hit(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
    });
}

QFuture<bool> MemoryAdapter::rateLimitAllows(const QString &key, std::chrono::milliseconds window, int limit)
{
    return settle([&] {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("rateLimitAllows: the window must be positive"));
        QReadLocker locker(&d->lock);
        return d->rateLimits.value(key).allows(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
    });
}

QFuture<void> MemoryAdapter::resetRateLimit(const QString &key)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->rateLimits.remove(key);
    });
}

QFuture<void> MemoryAdapter::refundRateLimit(const QString &key, std::chrono::milliseconds window)
{
    return settle([&] {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("refundRateLimit: the window must be positive"));
        QWriteLocker locker(&d->lock);
        const auto found = d->rateLimits.find(key);
        if (found != d->rateLimits.end())
            found->refund(QDateTime::currentMSecsSinceEpoch(), window.count());
    });
}

QFuture<QList<RateLimitCount>> MemoryAdapter::rateLimitCounts(const QStringList &keyPrefixes)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<RateLimitCount> found;
        for (auto it = d->rateLimits.cbegin(); it != d->rateLimits.cend(); ++it) {
            const bool matches = std::any_of(keyPrefixes.cbegin(), keyPrefixes.cend(), [&](const QString &prefix) {
                return it.key().startsWith(prefix, Qt::CaseSensitive);
            });
            if (matches)
                found.append({it.key(), it->windowStart, it->count, it->previousCount});
        }
        std::sort(found.begin(), found.end(), [](const RateLimitCount &a, const RateLimitCount &b) { return a.key < b.key; });
        return found;
    });
}

QFuture<qint64> MemoryAdapter::resetRateLimits(const QStringList &keys)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        qint64 removed = 0;
        for (const QString &key : keys)
            removed += d->rateLimits.remove(key) ? 1 : 0;
        return removed;
    });
}

QFuture<qint64> MemoryAdapter::deleteUserSessions(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return qint64(d->sessions.removeIf([&](const auto &it) { return it.value().userId == userId; }));
    });
}

QFuture<std::optional<AdapterAccount>> MemoryAdapter::getAccountByUser(const QString &userId, const QString &provider)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QReadLocker locker(&d->lock);
        std::optional<AdapterAccount> oldest;
        for (const AdapterAccount &account : std::as_const(d->accounts)) {
            if (account.userId == userId && account.provider == provider
                && (!oldest || account.id.toLongLong() < oldest->id.toLongLong()))
                oldest = account;
        }
        return oldest;
    });
}

QFuture<bool> MemoryAdapter::claimTokenRefresh(const QString &provider, const QString &providerAccountId,
                                               std::chrono::milliseconds lease)
{
    return hitRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId), lease, 1);
}

QFuture<std::optional<AdapterAccount>> MemoryAdapter::updateAccountTokens(const AdapterAccount &account,
                                                                          const QString &previousRefreshToken)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QWriteLocker locker(&d->lock);
        AdapterAccount &stored = d->existing(
            d->accounts, MemoryDetail::AccountKey{account.provider, account.providerAccountId},
            QStringLiteral("updateAccountTokens: there is no account \"%1\" of provider \"%2\"")
                .arg(account.providerAccountId, account.provider));
        if (stored.refreshToken.value_or(QString()) != previousRefreshToken)
            return std::nullopt;
        stored.accessToken = account.accessToken;
        stored.refreshToken = account.refreshToken;
        stored.expiresAt = account.expiresAt;
        stored.idToken = account.idToken;
        stored.scope = account.scope;
        stored.tokenType = account.tokenType ? std::optional(account.tokenType->toLower()) : std::nullopt;
        d->rateLimits.remove(StoreRules::tokenRefreshKey(account.provider, account.providerAccountId));
        return stored;
    });
}

QFuture<void> MemoryAdapter::releaseTokenRefresh(const QString &provider, const QString &providerAccountId)
{
    return resetRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId));
}

QFuture<QList<AdapterAccount>> MemoryAdapter::listAccounts(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AdapterAccount> found; // the map is ordered by (provider, providerAccountId)
        for (const AdapterAccount &account : d->accounts) {
            if (account.userId == userId)
                found.append(account);
        }
        return found;
    });
}

QList<SessionListEntry> MemoryAdapterPrivate::sessionEntries(const SessionFilter &filter) const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<SessionListEntry> found;
    for (const AdapterSession &session : sessions) {
        const AdapterUser *owner = user(session.userId);
        if (!owner || (filter.activeOnly && session.expires <= now)
            || (!filter.userId.isEmpty() && session.userId != filter.userId))
            continue;
        if (!filter.userSearch.isEmpty() && !containsFolded(owner->name, filter.userSearch)
            && !owner->email.contains(filter.userSearch, Qt::CaseInsensitive))
            continue;
        if (!filter.provider.isEmpty()
            && std::none_of(accounts.cbegin(), accounts.cend(), [&](const AdapterAccount &a) {
                   return a.userId == session.userId && a.provider == filter.provider;
               }))
            continue;
        found.append({session, owner->email, owner->name});
    }
    std::sort(found.begin(), found.end(), [](const SessionListEntry &a, const SessionListEntry &b) {
        return a.session.expires != b.session.expires ? a.session.expires > b.session.expires
                                                       : a.session.sessionToken < b.session.sessionToken;
    });
    return found;
}

QFuture<QList<SessionListEntry>> MemoryAdapter::listSessionEntries(const SessionFilter &filter, qint64 offset, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return page(d->sessionEntries(filter), int(qMin<qint64>(offset, std::numeric_limits<int>::max())), limit);
    });
}

QFuture<qint64> MemoryAdapter::countSessionEntries(const SessionFilter &filter)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->sessionEntries(filter).size());
    });
}

QFuture<qint64> MemoryAdapter::countExpiredSessions()
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        return qint64(std::count_if(d->sessions.cbegin(), d->sessions.cend(),
                                    [&](const AdapterSession &s) { return s.expires < now; }));
    });
}

QFuture<qint64> MemoryAdapter::deleteExpiredSessionsBatch(int limit)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        qint64 deleted = 0;
        d->sessions.removeIf([&](const auto &it) {
            if (deleted >= limit || it.value().expires >= now)
                return false;
            ++deleted;
            return true;
        });
        return deleted;
    });
}

QFuture<QList<AuditDayCount>> MemoryAdapter::auditDailyCounts(const QStringList &types, const QDateTime &from,
                                                              const QDateTime &to)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QMap<QPair<QDate, QString>, qint64> counts;
        for (const AuditEvent &event : d->audit) {
            if (types.contains(event.type) && (!from.isValid() || event.time >= from) && (!to.isValid() || event.time < to))
                ++counts[{event.time.toUTC().date(), event.type}];
        }
        QList<AuditDayCount> result;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            result.append({it.key().first, it.key().second, it.value()});
        return result;
    });
}

QFuture<QList<AuditProviderCount>> MemoryAdapter::auditTopProviders(const QString &type, const QDateTime &from,
                                                                    const QDateTime &to, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QMap<QString, qint64> counts;
        for (const AuditEvent &event : d->audit) {
            if (event.type == type && !event.provider.isEmpty() && (!from.isValid() || event.time >= from)
                && (!to.isValid() || event.time < to))
                ++counts[event.provider];
        }
        QList<AuditProviderCount> result;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            result.append({it.key(), it.value()});
        std::stable_sort(result.begin(), result.end(),
                         [](const AuditProviderCount &a, const AuditProviderCount &b) { return a.count > b.count; });
        return result.mid(0, qMax(0, limit));
    });
}

} // namespace Gatehouse
