#include "oidcprovider/jwks.h"

#include <QJsonArray>

namespace Gatehouse::OidcProvider {

QJsonObject jwks(const QList<SigningKey> &keys)
{
    // Built from each key's public JWK, which holds only public members by construction.
    QJsonArray list;
    for (const SigningKey &key : keys)
        list.append(key.publicJwk());
    return {{QStringLiteral("keys"), list}};
}

} // namespace Gatehouse::OidcProvider
