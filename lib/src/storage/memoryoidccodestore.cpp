// MemoryAdapter's OidcCodeStore: the OpenID Provider's authorization codes, by their hash.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using Futures::settle;

QFuture<void> MemoryAdapter::addOidcCode(const OidcAuthorizationCode &code)
{
    return settle([&] {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QWriteLocker locker(&d->lock);
        for (auto it = d->oidcCodes.begin(); it != d->oidcCodes.end();) {
            if (it->expiresAt < now)
                it = d->oidcCodes.erase(it);
            else
                ++it;
        }
        OidcAuthorizationCode stored = code;
        stored.expiresAt = code.expiresAt.toUTC();
        stored.authTime = code.authTime.isValid() ? code.authTime.toUTC() : QDateTime();
        d->oidcCodes.insert(code.codeHash, stored);
    });
}

QFuture<std::optional<OidcAuthorizationCode>> MemoryAdapter::takeOidcCode(const QString &codeHash)
{
    return settle([&]() -> std::optional<OidcAuthorizationCode> {
        QWriteLocker locker(&d->lock);
        const auto it = d->oidcCodes.find(codeHash);
        if (it == d->oidcCodes.end())
            return std::nullopt;
        OidcAuthorizationCode code = *it;
        d->oidcCodes.erase(it);
        return code;
    });
}

} // namespace Gatehouse
