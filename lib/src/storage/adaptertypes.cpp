#include <gatehouse/adaptertypes.h>

namespace Gatehouse {

namespace {

QJsonValue nullable(const std::optional<QString> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString dateString(const QDateTime &when)
{
    return when.toUTC().toString(Qt::ISODateWithMs);
}

std::optional<QString> optionalString(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toInteger());
    return std::nullopt;
}

//! A string id, also when a JSON producer wrote it as a number.
QString idString(const QJsonValue &value)
{
    return optionalString(value).value_or(QString());
}

std::optional<qint64> optionalInteger(const QJsonValue &value)
{
    if (value.isDouble())
        return value.toInteger();
    if (value.isString()) {
        bool ok = false;
        const qint64 number = value.toString().toLongLong(&ok);
        if (ok)
            return number;
    }
    return std::nullopt;
}

std::optional<QDateTime> optionalDate(const QJsonValue &value)
{
    if (value.isString()) {
        const QDateTime when = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
        if (when.isValid())
            return when.toUTC();
    }
    if (value.isDouble())
        return QDateTime::fromMSecsSinceEpoch(value.toInteger(), Qt::UTC);
    return std::nullopt;
}

} // namespace

QJsonObject AdapterUser::toJson() const
{
    return QJsonObject{
        {QStringLiteral("id"), id},
        {QStringLiteral("name"), nullable(name)},
        {QStringLiteral("email"), email},
        {QStringLiteral("emailVerified"), emailVerified ? QJsonValue(dateString(*emailVerified)) : QJsonValue()},
        {QStringLiteral("image"), nullable(image)},
    };
}

AdapterUser AdapterUser::fromJson(const QJsonObject &object)
{
    AdapterUser user;
    user.id = idString(object.value(QLatin1String("id")));
    user.name = optionalString(object.value(QLatin1String("name")));
    user.email = object.value(QLatin1String("email")).toString();
    user.emailVerified = optionalDate(object.value(QLatin1String("emailVerified")));
    user.image = optionalString(object.value(QLatin1String("image")));
    return user;
}

bool operator==(const AdapterUser &a, const AdapterUser &b)
{
    return a.id == b.id && a.name == b.name && a.email == b.email && a.emailVerified == b.emailVerified
        && a.image == b.image;
}

void AdapterUserUpdate::applyTo(AdapterUser &user) const
{
    if (m_name)
        user.name = *m_name;
    if (m_email)
        user.email = *m_email;
    if (m_emailVerified)
        user.emailVerified = *m_emailVerified;
    if (m_image)
        user.image = *m_image;
}

void AdapterSessionUpdate::applyTo(AdapterSession &session) const
{
    if (m_userId)
        session.userId = *m_userId;
    if (m_expires)
        session.expires = *m_expires;
}

QJsonObject AdapterAccount::toJson() const
{
    QJsonObject object = extra;
    if (!id.isEmpty())
        object.insert(QStringLiteral("id"), id);
    object.insert(QStringLiteral("userId"), userId);
    object.insert(QStringLiteral("type"), type);
    object.insert(QStringLiteral("provider"), provider);
    object.insert(QStringLiteral("providerAccountId"), providerAccountId);
    const auto put = [&object](const char *key, const auto &value) {
        if (value)
            object.insert(QLatin1String(key), *value);
    };
    put("access_token", accessToken);
    put("refresh_token", refreshToken);
    put("id_token", idToken);
    put("expires_at", expiresAt);
    put("expires_in", expiresIn);
    put("scope", scope);
    put("token_type", tokenType);
    if (!sessionState.isUndefined())
        object.insert(QStringLiteral("session_state"), sessionState);
    return object;
}

AdapterAccount AdapterAccount::fromJson(const QJsonObject &object)
{
    AdapterAccount account;
    QJsonObject rest = object;
    const auto take = [&rest](const char *key) { return rest.take(QLatin1String(key)); };
    account.id = idString(take("id"));
    account.userId = idString(take("userId"));
    account.type = take("type").toString();
    account.provider = take("provider").toString();
    account.providerAccountId = idString(take("providerAccountId"));
    account.accessToken = optionalString(take("access_token"));
    account.refreshToken = optionalString(take("refresh_token"));
    account.idToken = optionalString(take("id_token"));
    account.expiresAt = optionalInteger(take("expires_at"));
    account.expiresIn = optionalInteger(take("expires_in"));
    account.scope = optionalString(take("scope"));
    account.tokenType = optionalString(take("token_type"));
    const QJsonValue state = take("session_state");
    account.sessionState = state.isNull() ? QJsonValue(QJsonValue::Undefined) : state;
    account.extra = rest;
    return account;
}

bool operator==(const AdapterAccount &a, const AdapterAccount &b)
{
    return a.id == b.id && a.userId == b.userId && a.type == b.type && a.provider == b.provider
        && a.providerAccountId == b.providerAccountId && a.accessToken == b.accessToken
        && a.refreshToken == b.refreshToken && a.idToken == b.idToken && a.expiresAt == b.expiresAt
        && a.expiresIn == b.expiresIn && a.scope == b.scope && a.tokenType == b.tokenType
        && a.sessionState == b.sessionState && a.extra == b.extra;
}

bool operator==(const AdapterSession &a, const AdapterSession &b)
{
    return a.sessionToken == b.sessionToken && a.userId == b.userId && a.expires == b.expires;
}

bool operator==(const VerificationToken &a, const VerificationToken &b)
{
    return a.identifier == b.identifier && a.token == b.token && a.expires == b.expires;
}

bool operator==(const AdapterAuthenticator &a, const AdapterAuthenticator &b)
{
    return a.credentialID == b.credentialID && a.userId == b.userId && a.providerAccountId == b.providerAccountId
        && a.credentialPublicKey == b.credentialPublicKey && a.counter == b.counter
        && a.credentialDeviceType == b.credentialDeviceType && a.credentialBackedUp == b.credentialBackedUp
        && a.transports == b.transports;
}

} // namespace Gatehouse
