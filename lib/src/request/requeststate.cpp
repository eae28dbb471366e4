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

QString RequestState::pageUrl(const QString &page) const
{
    QString custom;
    if (page == QLatin1String("signin"))
        custom = config.pages.signIn;
    else if (page == QLatin1String("signout"))
        custom = config.pages.signOut;
    else if (page == QLatin1String("error"))
        custom = config.pages.error;
    else if (page == QLatin1String("verify-request"))
        custom = config.pages.verifyRequest;
    if (custom.isEmpty())
        return baseUrl + QLatin1Char('/') + page;
    return custom.startsWith(QLatin1Char('/')) ? origin.origin + custom : custom;
}

} // namespace Gatehouse
