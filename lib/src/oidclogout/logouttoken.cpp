#include "oidclogout/logouttoken.h"

#include "crypto/base64url.h"
#include "crypto/random.h"
#include "oidcprovider/idtoken.h"

namespace Gatehouse::OidcLogout {

QJsonObject logoutTokenClaims(const QString &issuer, const LogoutSubject &subject, const QDateTime &now, const QString &jti)
{
    const qint64 iat = now.toSecsSinceEpoch();
    QJsonObject claims{
        {QStringLiteral("iss"), issuer},
        {QStringLiteral("aud"), subject.clientId},
        {QStringLiteral("iat"), iat},
        {QStringLiteral("exp"), iat + logoutTokenLifetimeSeconds},
        {QStringLiteral("jti"), jti},
        {QStringLiteral("events"), QJsonObject{{backchannelLogoutEvent, QJsonObject()}}},
    };
    if (!subject.userId.isEmpty())
        claims.insert(QStringLiteral("sub"), subject.userId);
    if (!subject.sid.isEmpty())
        claims.insert(QStringLiteral("sid"), subject.sid);
    return claims;
}

QString newLogoutTokenId()
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(16)));
}

QString signLogoutToken(const OidcProvider::SigningKey &key, const QJsonObject &claims)
{
    return OidcProvider::signJwt(key, QByteArrayLiteral("logout+jwt"), claims);
}

} // namespace Gatehouse::OidcLogout
