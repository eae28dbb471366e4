#include "adminapi/apiinput.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

namespace Gatehouse::AdminApiDetail {

namespace {

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("a list");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

ApiError wrongType(const QString &key, const QString &expected, const QJsonValue &value)
{
    return ApiError::badRequest(key, QStringLiteral("%1 must be %2, not %3").arg(key, expected, typeName(value)));
}

bool isJson(const AuthRequest &request)
{
    const QByteArray type = request.header("content-type").split(';').constFirst().trimmed().toLower();
    return type == "application/json";
}

} // namespace

QJsonObject readObject(const AuthRequest &request, const QStringList &known)
{
    if (!isJson(request)) {
        throw ApiError{415, QStringLiteral("unsupported_media_type"),
                       QStringLiteral("send the body as Content-Type: application/json"), QStringLiteral("Content-Type"), {}};
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError) {
        throw ApiError{400, QStringLiteral("invalid_json"),
                       QStringLiteral("the body is not JSON: %1 at byte %2").arg(error.errorString()).arg(error.offset), {}, {}};
    }
    if (!document.isObject())
        throw ApiError{400, QStringLiteral("invalid_json"), QStringLiteral("the body must be a JSON object"), {}, {}};
    const QJsonObject object = document.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key())) {
            throw ApiError::badRequest(it.key(), QStringLiteral("unknown field %1; known: %2")
                                                     .arg(it.key(), known.join(QStringLiteral(", "))));
        }
    }
    return object;
}

void requireNoBody(const AuthRequest &request)
{
    const QByteArray body = request.body.trimmed();
    if (body.isEmpty())
        return;
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (document.isObject() && document.object().isEmpty())
        return;
    throw ApiError::badRequest({}, QStringLiteral("this operation takes no body"));
}

QMap<QString, QString> readQuery(const AuthRequest &request, const QStringList &known)
{
    QMap<QString, QString> values;
    const QUrlQuery query(request.url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!known.contains(key)) {
            throw ApiError::badRequest(key, known.isEmpty()
                                                ? QStringLiteral("this operation takes no query parameter")
                                                : QStringLiteral("unknown query parameter %1; known: %2")
                                                      .arg(key, known.join(QStringLiteral(", "))));
        }
        if (values.contains(key))
            throw ApiError::badRequest(key, QStringLiteral("%1 is given twice").arg(key));
        values.insert(key, value);
    }
    return values;
}

qint64 queryInteger(const QMap<QString, QString> &query, const QString &key, qint64 fallback, qint64 min, qint64 max)
{
    const auto it = query.constFind(key);
    if (it == query.cend())
        return fallback;
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,12}$"));
    const qint64 value = digits.match(*it).hasMatch() ? it->toLongLong() : -1;
    if (value < min || value > max)
        throw ApiError::badRequest(key, QStringLiteral("%1 must be an integer from %2 to %3").arg(key).arg(min).arg(max));
    return value;
}

bool queryFlag(const QMap<QString, QString> &query, const QString &key)
{
    const QString value = query.value(key, QStringLiteral("false"));
    if (value != QLatin1String("true") && value != QLatin1String("false"))
        throw ApiError::badRequest(key, QStringLiteral("%1 must be true or false").arg(key));
    return value == QLatin1String("true");
}

std::optional<QString> stringField(const QJsonObject &object, const QString &key, int maxLength)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isString())
        throw wrongType(key, QStringLiteral("a string"), value);
    const QString text = value.toString();
    if (text.size() > maxLength)
        throw ApiError::badRequest(key, QStringLiteral("%1 has more than %2 characters").arg(key).arg(maxLength));
    return text;
}

std::optional<std::optional<QString>> nullableStringField(const QJsonObject &object, const QString &key, int maxLength)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return std::nullopt;
    if (value.isNull())
        return std::optional<QString>();
    if (!value.isString())
        throw wrongType(key, QStringLiteral("a string or null"), value);
    return std::make_optional<std::optional<QString>>(stringField(object, key, maxLength));
}

std::optional<bool> booleanField(const QJsonObject &object, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isBool())
        throw wrongType(key, QStringLiteral("true or false"), value);
    return value.toBool();
}

QString normalisedEmail(const QString &text, const QString &field)
{
    static const QRegularExpression address(QStringLiteral("^[^@\\s]+@[^@\\s]+$"));
    const QString email = text.trimmed().toLower();
    if (email.size() > 255 || !address.match(email).hasMatch())
        throw ApiError::badRequest(field, QStringLiteral("%1 is not an email address").arg(field));
    return email;
}

} // namespace Gatehouse::AdminApiDetail
