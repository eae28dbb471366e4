// MemoryAdapter's OidcKeyStore: the OpenID Provider's sealed signing keys.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

#include <algorithm>

namespace Gatehouse {

using Futures::settle;

QFuture<QList<OidcSigningKeyRecord>> MemoryAdapter::oidcSigningKeys()
{
    return settle([&] {
        QList<OidcSigningKeyRecord> keys;
        {
            QReadLocker locker(&d->lock);
            keys = d->oidcKeys;
        }
        std::sort(keys.begin(), keys.end(), [](const OidcSigningKeyRecord &a, const OidcSigningKeyRecord &b) {
            return a.alg != b.alg ? a.alg < b.alg : a.generation < b.generation;
        });
        return keys;
    });
}

QFuture<bool> MemoryAdapter::addOidcSigningKey(const OidcSigningKeyRecord &key)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const bool taken = std::any_of(d->oidcKeys.cbegin(), d->oidcKeys.cend(), [&key](const OidcSigningKeyRecord &k) {
            return k.kid == key.kid || (k.alg == key.alg && k.generation == key.generation);
        });
        if (taken)
            return false;
        OidcSigningKeyRecord stored = key;
        stored.createdAt = key.createdAt.isValid() ? key.createdAt.toUTC() : QDateTime::currentDateTimeUtc();
        d->oidcKeys.append(stored);
        return true;
    });
}

QFuture<qint64> MemoryAdapter::removeOidcSigningKeys(const QStringList &kids)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return qint64(d->oidcKeys.removeIf([&kids](const OidcSigningKeyRecord &k) { return kids.contains(k.kid); }));
    });
}

} // namespace Gatehouse
