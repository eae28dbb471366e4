#include <gatehouse/provider.h>

namespace Gatehouse {

QJsonValue Provider::option(const QString &key, const QJsonValue &fallback) const
{
    const auto it = options.constFind(key);
    return it == options.constEnd() ? fallback : *it;
}

QStringList Provider::types()
{
    return {QStringLiteral("oauth"), QStringLiteral("oidc"), QStringLiteral("email"), QStringLiteral("credentials"),
            QStringLiteral("webauthn")};
}

} // namespace Gatehouse
