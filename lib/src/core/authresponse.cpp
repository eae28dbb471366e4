#include <gatehouse/authresponse.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonDocument>

namespace Gatehouse {

void AuthResponse::setHeader(const QByteArray &name, const QByteArray &value)
{
    for (auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0) {
            h.second = value;
            return;
        }
    }
    headers.append({name, value});
}

QByteArray AuthResponse::header(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (QByteArrayView(h.first).compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

AuthResponse AuthResponse::json(const QJsonValue &value, int status)
{
    AuthResponse r;
    r.status = status;
    r.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json")});
    // QJsonDocument cannot hold a bare scalar; serialise scalars by wrapping them in an array.
    if (value.isObject()) {
        r.body = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    } else if (value.isArray()) {
        r.body = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    } else {
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        r.body = wrapped.mid(1, wrapped.size() - 2);
    }
    return r;
}

AuthResponse AuthResponse::redirect(const QUrl &location)
{
    AuthResponse r;
    r.status = 302;
    r.headers.append({QByteArrayLiteral("location"), location.toEncoded()});
    return r;
}

AuthResponse AuthResponse::html(const QByteArray &page, int status)
{
    AuthResponse r;
    r.status = status;
    r.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("text/html")});
    r.body = page;
    return r;
}

} // namespace Gatehouse
