#include "forwardauth/identityheaders.h"

#include <algorithm>

namespace Gatehouse::ForwardAuth {

namespace {

bool isControl(QChar c)
{
    return c.unicode() < 0x20 || c.unicode() == 0x7f || (c.unicode() >= 0x80 && c.unicode() < 0xa0)
        || c.unicode() == 0x2028 || c.unicode() == 0x2029;
}

} // namespace

QByteArray safeHeaderValue(const QString &value)
{
    // Runs on every allowed check: a value without control characters is not copied first.
    if (std::none_of(value.begin(), value.end(), isControl))
        return value.trimmed().toUtf8();
    QString safe;
    safe.reserve(value.size());
    for (QChar c : value) {
        if (!isControl(c))
            safe.append(c);
    }
    return safe.trimmed().toUtf8();
}

QByteArray groupsHeaderValue(const QStringList &groups)
{
    QByteArray joined;
    for (const QString &group : groups) {
        if (group.trimmed().isEmpty() || group.contains(QLatin1Char(',')) || std::any_of(group.begin(), group.end(), isControl))
            continue;
        if (!joined.isEmpty())
            joined += ',';
        joined += group.trimmed().toUtf8();
    }
    return joined;
}

QList<QPair<QByteArray, QByteArray>> identityHeaders(const IdentityHeaders &names, const Identity &identity)
{
    const AccessSubject &subject = identity.subject;
    const QByteArray email = safeHeaderValue(subject.email);
    const std::pair<const QByteArrayList *, QByteArray> values[] = {
        {&names.user, email.isEmpty() ? safeHeaderValue(subject.userId) : email},
        {&names.email, email},
        {&names.name, safeHeaderValue(identity.name)},
        {&names.groups, groupsHeaderValue(subject.groups)},
    };
    QList<QPair<QByteArray, QByteArray>> headers;
    headers.reserve(names.user.size() + names.email.size() + names.name.size() + names.groups.size());
    for (const auto &[headerNames, value] : values) {
        for (const QByteArray &name : *headerNames)
            headers.append({name.toLower(), value});
    }
    return headers;
}

} // namespace Gatehouse::ForwardAuth
