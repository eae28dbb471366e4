#include "core/mailprovider.h"

#include <QJsonObject>

namespace Gatehouse {

const Provider *smtpMailProvider(const QList<Provider> &providers)
{
    for (const Provider &p : providers) {
        if (p.type != u"email")
            continue;
        const QJsonValue server = p.option(QStringLiteral("server"));
        if ((server.isString() && !server.toString().isEmpty()) || (server.isObject() && !server.toObject().isEmpty()))
            return &p;
    }
    return nullptr;
}

} // namespace Gatehouse
