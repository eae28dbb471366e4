#include "account/noticechoice.h"

namespace Gatehouse::AccountDetail {

bool noticeTurnedOff(const QList<NoticePreference> &choices, QStringView kind, const QDateTime &when)
{
    for (const NoticePreference &choice : choices) {
        if (choice.kind == kind)
            return !choice.enabled && choice.updatedAt.isValid() && choice.updatedAt < when;
    }
    return false;
}

} // namespace Gatehouse::AccountDetail
