#include "signin/claimedgroups.h"

#include "core/futures.h"
#include "core/logging.h"
#include "request/audit.h"

#include <gatehouse/groupstore.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace Gatehouse::ClaimedGroups {

namespace {

//! \a value as one short line for a log: JSON, control characters escaped, at most 200 characters.
QString shown(const QJsonValue &value)
{
    const QString text = QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).chopped(1).mid(1);
    return text.size() > 200 ? text.left(200) + QStringLiteral("...") : text;
}

void add(Names &names, const QJsonValue &entry)
{
    if (entry.isString() && !groupNameProblem(entry.toString()))
        names.groups.append(entry.toString());
    else
        names.skipped.append(shown(entry));
}

} // namespace

Names parse(const QJsonValue &value)
{
    Names names;
    if (value.isArray()) {
        for (const QJsonValue &entry : value.toArray())
            add(names, entry);
    } else if (value.isString()) {
        static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
        for (const QString &name : value.toString().split(separators, Qt::SkipEmptyParts))
            add(names, name);
    } else if (!value.isUndefined() && !value.isNull()) {
        names.malformed = true;
        names.skipped.append(shown(value));
    }
    names.groups.sort();
    names.groups.removeDuplicates();
    return names;
}

QFuture<void> apply(const State &state, const QString &providerId, const OAuth::GroupsClaim &claim,
                    const QString &userId, const QJsonValue &value)
{
    const std::shared_ptr<GroupStore> store = state->stores().groups;
    if (!store) {
        qCWarning(lcCore).noquote() << QStringLiteral("provider \"%1\": the adapter stores no groups; the \"%2\" claim is not used")
                                           .arg(providerId, claim.claim);
        return QtFuture::makeReadyFuture();
    }
    const Names names = parse(value);
    if (names.malformed) {
        qCWarning(lcCore).noquote() << QStringLiteral("provider \"%1\": the \"%2\" claim is neither a list of group names nor a string: %3")
                                           .arg(providerId, claim.claim, names.skipped.first());
    } else {
        for (const QString &skipped : names.skipped)
            qCWarning(lcCore).noquote() << QStringLiteral("provider \"%1\": %2 in the \"%3\" claim is no group name; skipped")
                                               .arg(providerId, skipped, claim.claim);
    }
    return continueWith(store->userGroups(userId), [state, store, providerId, claim, userId, names](const QStringList &before) {
        QStringList after = claim.merge ? before + names.groups : names.groups;
        after.sort();
        after.removeDuplicates();
        if (after == before)
            return QtFuture::makeReadyFuture();
        QJsonArray added, removed;
        for (const QString &name : after) {
            if (!before.contains(name))
                added.append(name);
        }
        for (const QString &name : before) {
            if (!after.contains(name))
                removed.append(name);
        }
        QJsonObject detail{{QStringLiteral("by"), providerId},
                           {QStringLiteral("mode"), claim.merge ? QStringLiteral("merge") : QStringLiteral("replace")},
                           {QStringLiteral("added"), added},
                           {QStringLiteral("removed"), removed}};
        return store->setUserGroups(userId, after).then(QtFuture::Launch::Sync, [state, userId, providerId, detail] {
            Audit::record(*state, QStringLiteral("groupsChange"), userId, providerId, detail);
        });
    });
}

} // namespace Gatehouse::ClaimedGroups
