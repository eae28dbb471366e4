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

namespace {

AuthResponse withApiHeaders(AuthResponse r)
{
    r.setHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    r.setHeader(QByteArrayLiteral("X-Content-Type-Options"), QByteArrayLiteral("nosniff"));
    return r;
}

} // namespace

AuthResponse jsonResponse(const QJsonObject &body, int status)
{
    return withApiHeaders(AuthResponse::json(body, status));
}

AuthResponse apiResponse(const QByteArray &body, const QByteArray &contentType)
{
    AuthResponse r;
    r.body = body;
    r.setHeader(QByteArrayLiteral("Content-Type"), contentType);
    return withApiHeaders(std::move(r));
}

} // namespace Gatehouse::AdminApiDetail
