#include "adminapi/apierror.h"

namespace Gatehouse::AdminApiDetail {

AuthResponse ApiError::response() const
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("error"), error);
    body.insert(QStringLiteral("message"), message);
    if (!field.isEmpty())
        body.insert(QStringLiteral("field"), field);
    AuthResponse r = jsonResponse(body, status);
    if (status == 401)
        r.setHeader(QByteArrayLiteral("WWW-Authenticate"), QByteArrayLiteral("Bearer realm=\"gatehouse-admin\""));
    return r;
}

AuthResponse jsonResponse(const QJsonObject &body, int status)
{
    AuthResponse r = AuthResponse::json(body, status);
    r.setHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    r.setHeader(QByteArrayLiteral("X-Content-Type-Options"), QByteArrayLiteral("nosniff"));
    return r;
}

} // namespace Gatehouse::AdminApiDetail
