#include "jose/claimsjson.h"

#include "core/decimal.h"
#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Gatehouse::Jose {

namespace {

void appendValue(QByteArray &out, const QJsonValue &value);

void appendMembers(QByteArray &out, const QJsonObject &object)
{
    bool first = true;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!first)
            out += ',';
        first = false;
        appendJsonString(out, it.key());
        out += ':';
        appendValue(out, it.value());
    }
}

void appendValue(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        break;
    case QJsonValue::Double: {
        // Qt prints integers and doubles differently and the value does not say which it holds:
        // Qt itself writes it (numbers other than iat and exp are rare in a token).
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        out.append(wrapped.constData() + 1, wrapped.size() - 2);
        break;
    }
    case QJsonValue::String:
        appendJsonString(out, value.toString());
        break;
    case QJsonValue::Array: {
        out += '[';
        bool first = true;
        for (const QJsonValue &item : value.toArray()) {
            if (!first)
                out += ',';
            first = false;
            appendValue(out, item);
        }
        out += ']';
        break;
    }
    case QJsonValue::Object:
        out += '{';
        appendMembers(out, value.toObject());
        out += '}';
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out += "null";
        break;
    }
}

} // namespace

QByteArray claimsJson(const QJsonObject &claims, const IssuedClaims &issued)
{
    // The issued claims go where inserting them puts them: QJsonObject keeps its keys sorted
    // (UTF-16 order), and these three are in that order.
    static constexpr const char *issuedNames[] = {"exp", "iat", "jti"};
    QByteArray json;
    json.reserve(256);
    json += '{';
    const auto separate = [&json] {
        if (json.size() > 1)
            json += ',';
    };
    int next = 0;  // the next issued claim to write
    const auto writeIssued = [&] {
        separate();
        json += '"';
        json += issuedNames[next];
        json += "\":";
        if (next == 0)
            appendDecimal(json, issued.exp);
        else if (next == 1)
            appendDecimal(json, issued.iat);
        else
            appendJsonString(json, issued.jti);
        ++next;
    };
    for (auto it = claims.begin(); it != claims.end(); ++it) {
        const QString key = it.key();
        while (next < 3 && key.compare(QLatin1String(issuedNames[next])) > 0)
            writeIssued();
        if (next < 3 && key == QLatin1String(issuedNames[next])) {
            writeIssued();  // replaces the claim of that name
            continue;
        }
        separate();
        appendJsonString(json, key);
        json += ':';
        appendValue(json, it.value());
    }
    while (next < 3)
        writeIssued();
    json += '}';
    return json;
}

} // namespace Gatehouse::Jose
