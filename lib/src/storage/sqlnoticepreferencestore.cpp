// SqlAdapter's NoticePreferenceStore: each person's notice choices
// (gatehouse_notice_preferences), one row per person and kind, removed with the person.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/storerules.h"

namespace Gatehouse {

using SqlRows::rowId;

QFuture<QList<NoticePreference>> SqlAdapter::noticePreferences(const QString &userId)
{
    const QString method = QStringLiteral("noticePreferences");
    return d->run(method, [userId, method](SqlConnection &c) {
        QList<NoticePreference> found;
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return found;
        SqlQuery q(c,
                   QStringLiteral("SELECT kind, enabled, \"updatedAt\" FROM gatehouse_notice_preferences "
                                  "WHERE \"userId\" = ? ORDER BY kind"),
                   method);
        q.bind(*id).exec();
        while (q.next())
            found.append({q.text(0), q.value(1).toBool(), q.time(2)});
        return found;
    });
}

QFuture<void> SqlAdapter::setNoticePreference(const QString &userId, const NoticePreference &preference)
{
    const QString method = QStringLiteral("setNoticePreference");
    return d->run(method, [userId, preference, method](SqlConnection &c) {
        StoreRules::checkNoticeKind(preference.kind, method);
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            throw SqlRows::noSuchUser(method, userId);
        SqlTransaction transaction(c, method);
        {
            SqlQuery user(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
            if (!user.bind(*id).execFirst())
                throw SqlRows::noSuchUser(method, userId);
        }
        const QString insert = QStringLiteral("INSERT INTO gatehouse_notice_preferences (\"userId\", kind, enabled, \"updatedAt\") "
                                              "VALUES (?, ?, ?, ?)");
        const QString sql = c.backend() == SqlBackend::MySQL
            ? insert + QStringLiteral(" ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), \"updatedAt\" = VALUES(\"updatedAt\")")
            : insert + QStringLiteral(" ON CONFLICT (\"userId\", kind) DO UPDATE SET enabled = excluded.enabled, "
                                      "\"updatedAt\" = excluded.\"updatedAt\"");
        SqlQuery q(c, sql, method);
        q.bind(*id)
            .bind(preference.kind)
            .bind(preference.enabled)
            .bind(preference.updatedAt.isValid() ? preference.updatedAt : QDateTime::currentDateTimeUtc())
            .exec();
        transaction.commit();
    });
}

} // namespace Gatehouse
