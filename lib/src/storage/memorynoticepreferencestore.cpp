// MemoryAdapter's NoticePreferenceStore: each person's notice choices, removed with the person.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"
#include "storage/storerules.h"

namespace Gatehouse {

using Futures::settle;

QFuture<QList<NoticePreference>> MemoryAdapter::noticePreferences(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return d->noticePreferences.value(userId).values();
    });
}

QFuture<void> MemoryAdapter::setNoticePreference(const QString &userId, const NoticePreference &preference)
{
    return settle([&] {
        const QString method = QStringLiteral("setNoticePreference");
        StoreRules::checkNoticeKind(preference.kind, method);
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, method);
        NoticePreference stored = preference;
        if (!stored.updatedAt.isValid())
            stored.updatedAt = QDateTime::currentDateTimeUtc();
        d->noticePreferences[userId].insert(stored.kind, stored);
    });
}

} // namespace Gatehouse
