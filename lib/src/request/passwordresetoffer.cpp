#include "request/passwordresetoffer.h"

#include <QJsonObject>

namespace Gatehouse {

std::optional<PasswordResetOffer> passwordResetOffer(const Config &config, bool hasStore)
{
    if (!config.account.passwordReset.enabled || !config.adapter || !hasStore)
        return std::nullopt;
    PasswordResetOffer offer;
    for (const Provider &p : config.providers) {
        if (!offer.passwords && p.type == u"credentials" && p.option(QStringLiteral("authorize")).toString() == u"builtin")
            offer.passwords = &p;
        const QJsonValue server = p.option(QStringLiteral("server"));
        const bool hasServer = (server.isString() && !server.toString().isEmpty()) || (server.isObject() && !server.toObject().isEmpty());
        if (!offer.mail && p.type == u"email" && hasServer)
            offer.mail = &p;
    }
    if (!offer.passwords || !offer.mail)
        return std::nullopt;
    return offer;
}

} // namespace Gatehouse
