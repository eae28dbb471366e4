#include "storage/auditeventjson.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse {

namespace {

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QByteArray auditEventJson(const AuditEvent &event)
{
    const QJsonObject object{{QStringLiteral("id"), event.id},
                             {QStringLiteral("time"), event.time.toUTC().toString(Qt::ISODateWithMs)},
                             {QStringLiteral("type"), event.type},
                             {QStringLiteral("userId"), textOrNull(event.userId)},
                             {QStringLiteral("provider"), textOrNull(event.provider)},
                             {QStringLiteral("clientAddress"), textOrNull(event.clientAddress)},
                             {QStringLiteral("detail"), event.detail}};
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace Gatehouse
