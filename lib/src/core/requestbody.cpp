#include "core/requestbody.h"

#include <QJsonDocument>
#include <QUrl>

namespace Gatehouse {

QJsonObject parseRequestBody(const QByteArray &contentType, const QByteArray &body)
{
    const QByteArray type = contentType.split(';').value(0).trimmed().toLower();
    if (type == "application/json") {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
        return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
    }
    if (type != "application/x-www-form-urlencoded")
        return {};
    QJsonObject fields;
    for (const QByteArray &pair : body.split('&')) {
        if (pair.isEmpty())
            continue;
        const qsizetype eq = pair.indexOf('=');
        QByteArray name = eq < 0 ? pair : pair.left(eq);
        QByteArray value = eq < 0 ? QByteArray() : pair.mid(eq + 1);
        name.replace('+', ' ');
        value.replace('+', ' ');
        fields.insert(QUrl::fromPercentEncoding(name), QUrl::fromPercentEncoding(value));
    }
    return fields;
}

} // namespace Gatehouse
