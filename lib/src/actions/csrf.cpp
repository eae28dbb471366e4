#include "actions/actions.h"

#include "core/jsonwriter.h"

#include <QJsonObject>

namespace Gatehouse::Actions {

AuthResponse csrf(const RequestState &state)
{
    if (state.config.skipCSRFCheck)
        return AuthResponse::json(QJsonValue::Null, 404);
    // {"csrfToken":"..."} written directly.
    QByteArray body = QByteArrayLiteral("{\"csrfToken\":");
    appendJsonString(body, state.csrf.token);
    body += '}';
    AuthResponse response;
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json")});
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("private, no-cache, no-store")});
    response.body = std::move(body);
    return state.withCookies(response);
}

} // namespace Gatehouse::Actions
