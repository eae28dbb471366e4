#include "storage/auditeventjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse {

namespace {

/*!
 * Appends \a text as a JSON string, exactly as QJsonDocument writes it. Most texts (ids, types,
 * addresses, times) are printable ASCII without a quote or a backslash and are copied; any
 * other goes through QJsonDocument, so that both forms stay one.
 */
void appendString(QByteArray &out, const QString &text)
{
    bool plain = true;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u >= 0x7f || u == u'"' || u == u'\\') {
            plain = false;
            break;
        }
    }
    if (plain) {
        out += '"';
        out += text.toLatin1();
        out += '"';
        return;
    }
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    out += QByteArrayView(array).sliced(1, array.size() - 2); // [ ... ]
}

void appendTextOrNull(QByteArray &out, const QString &text)
{
    if (text.isEmpty())
        out += "null";
    else
        appendString(out, text);
}

} // namespace

QByteArray auditEventJson(const AuditEvent &event)
{
    // The keys in QJsonObject's (sorted) order, as the earlier QJsonObject form wrote them.
    const QByteArray detail = QJsonDocument(event.detail).toJson(QJsonDocument::Compact);
    QByteArray out;
    out.reserve(160 + detail.size() + event.type.size() + event.userId.size() + event.provider.size());
    out += "{\"clientAddress\":";
    appendTextOrNull(out, event.clientAddress);
    out += ",\"detail\":";
    out += detail;
    out += ",\"id\":";
    out += QByteArray::number(event.id);
    out += ",\"provider\":";
    appendTextOrNull(out, event.provider);
    out += ",\"time\":";
    appendString(out, event.time.toUTC().toString(Qt::ISODateWithMs));
    out += ",\"type\":";
    appendString(out, event.type);
    out += ",\"userId\":";
    appendTextOrNull(out, event.userId);
    out += '}';
    return out;
}

} // namespace Gatehouse
