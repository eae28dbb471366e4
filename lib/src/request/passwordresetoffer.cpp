#include "request/passwordresetoffer.h"

#include "core/mailprovider.h"

namespace Gatehouse {

std::optional<PasswordResetOffer> passwordResetOffer(const Config &config, bool hasStore)
{
    if (!config.account.passwordReset.enabled || !config.adapter || !hasStore)
        return std::nullopt;
    PasswordResetOffer offer;
    for (const Provider &p : config.providers) {
        if (!offer.passwords && p.type == u"credentials" && p.option(QStringLiteral("authorize")).toString() == u"builtin")
            offer.passwords = &p;
    }
    offer.mail = smtpMailProvider(config.providers);
    if (!offer.passwords || !offer.mail)
        return std::nullopt;
    return offer;
}

} // namespace Gatehouse
