#include "oidcprovider/sessionid.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"

namespace Gatehouse::OidcProvider {

namespace {

QString sessionId(const QStringList &secrets, const QByteArray &handle)
{
    if (secrets.isEmpty() || secrets.constFirst().isEmpty())
        return {};
    // A key of its own: the secret's other uses (JWE, CSRF) never see these inputs.
    const QByteArray key = Crypto::hkdfSha256(secrets.constFirst().toUtf8(), QByteArrayLiteral("gatehouse.oidc-sid"),
                                              QByteArrayLiteral("OpenID Provider session id"), 32);
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::hmacSha256(key, handle)));
}

} // namespace

QString databaseSessionId(const QStringList &secrets, const QString &sessionToken)
{
    if (sessionToken.isEmpty())
        return {};
    return sessionId(secrets, QByteArrayLiteral("database:") + sessionToken.toUtf8());
}

QString jwtSessionId(const QStringList &secrets, const QString &userId, const QDateTime &signInTime)
{
    if (userId.isEmpty() || !signInTime.isValid())
        return {};
    return sessionId(secrets, QByteArrayLiteral("jwt:") + QByteArray::number(signInTime.toSecsSinceEpoch()) + ':'
                                  + userId.toUtf8());
}

} // namespace Gatehouse::OidcProvider
