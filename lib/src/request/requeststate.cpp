#include "request/requeststate.h"

#include <QJsonObject>

namespace Gatehouse {

QString RequestState::param(const QString &name) const
{
    const QJsonValue v = body.value(name);
    if (v.isString())
        return v.toString();
    return query.queryItemValue(name, QUrl::FullyDecoded);
}

AuthResponse RequestState::withCookies(AuthResponse response) const
{
    response.cookies = setCookies + response.cookies;
    return response;
}

AuthResponse RequestState::redirect(const QString &url) const
{
    if (returnRedirectAsJson) {
        AuthResponse r = AuthResponse::json(QJsonObject{{QStringLiteral("url"), url}});
        r.headers.prepend({QByteArrayLiteral("location"), url.toUtf8()});
        return r;
    }
    AuthResponse r;
    r.status = 302;
    r.headers.append({QByteArrayLiteral("location"), url.toUtf8()});
    return r;
}

} // namespace Gatehouse
