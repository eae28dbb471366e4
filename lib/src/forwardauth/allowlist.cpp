#include "forwardauth/allowlist.h"

#include <QUrlQuery>

#include <algorithm>

namespace Gatehouse::ForwardAuth {

namespace {

QStringList entries(const QUrlQuery &query, const QString &key)
{
    QStringList result;
    for (const QString &value : query.allQueryItemValues(key, QUrl::FullyDecoded)) {
        for (const QString &entry : value.split(QLatin1Char(','))) {
            if (!entry.trimmed().isEmpty())
                result.append(entry.trimmed());
        }
    }
    return result;
}

} // namespace

AllowList AllowList::fromQuery(const QUrl &url)
{
    const QUrlQuery query(url);
    AllowList list;
    list.groups = entries(query, QStringLiteral("allowed_groups"));
    for (const QString &email : entries(query, QStringLiteral("allowed_emails")))
        list.emails.append(email.toLower());
    return list;
}

bool AllowList::allows(const AccessSubject &subject) const
{
    if (!groups.isEmpty()
        && std::none_of(groups.cbegin(), groups.cend(), [&subject](const QString &g) { return subject.groups.contains(g); }))
        return false;
    return emails.isEmpty() || (!subject.email.isEmpty() && emails.contains(subject.email.toLower()));
}

} // namespace Gatehouse::ForwardAuth
