#include "core/timeformat.h"
#include "session/sessionclaims.h"

#include "core/jsonwriter.h"

namespace Gatehouse::SessionClaims {

namespace {

//! The default session's user fields and the token claims they come from, in body order.
struct UserField
{
    QLatin1String sessionKey;
    QLatin1String tokenKey;
};
constexpr UserField kUserFields[] = {
    {QLatin1String("name"), QLatin1String("name")},
    {QLatin1String("email"), QLatin1String("email")},
    {QLatin1String("image"), QLatin1String("picture")},
};

bool isSet(const QJsonValue &v)
{
    return !v.isUndefined() && !v.isNull();
}

void copyIfSet(QJsonObject &to, const QString &toKey, const QJsonObject &from, const QString &fromKey)
{
    const QJsonValue v = from.value(fromKey);
    if (isSet(v))
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
    for (const UserField &field : kUserFields) {
        const QJsonValue v = token.value(field.tokenKey);
        if (isSet(v))
            user.insert(field.sessionKey, v);
    }
    return QJsonObject{{QStringLiteral("user"), user},
                       {QStringLiteral("expires"), isoTimestamp(expires)}};
}

QByteArray defaultSessionJson(const QJsonObject &token, const QDateTime &expires)
{
    QByteArray out;
    out.reserve(160);
    out += "{\"user\":{";
    bool first = true;
    for (const UserField &field : kUserFields) {
        const QJsonValue v = token.value(field.tokenKey);
        if (!isSet(v))
            continue;
        if (!first)
            out += ',';
        first = false;
        out += '"';
        out.append(field.sessionKey.data(), field.sessionKey.size());
        out += "\":";
        appendOrderedJson(out, v, sessionKeyOrder());
    }
    out += "},\"expires\":";
    appendJsonString(out, isoTimestamp(expires));
    out += '}';
    return out;
}

QJsonObject storedSession(const AdapterUser &user, const QDateTime &expires)
{
    const auto orNull = [](const std::optional<QString> &v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); };
    return QJsonObject{
        {QStringLiteral("user"), QJsonObject{{QStringLiteral("name"), orNull(user.name)},
                                            {QStringLiteral("email"), user.email},
                                            {QStringLiteral("image"), orNull(user.image)}}},
        {QStringLiteral("expires"), isoTimestamp(expires)}};
}

QByteArray storedSessionJson(const AdapterUser &user, const QDateTime &expires)
{
    const auto appendOrNull = [](QByteArray &out, const std::optional<QString> &v) {
        if (v)
            appendJsonString(out, *v);
        else
            out += "null";
    };
    QByteArray out;
    out.reserve(160);
    out += "{\"user\":{\"name\":";
    appendOrNull(out, user.name);
    out += ",\"email\":";
    appendJsonString(out, user.email);
    out += ",\"image\":";
    appendOrNull(out, user.image);
    out += "},\"expires\":";
    appendJsonString(out, isoTimestamp(expires));
    out += '}';
    return out;
}

const QStringList &sessionKeyOrder()
{
    static const QStringList order = {QStringLiteral("user"), QStringLiteral("expires"),
                                      QStringLiteral("name"), QStringLiteral("email"),
                                      QStringLiteral("image")};
    return order;
}

} // namespace Gatehouse::SessionClaims
