// MemoryAdapter's OidcGrantStore: the OpenID Provider's grants by id, refresh tokens by hash.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

namespace {

using Redemption = OidcRefreshRedemption;

void removeGrant(MemoryAdapterPrivate &d, const QString &grantId)
{
    d.oidcGrants.remove(grantId);
    for (auto it = d.oidcRefreshTokens.begin(); it != d.oidcRefreshTokens.end();) {
        if (it->grantId == grantId)
            it = d.oidcRefreshTokens.erase(it);
        else
            ++it;
    }
}

} // namespace

QFuture<void> MemoryAdapter::addOidcGrant(const OidcGrant &grant, const OidcRefreshToken &token, const QString &codeHash)
{
    return settle([&] {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QWriteLocker locker(&d->lock);
        QStringList expired;
        for (const OidcGrant &stored : std::as_const(d->oidcGrants)) {
            if (stored.expiresAt < now)
                expired.append(stored.grantId);
        }
        for (const QString &id : std::as_const(expired))
            removeGrant(*d, id);
        if (d->oidcGrants.contains(grant.grantId) || d->oidcRefreshTokens.contains(token.tokenHash)
            || (!codeHash.isEmpty() && (d->oidcRefreshTokens.contains(codeHash) || codeHash == token.tokenHash)))
            throw AdapterError(AdapterError::Reason::Conflict, QStringLiteral("the grant or token is stored already"));
        OidcGrant stored = grant;
        stored.expiresAt = grant.expiresAt.toUTC();
        stored.authTime = grant.authTime.isValid() ? grant.authTime.toUTC() : QDateTime();
        d->oidcGrants.insert(grant.grantId, stored);
        d->oidcRefreshTokens.insert(token.tokenHash, {grant.grantId, token.expiresAt.toUTC(), false});
        // The redeemed code as a spent token of the grant: it goes when the grant goes.
        if (!codeHash.isEmpty())
            d->oidcRefreshTokens.insert(codeHash, {grant.grantId, stored.expiresAt, true});
    });
}

QFuture<OidcRefreshRedemption> MemoryAdapter::redeemOidcRefreshToken(const QString &tokenHash, const OidcRefreshToken &next)
{
    return settle([&]() -> Redemption {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QWriteLocker locker(&d->lock);
        const auto token = d->oidcRefreshTokens.find(tokenHash);
        if (token == d->oidcRefreshTokens.end())
            return {};
        const QString grantId = token->grantId;
        Redemption result;
        result.grant = d->oidcGrants.value(grantId);
        if (token->spent) {
            result.outcome = Redemption::Outcome::Reused;
        } else if (token->expiresAt <= now || result.grant->expiresAt <= now) {
            result.outcome = Redemption::Outcome::Expired;
        } else {
            token->spent = true;
            d->oidcRefreshTokens.insert(next.tokenHash, {grantId, qMin(next.expiresAt.toUTC(), result.grant->expiresAt), false});
            result.outcome = Redemption::Outcome::Rotated;
            return result;
        }
        removeGrant(*d, grantId);
        return result;
    });
}

QFuture<std::optional<OidcRefreshTokenState>> MemoryAdapter::oidcRefreshToken(const QString &tokenHash)
{
    return settle([&]() -> std::optional<OidcRefreshTokenState> {
        QReadLocker locker(&d->lock);
        const auto token = d->oidcRefreshTokens.constFind(tokenHash);
        if (token == d->oidcRefreshTokens.cend() || !d->oidcGrants.contains(token->grantId))
            return std::nullopt;
        return OidcRefreshTokenState{d->oidcGrants.value(token->grantId), token->expiresAt, token->spent};
    });
}

QFuture<bool> MemoryAdapter::isOidcGrantActive(const QString &grantId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const auto grant = d->oidcGrants.constFind(grantId);
        return grant != d->oidcGrants.cend() && grant->expiresAt > QDateTime::currentDateTimeUtc();
    });
}

QFuture<bool> MemoryAdapter::revokeOidcGrant(const QString &grantId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const bool found = d->oidcGrants.contains(grantId);
        removeGrant(*d, grantId);
        return found;
    });
}

} // namespace Gatehouse
