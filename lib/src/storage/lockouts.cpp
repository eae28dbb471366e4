#include <gatehouse/lockouts.h>

#include <gatehouse/adaptererror.h>
#include <gatehouse/auditstore.h>

#include "core/futures.h"
#include "core/ratelimitkeys.h"
#include "storage/stores.h"

#include <QJsonArray>

#include <algorithm>
#include <optional>

namespace Gatehouse {

namespace {

namespace Keys = RateLimitKeys;

//! The counters that can name a person (RateLimitKeys); client addresses are no one's.
QStringList personPrefixes()
{
    return {Keys::CredentialsPrefix, Keys::TwoFactorUserPrefix, Keys::PasswordResetUserPrefix,
            Keys::PasswordResetAddressPrefix};
}

//! Whose counter a key is: a user id or an address, and of which kind.
struct KeyOwner
{
    LockoutKind kind;
    bool byUserId = false;
    QString value;   //!< the user id, or the address as counted
};

std::optional<KeyOwner> ownerOf(const QString &key)
{
    if (key.startsWith(Keys::TwoFactorUserPrefix))
        return KeyOwner{LockoutKind::SecondFactor, true, key.mid(Keys::TwoFactorUserPrefix.size())};
    if (key.startsWith(Keys::PasswordResetUserPrefix)) {
        const QString rest = key.mid(Keys::PasswordResetUserPrefix.size());
        if (rest.startsWith(Keys::PasswordResetUnknownPart))
            return std::nullopt;   // an address no person had
        return KeyOwner{LockoutKind::PasswordReset, true, rest};
    }
    if (key.startsWith(Keys::PasswordResetAddressPrefix))
        return KeyOwner{LockoutKind::PasswordReset, false, key.mid(Keys::PasswordResetAddressPrefix.size())};
    if (key.startsWith(Keys::CredentialsPrefix)) {
        // credentials:<provider id>:id:<identifier>; the provider id holds no ':'.
        const qsizetype part = key.indexOf(Keys::CredentialsIdentifierPart, Keys::CredentialsPrefix.size());
        const qsizetype colon = key.indexOf(QLatin1Char(':'), Keys::CredentialsPrefix.size());
        if (part < 0 || part != colon)
            return std::nullopt;   // a client address's counter
        return KeyOwner{LockoutKind::PasswordSignIn, false, key.mid(part + Keys::CredentialsIdentifierPart.size())};
    }
    return std::nullopt;
}

//! The limit a counter of \a kind is held to, or nullopt where none applies.
std::optional<std::pair<std::chrono::milliseconds, int>> limitOf(LockoutKind kind, const LockoutLimits &limits)
{
    if (kind == LockoutKind::SecondFactor)
        return std::make_pair(std::chrono::milliseconds(limits.twoFactorWindowSeconds * 1000), limits.twoFactorMaxFailures);
    if (!limits.rateLimit.enabled)
        return std::nullopt;
    // Reset requests are held to the identifier's limit too (recovery/README.md).
    return std::make_pair(std::chrono::milliseconds(limits.rateLimit.windowSeconds * 1000),
                          limits.rateLimit.maxFailuresPerIdentifier);
}

RateLimitStore &rateLimitsOf(const Stores &stores)
{
    if (!stores.rateLimits)
        throw AdapterError::notImplemented(QStringLiteral("rateLimitCounts"));
    return *stores.rateLimits;
}

//! A counter that keeps someone out, before the someone is known.
struct Limited
{
    KeyOwner owner;
    QDateTime until;
};

//! Finds the person of each of \a pending from \a index on, one look-up at a time.
QFuture<QList<Lockout>> resolve(std::shared_ptr<Adapter> adapter, std::shared_ptr<const QList<Limited>> pending,
                                qsizetype index, QList<Lockout> found)
{
    if (index >= pending->size())
        return QtFuture::makeReadyFuture(found);
    const Limited &next = pending->at(index);
    QFuture<std::optional<AdapterUser>> user = next.owner.byUserId ? adapter->getUser(next.owner.value)
                                                                     : adapter->getUserByEmail(next.owner.value);
    return continueWith(user, [adapter, pending, index, found](const std::optional<AdapterUser> &user) mutable {
        if (user) {
            const Limited &limited = pending->at(index);
            const auto same = std::find_if(found.begin(), found.end(), [&](const Lockout &l) {
                return l.user.id == user->id && l.kind == limited.owner.kind;
            });
            if (same == found.end())
                found.append(Lockout{*user, limited.owner.kind, limited.until});
            else
                same->until = std::max(same->until, limited.until);
        }
        return resolve(adapter, pending, index + 1, std::move(found));
    });
}

} // namespace

QString lockoutKindName(LockoutKind kind)
{
    switch (kind) {
    case LockoutKind::PasswordSignIn:
        return QStringLiteral("password sign-in");
    case LockoutKind::SecondFactor:
        return QStringLiteral("second factor");
    case LockoutKind::PasswordReset:
        return QStringLiteral("password reset");
    }
    return QString();
}

QFuture<QList<Lockout>> currentLockouts(std::shared_ptr<Adapter> adapter, const LockoutLimits &limits, const QDateTime &now)
{
    const Stores stores = Stores::of(adapter);
    const QDateTime at = now.isValid() ? now.toUTC() : QDateTime::currentDateTimeUtc();
    return continueWith(rateLimitsOf(stores).rateLimitCounts(personPrefixes()), [adapter, limits, at](const QList<RateLimitCount> &counts) {
        auto pending = std::make_shared<QList<Limited>>();
        for (const RateLimitCount &count : counts) {
            const std::optional<KeyOwner> owner = ownerOf(count.key);
            if (!owner)
                continue;
            const auto limit = limitOf(owner->kind, limits);
            if (!limit)
                continue;
            const QDateTime until = count.allowedFrom(limit->first, limit->second, at);
            if (until > at)
                pending->append(Limited{*owner, until});
        }
        QFuture<QList<Lockout>> resolved = resolve(adapter, pending, 0, {});
        return resolved.then(QtFuture::Launch::Sync, [](QList<Lockout> found) {
            std::sort(found.begin(), found.end(), [](const Lockout &a, const Lockout &b) {
                return std::make_pair(a.user.email, int(a.kind)) < std::make_pair(b.user.email, int(b.kind));
            });
            return found;
        });
    });
}

QFuture<LockoutsLifted> liftLockouts(std::shared_ptr<Adapter> adapter, const AdapterUser &user, const QString &operatorName,
                                     const QString &by)
{
    const Stores stores = Stores::of(adapter);
    RateLimitStore &rateLimits = rateLimitsOf(stores);
    return continueWith(rateLimits.rateLimitCounts(personPrefixes()), [stores, user, operatorName, by](const QList<RateLimitCount> &counts) {
        // Addresses are counted as the flows normalised them; compare them case-folded.
        const QString email = user.email.trimmed().toCaseFolded();
        QStringList keys;
        QList<LockoutKind> kinds;
        for (const RateLimitCount &count : counts) {
            const std::optional<KeyOwner> owner = ownerOf(count.key);
            if (!owner)
                continue;
            const bool theirs = owner->byUserId ? owner->value == user.id : owner->value.toCaseFolded() == email;
            if (!theirs)
                continue;
            keys.append(count.key);
            if (!kinds.contains(owner->kind))
                kinds.append(owner->kind);
        }
        std::sort(kinds.begin(), kinds.end());
        return continueWith(stores.rateLimits->resetRateLimits(keys), [stores, user, operatorName, by, kinds](qint64 removed) {
            LockoutsLifted lifted{removed, kinds};
            if (!stores.audit)
                return QtFuture::makeReadyFuture(lifted);
            QJsonArray cleared;
            for (LockoutKind kind : kinds)
                cleared.append(lockoutKindName(kind));
            AuditEvent event;
            event.time = QDateTime::currentDateTimeUtc();
            event.type = QStringLiteral("lockoutLift");
            event.userId = user.id;
            event.detail = {{QStringLiteral("by"), by}, {QStringLiteral("cleared"), cleared}};
            if (!operatorName.isEmpty())
                event.detail.insert(QStringLiteral("operator"), operatorName);
            // Waited for: the command that lifts it exits right after.
            return stores.audit->appendAudit(event).then(QtFuture::Launch::Sync, [lifted](qint64) { return lifted; });
        });
    });
}

} // namespace Gatehouse
