// MemoryAdapter's OidcConsentStore: consents by (person, client); revoking takes the client's
// grants of the person with it, under the same lock.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

QFuture<OidcConsent> MemoryAdapter::grantOidcConsent(const QString &userId, const QString &clientId,
                                                     const QStringList &scopes, const QDateTime &at)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const std::pair<QString, QString> key{userId, clientId};
        auto it = d->oidcConsents.find(key);
        if (it == d->oidcConsents.end())
            it = d->oidcConsents.insert(key, {userId, clientId, {}, at.toUTC(), {}});
        QStringList granted = it->scopes + scopes;
        granted.sort();
        granted.removeDuplicates();
        it->scopes = granted;
        it->updatedAt = at.toUTC();
        return *it;
    });
}

QFuture<std::optional<OidcConsent>> MemoryAdapter::oidcConsent(const QString &userId, const QString &clientId)
{
    return settle([&]() -> std::optional<OidcConsent> {
        QReadLocker locker(&d->lock);
        const auto it = d->oidcConsents.constFind({userId, clientId});
        if (it == d->oidcConsents.cend())
            return std::nullopt;
        return *it;
    });
}

QFuture<QList<OidcConsent>> MemoryAdapter::oidcConsentsOfUser(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<OidcConsent> found;
        for (const OidcConsent &consent : std::as_const(d->oidcConsents)) {
            if (consent.userId == userId)
                found.append(consent);  // the map's order: by client id
        }
        return found;
    });
}

QFuture<bool> MemoryAdapter::revokeOidcConsent(const QString &userId, const QString &clientId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const bool found = d->oidcConsents.remove({userId, clientId}) > 0;
        QSet<QString> grants;
        for (const OidcGrant &grant : std::as_const(d->oidcGrants)) {
            if (grant.userId == userId && grant.clientId == clientId)
                grants.insert(grant.grantId);
        }
        for (const QString &grantId : std::as_const(grants))
            d->oidcGrants.remove(grantId);
        d->oidcRefreshTokens.removeIf([&](const auto &it) { return grants.contains(it.value().grantId); });
        return found;
    });
}

} // namespace Gatehouse
