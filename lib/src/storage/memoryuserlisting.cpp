// MemoryAdapter's user listings (listUsersPage, countUsers): search, group, sort, keyset and positional
// paging, in SqlAdapter's order.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using namespace MemoryDetail;
using Reason = AdapterError::Reason;
using Futures::settle;

namespace {

/*!
 * Whether \a a comes before \a b in a user listing sorted by \a sort: users without a value
 * last in both directions, ties by id in the listing's direction.
 */
bool listedBefore(const AdapterUser &a, const AdapterUser &b, UserSortColumn sort, bool ascending)
{
    const auto ordered = [ascending](const auto &x, const auto &y) { return ascending ? x < y : y < x; };
    const qint64 idA = a.id.toLongLong();
    const qint64 idB = b.id.toLongLong();
    const auto byValue = [&](const auto &x, const auto &y) {
        if (x.has_value() != y.has_value())
            return x.has_value();
        if (x && *x != *y)
            return ordered(*x, *y);
        return ordered(idA, idB);
    };
    switch (sort) {
    case UserSortColumn::Id:
        break;
    case UserSortColumn::Email:
        return byValue(std::optional(a.email), std::optional(b.email));
    case UserSortColumn::Name:
        return byValue(a.name, b.name);
    case UserSortColumn::EmailVerified:
        return byValue(a.emailVerified, b.emailVerified);
    }
    return ordered(idA, idB);
}

} // namespace

QFuture<qint64> MemoryAdapter::countUsers(const QString &search)
{
    return countUsers(search, QString());
}

QFuture<qint64> MemoryAdapter::countUsers(const QString &search, const QString &group)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->matchingUsers(search, group).size());
    });
}

QFuture<QList<UserListEntry>> MemoryAdapter::listUsersPage(const UserPageRequest &request)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const auto before = [&request](const AdapterUser &a, const AdapterUser &b) {
            return listedBefore(a, b, request.sort, request.ascending);
        };
        QList<AdapterUser> found = d->matchingUsers(request.search, request.group);
        std::sort(found.begin(), found.end(), before);
        const qsizetype limit = qMax(0, request.limit);
        qsizetype first = 0;
        qsizetype end = 0;
        if (request.anchor) {
            const AdapterUser anchor = normalised(*request.anchor);
            if (request.backward) {
                end = std::lower_bound(found.cbegin(), found.cend(), anchor, before) - found.cbegin();
                first = qMax<qsizetype>(0, end - limit);
            } else {
                first = std::upper_bound(found.cbegin(), found.cend(), anchor, before) - found.cbegin();
                end = qMin(found.size(), first + limit);
            }
        } else {
            const qsizetype offset = qsizetype(qMin<qint64>(qMax<qint64>(0, request.offset), found.size()));
            if (request.backward) {
                end = found.size() - offset;
                first = qMax<qsizetype>(0, end - limit);
            } else {
                first = offset;
                end = qMin(found.size(), first + limit);
            }
        }
        QList<UserListEntry> rows;
        for (qsizetype i = first; i < end; ++i) {
            UserListEntry entry{found[i]};
            const auto password = d->passwords.constFind(found[i].id);
            entry.hasPassword = password != d->passwords.cend();
            entry.passwordDisabled = entry.hasPassword && password->disabled;
            entry.disabled = d->disabledUsers.contains(found[i].id);
            rows.append(entry);
        }
        return rows;
    });
}

} // namespace Gatehouse
