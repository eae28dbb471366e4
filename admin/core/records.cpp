#include "records.h"
#include "operatinguser.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::Admin::Records {

QVariantMap account(const AdapterAccount &a)
{
    return {{QStringLiteral("accountId"), a.id},
            {QStringLiteral("provider"), a.provider},
            {QStringLiteral("providerAccountId"), a.providerAccountId},
            {QStringLiteral("type"), a.type},
            {QStringLiteral("expiresAt"), a.expiresAt ? QDateTime::fromSecsSinceEpoch(*a.expiresAt, Qt::UTC) : QDateTime()},
            {QStringLiteral("scope"), a.scope.value_or(QString())},
            {QStringLiteral("hasRefreshToken"), a.refreshToken.has_value() && !a.refreshToken->isEmpty()}};
}

QString tokenHint(const QString &id)
{
    return id.left(8) + QStringLiteral("…");
}

QString sessionHint(const QString &sessionToken)
{
    return tokenHint(sessionId(sessionToken));
}

QVariantMap session(const SessionListEntry &e, qint64 maxAge, const QString &clientAddress)
{
    return {{QStringLiteral("sessionToken"), e.session.sessionToken},
            {QStringLiteral("tokenHint"), sessionHint(e.session.sessionToken)},
            {QStringLiteral("userId"), e.session.userId},
            {QStringLiteral("userEmail"), e.userEmail},
            {QStringLiteral("userName"), e.userName.value_or(QString())},
            {QStringLiteral("expires"), e.session.expires},
            {QStringLiteral("expired"), e.session.expires <= QDateTime::currentDateTimeUtc()},
            {QStringLiteral("lastSeen"), e.session.expires.addSecs(-maxAge)},
            {QStringLiteral("clientAddress"), clientAddress}};
}

QVariantMap authenticator(const AdapterAuthenticator &a)
{
    return {{QStringLiteral("credentialID"), a.credentialID},
            {QStringLiteral("providerAccountId"), a.providerAccountId},
            {QStringLiteral("deviceType"), a.credentialDeviceType},
            {QStringLiteral("backedUp"), a.credentialBackedUp},
            {QStringLiteral("transports"),
             a.transports ? a.transports->split(u',', Qt::SkipEmptyParts) : QStringList()},
            {QStringLiteral("counter"), a.counter}};
}

QVariantMap auditEvent(const AuditEvent &e)
{
    return {{QStringLiteral("eventId"), e.id},
            {QStringLiteral("time"), e.time},
            {QStringLiteral("type"), e.type},
            {QStringLiteral("userId"), e.userId},
            {QStringLiteral("provider"), e.provider},
            {QStringLiteral("clientAddress"), e.clientAddress},
            {QStringLiteral("detail"),
             e.detail.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(e.detail).toJson(QJsonDocument::Compact))}};
}

QVariantMap user(const UserListEntry &e)
{
    return {{QStringLiteral("userId"), e.user.id},
            {QStringLiteral("name"), e.user.name.value_or(QString())},
            {QStringLiteral("email"), e.user.email},
            {QStringLiteral("emailVerified"), e.user.emailVerified.value_or(QDateTime())},
            {QStringLiteral("image"), e.user.image.value_or(QString())},
            {QStringLiteral("disabled"), e.disabled},
            {QStringLiteral("hasPassword"), e.hasPassword},
            {QStringLiteral("passwordDisabled"), e.passwordDisabled}};
}

namespace {

//! An ISO 8601 time of the API's JSON, in UTC; invalid when null or absent.
QDateTime apiTime(const QJsonValue &value)
{
    return value.isString() ? QDateTime::fromString(value.toString(), Qt::ISODateWithMs).toUTC() : QDateTime();
}

} // namespace

UserListEntry userFromApi(const QJsonObject &json)
{
    const auto text = [&json](QLatin1String key) {
        const QJsonValue value = json.value(key);
        return value.isString() ? std::optional(value.toString()) : std::nullopt;
    };
    UserListEntry entry;
    entry.user.id = json.value(QLatin1String("id")).toString();
    entry.user.email = json.value(QLatin1String("email")).toString();
    entry.user.name = text(QLatin1String("name"));
    entry.user.image = text(QLatin1String("image"));
    if (const auto verified = text(QLatin1String("emailVerified")))
        entry.user.emailVerified = apiTime(*verified);
    entry.disabled = json.value(QLatin1String("disabled")).toBool();
    entry.hasPassword = json.value(QLatin1String("hasPassword")).toBool();
    entry.passwordDisabled = json.value(QLatin1String("passwordDisabled")).toBool();
    return entry;
}

QVariantMap accountFromApi(const QJsonObject &json)
{
    return {{QStringLiteral("apiId"), json.value(QLatin1String("id")).toString()},
            {QStringLiteral("accountId"), json.value(QLatin1String("id")).toString()},
            {QStringLiteral("provider"), json.value(QLatin1String("provider")).toString()},
            {QStringLiteral("providerAccountId"), json.value(QLatin1String("providerAccountId")).toString()},
            {QStringLiteral("type"), json.value(QLatin1String("type")).toString()},
            {QStringLiteral("expiresAt"), apiTime(json.value(QLatin1String("expiresAt")))},
            {QStringLiteral("scope"), json.value(QLatin1String("scope")).toString()},
            {QStringLiteral("hasRefreshToken"), json.value(QLatin1String("hasRefreshToken")).toBool()}};
}

QVariantMap sessionFromApi(const QJsonObject &json, qint64 maxAge)
{
    const QString id = json.value(QLatin1String("id")).toString();
    const QDateTime expires = apiTime(json.value(QLatin1String("expires")));
    return {{QStringLiteral("apiId"), id},
            {QStringLiteral("sessionToken"), id},
            {QStringLiteral("tokenHint"), tokenHint(id)},
            {QStringLiteral("userId"), json.value(QLatin1String("userId")).toString()},
            {QStringLiteral("userEmail"), json.value(QLatin1String("userEmail")).toString()},
            {QStringLiteral("userName"), json.value(QLatin1String("userName")).toString()},
            {QStringLiteral("expires"), expires},
            // The server's own word when it says (its clock decides whether the session works).
            {QStringLiteral("expired"), json.value(QLatin1String("expired")).isBool() ? json.value(QLatin1String("expired")).toBool()
                                                                                      : expires <= QDateTime::currentDateTimeUtc()},
            // The server's own maxAge when it says (the app's may not be the server's).
            {QStringLiteral("lastSeen"), json.value(QLatin1String("lastSeen")).isString() ? apiTime(json.value(QLatin1String("lastSeen")))
                                                                                          : expires.addSecs(-maxAge)},
            {QStringLiteral("clientAddress"), json.value(QLatin1String("clientAddress")).toString()}};
}

QVariantMap authenticatorFromApi(const QJsonObject &json)
{
    return {{QStringLiteral("apiId"), json.value(QLatin1String("id")).toString()},
            {QStringLiteral("credentialID"), json.value(QLatin1String("credentialID")).toString()},
            {QStringLiteral("providerAccountId"), QString()},   // not in the API's list
            {QStringLiteral("deviceType"), json.value(QLatin1String("deviceType")).toString()},
            {QStringLiteral("backedUp"), json.value(QLatin1String("backedUp")).toBool()},
            {QStringLiteral("transports"), json.value(QLatin1String("transports")).toVariant().toStringList()},
            {QStringLiteral("counter"), json.value(QLatin1String("counter")).toInteger()}};
}

QVariantMap auditEventFromApi(const QJsonObject &json)
{
    const QJsonObject detail = json.value(QLatin1String("detail")).toObject();
    return {{QStringLiteral("apiId"), json.value(QLatin1String("id")).toVariant()},
            {QStringLiteral("eventId"), json.value(QLatin1String("id")).toVariant()},
            {QStringLiteral("time"), apiTime(json.value(QLatin1String("time")))},
            {QStringLiteral("type"), json.value(QLatin1String("type")).toString()},
            {QStringLiteral("userId"), json.value(QLatin1String("userId")).toString()},
            {QStringLiteral("provider"), json.value(QLatin1String("provider")).toString()},
            {QStringLiteral("clientAddress"), json.value(QLatin1String("clientAddress")).toString()},
            {QStringLiteral("detail"),
             detail.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact))}};
}

} // namespace Gatehouse::Admin::Records
