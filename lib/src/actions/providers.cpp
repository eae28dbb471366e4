#include "actions/actions.h"

#include "core/jsonwriter.h"
#include "core/urls.h"

namespace Gatehouse::Actions {

namespace {

//! The fields of each provider in the list, in Auth.js's order.
const QStringList &fieldNames()
{
    static const QStringList names = {QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("type"),
                                      QStringLiteral("signinUrl"), QStringLiteral("callbackUrl")};
    return names;
}

QString fieldValue(const RequestState &state, const Provider &p, const QString &field)
{
    if (field == QLatin1String("id"))
        return p.id;
    if (field == QLatin1String("name"))
        return p.name;
    if (field == QLatin1String("type"))
        return p.type;
    if (field == QLatin1String("signinUrl"))
        return Urls::providerSignIn(state.baseUrl, p.id);
    return state.baseUrl + QStringLiteral("/callback/") + p.id;
}

} // namespace

AuthResponse providers(const RequestState &state)
{
    // {id: {id, name, type, signinUrl, callbackUrl}, ...} in the configuration's provider order
    // (ids are unique: the configuration check refuses a second provider with an id).
    QByteArray body;
    body.reserve(256 * state.config.providers.size() + 2);
    body += '{';
    for (const Provider &p : state.config.providers) {
        if (body.size() > 1)
            body += ',';
        appendJsonString(body, p.id);
        body += ":{";
        bool first = true;
        for (const QString &field : fieldNames()) {
            if (!first)
                body += ',';
            first = false;
            appendJsonString(body, field);
            body += ':';
            appendJsonString(body, fieldValue(state, p, field));
        }
        body += '}';
    }
    body += '}';

    AuthResponse response;
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json")});
    response.body = std::move(body);
    return response;
}

} // namespace Gatehouse::Actions
