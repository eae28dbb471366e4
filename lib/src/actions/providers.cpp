#include "actions/actions.h"

#include "core/jsonwriter.h"

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
        return state.baseUrl + QStringLiteral("/signin/") + p.id;
    return state.baseUrl + QStringLiteral("/callback/") + p.id;
}

} // namespace

AuthResponse providers(const RequestState &state)
{
    // {id: {id, name, type, signinUrl, callbackUrl}, ...} in the configuration's provider order,
    // written directly. The text is what ordering a QJsonObject of QJsonObjects by the key list
    // "provider ids, then field names" gives, down to its quirks (a provider whose id is a field
    // name), without building the objects.
    QStringList order;
    for (const Provider &p : state.config.providers)
        order.append(p.id);
    order += fieldNames();
    const auto provider = [&state](const QString &id) -> const Provider * {
        const Provider *found = nullptr;  // the last of an id, as QJsonObject::insert keeps
        for (const Provider &p : state.config.providers) {
            if (p.id == id)
                found = &p;
        }
        return found;
    };

    QByteArray body;
    body.reserve(256 * state.config.providers.size() + 2);
    body += '{';
    for (const QString &key : std::as_const(order)) {
        const Provider *p = provider(key);
        if (!p)
            continue;
        if (body.size() > 1)
            body += ',';
        appendJsonString(body, key);
        body += ":{";
        bool first = true;
        for (const QString &field : std::as_const(order)) {
            if (!fieldNames().contains(field))
                continue;
            if (!first)
                body += ',';
            first = false;
            appendJsonString(body, field);
            body += ':';
            appendJsonString(body, fieldValue(state, *p, field));
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
