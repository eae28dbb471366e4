#include "records.h"

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

QString tokenHint(const QString &token)
{
    return token.left(8) + QStringLiteral("…");
}

QVariantMap session(const SessionListEntry &e, qint64 maxAge, const QString &clientAddress)
{
    return {{QStringLiteral("sessionToken"), e.session.sessionToken},
            {QStringLiteral("tokenHint"), tokenHint(e.session.sessionToken)},
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

} // namespace Gatehouse::Admin::Records
