#include "actions/actions.h"

#include <QJsonObject>

namespace Gatehouse::Actions {

AuthResponse csrf(const RequestState &state)
{
    if (state.config.skipCSRFCheck)
        return AuthResponse::json(QJsonValue::Null, 404);
    AuthResponse response = AuthResponse::json(QJsonObject{{QStringLiteral("csrfToken"), state.csrf.token}});
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("private, no-cache, no-store")});
    return state.withCookies(response);
}

} // namespace Gatehouse::Actions
