#include "core/timeformat.h"
#include "actions/sessionclaims.h"

namespace Gatehouse::SessionClaims {

namespace {
void copyIfSet(QJsonObject &to, const QString &toKey, const QJsonObject &from, const QString &fromKey)
{
    const QJsonValue v = from.value(fromKey);
    if (!v.isUndefined() && !v.isNull())
        to.insert(toKey, v);
}
} // namespace

QJsonObject tokenFromUser(const QJsonObject &user)
{
    QJsonObject token;
    copyIfSet(token, QStringLiteral("name"), user, QStringLiteral("name"));
    copyIfSet(token, QStringLiteral("email"), user, QStringLiteral("email"));
    copyIfSet(token, QStringLiteral("picture"), user, QStringLiteral("image"));
    const QJsonValue id = user.value(QStringLiteral("id"));
    if (id.isString())
        token.insert(QStringLiteral("sub"), id);
    else if (id.isDouble())
        token.insert(QStringLiteral("sub"), QString::number(id.toInteger()));
    return token;
}

QJsonObject defaultSession(const QJsonObject &token, const QDateTime &expires)
{
    QJsonObject user;
    copyIfSet(user, QStringLiteral("name"), token, QStringLiteral("name"));
    copyIfSet(user, QStringLiteral("email"), token, QStringLiteral("email"));
    copyIfSet(user, QStringLiteral("image"), token, QStringLiteral("picture"));
    return QJsonObject{{QStringLiteral("user"), user},
                       {QStringLiteral("expires"), isoTimestamp(expires)}};
}

const QStringList &sessionKeyOrder()
{
    static const QStringList order = {QStringLiteral("user"), QStringLiteral("expires"),
                                      QStringLiteral("name"), QStringLiteral("email"),
                                      QStringLiteral("image")};
    return order;
}

} // namespace Gatehouse::SessionClaims
