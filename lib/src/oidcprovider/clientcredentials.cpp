#include "oidcprovider/clientcredentials.h"

namespace Gatehouse::OidcProvider {

bool mayUseClientCredentials(const OidcClient &client)
{
    // Config refuses a public client with the grant; a library user's Config is held to it here too.
    return !client.isPublic && client.grantTypes.contains(clientCredentialsGrantType);
}

std::optional<ProtocolError> clientCredentialsScope(const OidcClient &client, const QString &requested, QString *scope)
{
    QStringList allowed = client.scopes;
    allowed.removeAll(QStringLiteral("openid"));
    allowed.removeAll(QStringLiteral("offline_access"));
    const QStringList asked = requested.split(u' ', Qt::SkipEmptyParts);
    if (asked.isEmpty()) {
        allowed.removeDuplicates();
        *scope = allowed.join(u' ');
        return std::nullopt;
    }
    QStringList result;
    for (const QString &one : asked) {
        if (!allowed.contains(one))
            return ProtocolError{ErrorCode::InvalidScope, QStringLiteral("scope %1 is not allowed for client_credentials").arg(one)};
        if (!result.contains(one))
            result.append(one);
    }
    *scope = result.join(u' ');
    return std::nullopt;
}

OidcAuthorizationCode clientCredentialsRecord(const OidcClient &client, const QString &scope)
{
    OidcAuthorizationCode record;
    record.clientId = client.clientId;
    record.userId = client.clientId;
    record.scope = scope;
    return record;
}

} // namespace Gatehouse::OidcProvider
