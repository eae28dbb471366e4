#include "actions/actions.h"

#include "core/jsonwriter.h"

#include <QJsonObject>

namespace Gatehouse::Actions {

AuthResponse providers(const RequestState &state)
{
    QJsonObject list;
    for (const Provider &p : state.config.providers) {
        list.insert(p.id, QJsonObject{
            {QStringLiteral("id"), p.id},
            {QStringLiteral("name"), p.name},
            {QStringLiteral("type"), p.type},
            {QStringLiteral("signinUrl"), state.baseUrl + QStringLiteral("/signin/") + p.id},
            {QStringLiteral("callbackUrl"), state.baseUrl + QStringLiteral("/callback/") + p.id},
        });
    }
    // Keep the configuration's provider order, and Auth.js's field order.
    QStringList order;
    for (const Provider &p : state.config.providers)
        order.append(p.id);
    order << QStringLiteral("id") << QStringLiteral("name") << QStringLiteral("type")
          << QStringLiteral("signinUrl") << QStringLiteral("callbackUrl");
    AuthResponse response;
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json")});
    response.body = toOrderedJson(list, order);
    return response;
}

} // namespace Gatehouse::Actions
