// MemoryAdapter's UserTransferStore: the import works on the adapter's state and puts the old
// state back (implicitly shared copies) when it must not stay: a dry run or a conflict.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"
#include "storage/storerules.h"

namespace Gatehouse {

using Futures::settle;

QFuture<QList<UserImportOutcome>> MemoryAdapter::importUsers(const UserImportBatch &batch)
{
    return settle([&] {
        const QString method = QStringLiteral("importUsers");
        for (const UserTransferRecord &record : batch.users) {
            for (const QString &group : record.groups)
                StoreRules::checkGroupName(group, method);
        }
        QWriteLocker locker(&d->lock);
        const auto users = d->users;
        const auto passwords = d->passwords;
        const auto disabledUsers = d->disabledUsers;
        const auto groups = d->groups;
        const auto audit = d->audit;
        const auto sessions = d->sessions;
        const qint64 lastUserId = d->lastUserId;
        const qint64 lastAuditId = d->lastAuditId;
        QHash<QString, QString> byEmail;
        for (const AdapterUser &user : d->users)
            byEmail.insert(user.email, user.id);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QList<UserImportOutcome> outcomes;
        bool conflict = false;
        const auto record = [&](const QString &id, QJsonObject detail, const QString &outcome, const QString &scheme) {
            if (!scheme.isEmpty())
                detail.insert(QStringLiteral("scheme"), scheme);
            detail.insert(QStringLiteral("outcome"), outcome);
            AuditEvent event;
            event.id = ++d->lastAuditId;
            event.time = now;
            event.type = QStringLiteral("userImport");
            event.userId = id;
            event.detail = detail;
            d->audit.append(event);
        };
        for (const UserTransferRecord &in : batch.users) {
            if (batch.progress && !outcomes.isEmpty() && outcomes.size() % 1000 == 0)
                batch.progress(outcomes.size());
            const QString existingId = byEmail.value(in.email);
            if (existingId.isEmpty()) {
                AdapterUser user;
                user.email = in.email;
                if (!in.name.isEmpty())
                    user.name = in.name;
                if (in.emailVerified)
                    user.emailVerified = now;
                const AdapterUser created = d->insertUser(user, method);
                byEmail.insert(in.email, created.id);
                if (!in.passwordHash.isEmpty())
                    d->passwords.insert(created.id, {in.passwordHash, false});
                if (in.disabled)
                    d->disabledUsers.insert(created.id);
                if (!in.groups.isEmpty())
                    d->groups[created.id].unite(QSet<QString>(in.groups.cbegin(), in.groups.cend()));
                record(created.id, batch.auditDetail, QStringLiteral("created"), in.scheme);
                outcomes.append(UserImportOutcome::Created);
                continue;
            }
            if (batch.onConflict != UserImportConflict::Update) {
                conflict = conflict || batch.onConflict == UserImportConflict::Fail;
                outcomes.append(batch.onConflict == UserImportConflict::Fail ? UserImportOutcome::Conflict
                                                                            : UserImportOutcome::Skipped);
                continue;
            }
            AdapterUser &user = d->users[existingId.toLongLong()];
            bool changed = false;
            if (!in.name.isEmpty() && user.name != in.name) {
                user.name = in.name;
                changed = true;
            }
            if (in.emailVerified != user.emailVerified.has_value()) {
                user.emailVerified = in.emailVerified ? std::optional(now) : std::nullopt;
                changed = true;
            }
            if (in.disabled != d->disabledUsers.contains(existingId)) {
                if (in.disabled) {
                    d->disabledUsers.insert(existingId);
                    d->sessions.removeIf([&](const auto &it) { return it.value().userId == existingId; });
                } else {
                    d->disabledUsers.remove(existingId);
                }
                changed = true;
            }
            if (!d->passwords.contains(existingId) && !in.passwordHash.isEmpty()) {
                d->passwords.insert(existingId, {in.passwordHash, false});
                changed = true;
            }
            for (const QString &group : in.groups) {
                QSet<QString> &mine = d->groups[existingId];
                if (!mine.contains(group)) {
                    mine.insert(group);
                    changed = true;
                }
            }
            if (d->groups.value(existingId).isEmpty())
                d->groups.remove(existingId);
            if (changed)
                record(existingId, batch.auditDetail, QStringLiteral("updated"), in.scheme);
            outcomes.append(changed ? UserImportOutcome::Updated : UserImportOutcome::Unchanged);
        }
        if (batch.progress)
            batch.progress(outcomes.size());
        if (batch.dryRun || conflict) {
            d->users = users;
            d->passwords = passwords;
            d->disabledUsers = disabledUsers;
            d->groups = groups;
            d->audit = audit;
            d->sessions = sessions;
            d->lastUserId = lastUserId;
            d->lastAuditId = lastAuditId;
        }
        return outcomes;
    });
}

QFuture<QList<UserTransferRecord>> MemoryAdapter::exportUsers()
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<UserTransferRecord> records;
        for (const AdapterUser &user : d->users) {
            UserTransferRecord record;
            record.email = user.email;
            record.name = user.name.value_or(QString());
            record.emailVerified = user.emailVerified.has_value();
            record.disabled = d->disabledUsers.contains(user.id);
            record.passwordHash = d->passwords.value(user.id).hash;
            const QSet<QString> groups = d->groups.value(user.id);
            record.groups = StoreRules::sortedGroups(QStringList(groups.cbegin(), groups.cend()));
            records.append(record);
        }
        std::sort(records.begin(), records.end(),
                  [](const UserTransferRecord &a, const UserTransferRecord &b) { return a.email < b.email; });
        return records;
    });
}

} // namespace Gatehouse
