#include "oidcprovider/refreshgrant.h"

#include "crypto/base64url.h"
#include "crypto/random.h"

namespace Gatehouse::OidcProvider {

namespace {

const QString offlineAccess = QStringLiteral("offline_access");

ProtocolError invalidGrant(const QString &description)
{
    return {ErrorCode::InvalidGrant, description};
}

} // namespace

bool offersRefreshToken(const OidcClient &client, const QStringList &scopes)
{
    return scopes.contains(offlineAccess) && client.grantTypes.contains(QStringLiteral("refresh_token"));
}

NewCode newRefreshToken()
{
    return newAuthorizationCode();  // the same shape: 256 random bits, base64url, found by SHA-256
}

QString refreshTokenHash(const QString &token)
{
    return codeHash(token);
}

QString redeemedCodeMark(const QString &code)
{
    // A refresh token is base64url, so it never has the prefix's dot.
    return codeHash(QStringLiteral("redeemed-code.") + code);
}

OidcGrant grantOf(const OidcAuthorizationCode &code, const QDateTime &now, qint64 lifetimeSeconds)
{
    OidcGrant grant;
    grant.grantId = QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(16)));
    grant.clientId = code.clientId;
    grant.userId = code.userId;
    grant.storedUser = code.storedUser;
    grant.scope = code.scope;
    grant.authTime = code.authTime;
    grant.amr = code.amr;
    grant.claims = code.claims;
    grant.expiresAt = now.addSecs(lifetimeSeconds);
    return grant;
}

std::optional<ProtocolError> checkRefresh(const OidcRefreshRedemption &redeemed, const OidcClient &client)
{
    using Outcome = OidcRefreshRedemption::Outcome;
    switch (redeemed.outcome) {
    case Outcome::Unknown:
        return invalidGrant(QStringLiteral("the refresh token is unknown, revoked or expired"));
    case Outcome::Reused:
        return invalidGrant(QStringLiteral("the refresh token was used before: its grant is revoked"));
    case Outcome::Expired:
        return invalidGrant(QStringLiteral("the refresh token has expired"));
    case Outcome::Rotated:
        break;
    }
    if (!redeemed.grant || redeemed.grant->clientId != client.clientId)
        return invalidGrant(QStringLiteral("the refresh token was not issued to this client"));
    return std::nullopt;
}

std::optional<ProtocolError> narrowScope(const QString &granted, const QString &requested, QString *scope)
{
    const QStringList grantedScopes = granted.split(u' ', Qt::SkipEmptyParts);
    const QStringList asked = requested.split(u' ', Qt::SkipEmptyParts);
    if (asked.isEmpty()) {
        *scope = granted;
        return std::nullopt;
    }
    QStringList result;
    for (const QString &one : asked) {
        if (!grantedScopes.contains(one))
            return ProtocolError{ErrorCode::InvalidScope, QStringLiteral("scope %1 was not granted").arg(one)};
        if (!result.contains(one))
            result.append(one);
    }
    *scope = result.join(u' ');
    return std::nullopt;
}

OidcAuthorizationCode refreshedRecord(const OidcGrant &grant, const QString &scope)
{
    OidcAuthorizationCode record;
    record.clientId = grant.clientId;
    record.userId = grant.userId;
    record.storedUser = grant.storedUser;
    record.scope = scope;
    record.authTime = grant.authTime;
    record.amr = grant.amr;
    record.claims = grant.claims;
    return record;
}

} // namespace Gatehouse::OidcProvider
