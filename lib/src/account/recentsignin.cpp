#include "account/recentsignin.h"

namespace Gatehouse::AccountDetail {

bool isRecentSignIn(const QDateTime &signedInAt, const QDateTime &now, qint64 maxAgeSeconds)
{
    if (!signedInAt.isValid() || !now.isValid() || maxAgeSeconds < 0)
        return false;
    const qint64 age = signedInAt.secsTo(now);
    return age >= -60 && age <= maxAgeSeconds;
}

} // namespace Gatehouse::AccountDetail
