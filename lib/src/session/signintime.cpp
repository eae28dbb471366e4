#include "session/signintime.h"

#include "core/jsonnumber.h"

namespace Gatehouse::SignInTime {

QJsonObject stamp(const Stores &stores, QJsonObject token, const QDateTime &now)
{
    if (stores.account)
        token.insert(kClaim, double(now.toSecsSinceEpoch()));
    return token;
}

QJsonObject carry(const Stores &stores, QJsonObject reissued, const QJsonObject &previous)
{
    if (!stores.account)
        return reissued;
    const QJsonValue time = previous.value(kClaim);
    if (!time.isDouble())
        reissued.remove(kClaim);  // a token from before the claim, or a callback's own: not a sign-in time
    else if (reissued.value(kClaim) != time)  // the usual token kept it: no copy of the claims
        reissued.insert(kClaim, time);
    return reissued;
}

QDateTime of(const QJsonObject &claims)
{
    const std::optional<qint64> time = jsonSeconds(claims.value(kClaim));
    if (!time)
        return {};  // none, or not a time: an unknown sign-in time, which counts as stale
    return QDateTime::fromSecsSinceEpoch(*time, Qt::UTC);
}

} // namespace Gatehouse::SignInTime
