#include "builtinpasswords.h"

#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>

namespace Gatehouse {

void bindBuiltinPasswords(Config &config, const std::shared_ptr<Adapter> &adapter)
{
    for (Provider &provider : config.providers) {
        if (!provider.isCredentials()
            || provider.options.value(QStringLiteral("authorize")).toString() != QLatin1String("builtin"))
            continue;
        if (!adapter)
            throw InvalidConfiguration(QStringLiteral("provider %1: \"authorize\": \"builtin\" needs an adapter").arg(provider.id));
        const Provider builtin = passwordCredentialsProvider(adapter, provider.id, provider.name);
        provider.authorize = builtin.authorize;
        if (!provider.options.contains(QStringLiteral("credentials")))
            provider.options.insert(QStringLiteral("credentials"), builtin.options.value(QStringLiteral("credentials")));
    }
}

} // namespace Gatehouse
