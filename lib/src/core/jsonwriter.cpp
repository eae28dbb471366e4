#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse {

namespace {

void writeScalar(QByteArray &out, const QJsonValue &value)
{
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    out += QByteArrayView(wrapped).sliced(1, wrapped.size() - 2);
}

void write(QByteArray &out, const QJsonValue &value, const QStringList &order)
{
    if (value.isArray()) {
        out += '[';
        bool first = true;
        for (const QJsonValue &item : value.toArray()) {
            if (!first)
                out += ',';
            first = false;
            write(out, item, order);
        }
        out += ']';
        return;
    }
    if (!value.isObject()) {
        writeScalar(out, value);
        return;
    }
    const QJsonObject object = value.toObject();
    QStringList keys;
    keys.reserve(object.size());
    for (const QString &key : order) {
        if (object.contains(key))
            keys.append(key);
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!order.contains(it.key()))
            keys.append(it.key());
    }
    out += '{';
    bool first = true;
    for (const QString &key : std::as_const(keys)) {
        if (!first)
            out += ',';
        first = false;
        writeScalar(out, key);
        out += ':';
        write(out, object.value(key), order);
    }
    out += '}';
}

} // namespace

QByteArray toOrderedJson(const QJsonValue &value, const QStringList &order)
{
    QByteArray out;
    out.reserve(256);
    write(out, value, order);
    return out;
}

} // namespace Gatehouse
