#include "session/jwtrevocation.h"

#include "core/logging.h"

namespace Gatehouse::JwtRevocation {

QFuture<bool> isRevoked(const Stores &stores, const QJsonObject &claims)
{
    AccountStore *store = stores.account.get();
    const QString userId = claims.value(QLatin1String("sub")).toString();
    const QJsonValue iat = claims.value(QLatin1String("iat"));
    if (!store || userId.isEmpty() || !iat.isDouble())
        return QtFuture::makeReadyFuture(false);
    const qint64 issued = qint64(iat.toDouble());
    QFuture<std::optional<QDateTime>> notBefore;
    try {
        notBefore = store->sessionsNotBefore(userId);
    } catch (const std::exception &e) {  // a store that throws instead of failing its future
        qCDebug(lcCore) << "could not read the JWT revocation time:" << e.what();
        return QtFuture::makeReadyFuture(false);
    }
    return notBefore.then(QtFuture::Launch::Sync, [issued](QFuture<std::optional<QDateTime>> read) {
        try {
            const std::optional<QDateTime> time = read.result();
            return time && issued < time->toSecsSinceEpoch();
        } catch (const std::exception &e) {
            qCDebug(lcCore) << "could not read the JWT revocation time:" << e.what();
            return false;
        }
    });
}

} // namespace Gatehouse::JwtRevocation
