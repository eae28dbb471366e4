#include "signin/singleuse.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"


namespace Gatehouse::SingleUse {

QFuture<bool> claim(const RequestState &state, const QString &kind, const QByteArray &value, qint64 lifetimeSeconds)
{
    RateLimitStore *store = state.stores().rateLimits.get();
    if (!store)
        return QtFuture::makeReadyFuture(true);
    const QString key = QStringLiteral("once:%1:%2").arg(kind, QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(value))));
    // Windows as long as the lifetime: a second use within it always counts the first
    // (RateLimitWindow weighs the previous window by what remains of it).
    return store->hitRateLimit(key, std::chrono::seconds(lifetimeSeconds), 1);
}

} // namespace Gatehouse::SingleUse
