#include "adminapi/bearer.h"

#include "adminapi/logging.h"
#include "core/ratelimitkeys.h"
#include "crypto/compare.h"
#include "oidcprovider/idtoken.h"
#include "oidcprovider/refreshgrant.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/admintokens.h>
#include <gatehouse/serversettings.h>

#include <QJsonObject>

#include <algorithm>
#include <chrono>

namespace Gatehouse::AdminApiDetail {

namespace {

// A use is recorded at most this often per token: a script's every call need not write.
constexpr qint64 kLastUsedResolutionSeconds = 60;

ApiError invalidToken(const QString &message)
{
    return {401, QStringLiteral("invalid_token"), message, QStringLiteral("Authorization"), {}};
}

//! An \c adminApiDenied event, or a log line when it cannot be written.
void auditDenied(const Stores &stores, const QString &clientAddress, const QJsonObject &detail)
{
    if (!stores.audit)
        return;
    AuditEvent event;
    event.time = QDateTime::currentDateTimeUtc();
    event.type = QStringLiteral("adminApiDenied");
    event.clientAddress = clientAddress;
    event.detail = detail;
    try {
        stores.audit->appendAudit(event).waitForFinished();
    } catch (const AdapterError &error) {
        qCWarning(lcAdminApi).noquote() << "cannot record a refused request:" << error.message();
    }
}

//! An API token as `admin-token create` issued it: its record, or an ApiError.
AdminTokenRecord apiToken(const Stores &stores, const QString &token)
{
    const std::optional<QString> hash = AdminTokens::hashOf(token);
    std::optional<AdminTokenRecord> record;
    if (hash)
        record = stores.adminTokens->adminTokenByHash(*hash).result();
    if (!record || !Crypto::constantTimeEquals(record->tokenHash.toLatin1(), hash->toLatin1()))
        throw invalidToken(QStringLiteral("the token is not valid"));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (record->revokedAt)
        throw invalidToken(QStringLiteral("the token is revoked"));
    if (record->expiresAt <= now)
        throw invalidToken(QStringLiteral("the token has expired"));
    if (!record->lastUsedAt || record->lastUsedAt->secsTo(now) >= kLastUsedResolutionSeconds) {
        try {
            stores.adminTokens->touchAdminToken(*hash, now).waitForFinished();
        } catch (const AdapterError &error) {
            // The request is allowed already: a missed "last used" is no reason to refuse it.
            qCWarning(lcAdminApi).noquote() << "cannot record the use of the token" << record->name << ':' << error.message();
        }
    }
    return *record;
}

/*!
 * The person of an access token that this server's OpenID Provider issued to gatehouse-admin:
 * verified (signature by a published key, typ, issuer, expiry), of that client, its grant alive,
 * its user stored and enabled. Whether the person administers is decided after this.
 */
AdapterUser tokenPerson(const Stores &stores, const QString &token, const CallerCheck &check)
{
    if (!check.keys || !stores.groups)
        throw invalidToken(QStringLiteral("the token is not valid"));
    const std::shared_ptr<const OidcProvider::SigningKeySet> keys = check.keys->keys().result();
    QString problem;
    const std::optional<QJsonObject> claims =
        OidcProvider::verifyAccessToken(token, *keys, check.issuer, QDateTime::currentDateTimeUtc(), &problem);
    if (!claims)
        throw invalidToken(QStringLiteral("the token is not valid: %1").arg(problem));
    if (claims->value(QStringLiteral("client_id")).toString() != AdminSettings::clientId())
        throw invalidToken(QStringLiteral("the token was not issued to %1").arg(AdminSettings::clientId()));
    // A token of a refresh grant lives only as long as its grant: revocation and reuse end it.
    const QString grantId = claims->value(OidcProvider::grantIdClaim).toString();
    if (!grantId.isEmpty() && (!stores.oidcGrants || !stores.oidcGrants->isOidcGrantActive(grantId).result()))
        throw invalidToken(QStringLiteral("the token's grant was revoked"));
    const QString userId = claims->value(QStringLiteral("sub")).toString();
    const std::optional<AdapterUser> user = userId.isEmpty() ? std::nullopt : stores.adapter->getUser(userId).result();
    if (!user || (stores.userState && stores.userState->isUserDisabled(user->id).result()))
        throw invalidToken(QStringLiteral("the token's user is disabled or no longer exists"));
    return *user;
}

} // namespace

Caller authenticate(const Stores &stores, const AuthRequest &request, const CallerCheck &check)
{
    const QByteArray header = request.header("authorization");
    if (header.isEmpty())
        throw invalidToken(QStringLiteral("send Authorization: Bearer TOKEN (gatehouse-server admin-token create)"));
    if (!header.toLower().startsWith("bearer "))
        throw invalidToken(QStringLiteral("only Authorization: Bearer is accepted"));
    const QString token = QString::fromLatin1(header.mid(7).trimmed());

    // Counted before the check, so that concurrent guesses cannot slip past the limit; a valid
    // token takes its attempt back.
    const std::chrono::milliseconds window(check.limits.windowSeconds * 1000);
    const QString key = RateLimitKeys::adminApiAddress(check.clientAddress);
    const bool limited = check.limits.enabled && stores.rateLimits;
    if (limited && !stores.rateLimits->hitRateLimit(key, window, check.limits.maxFailuresPerAddress).result()) {
        ApiError error{429, QStringLiteral("rate_limited"),
                       QStringLiteral("too many failed token checks from this address; try again later"), {}, {}};
        throw error;
    }

    // An API token has no dots; an access token is a JWS (three parts).
    Caller caller;
    caller.clientAddress = check.clientAddress;
    caller.secrets = check.secrets;
    std::optional<AdapterUser> person;
    if (token.count(u'.') == 2) {
        person = tokenPerson(stores, token, check);
        caller.person = true;
        caller.name = person->email;
        caller.scopes = AdminTokens::knownScopes();
    } else {
        const AdminTokenRecord record = apiToken(stores, token);
        caller.name = record.name;
        caller.scopes = record.scopes;
    }

    if (limited) {
        try {
            stores.rateLimits->refundRateLimit(key, window).waitForFinished();
        } catch (const AdapterError &error) {
            qCDebug(lcAdminApi).noquote() << "refund of a token check not possible:" << error.message();
        }
    }
    if (person) {
        // Read on every request: taken out of the groups, refused at once.
        const QStringList groups = stores.groups->userGroups(person->id).result();
        const bool admin = std::any_of(groups.cbegin(), groups.cend(),
                                       [&check](const QString &group) { return check.adminGroups.contains(group); });
        if (!admin) {
            auditDenied(stores, check.clientAddress,
                        {{QStringLiteral("by"), caller.by()}, {QStringLiteral("reason"), QStringLiteral("notAdmin")}});
            throw ApiError{403, QStringLiteral("not_admin"),
                           QStringLiteral("%1 is in none of the groups of admin.groups").arg(caller.name), {}, {}};
        }
    }
    return caller;
}

void requireScope(const Stores &stores, const Caller &caller, const QString &scope, const QString &operation)
{
    if (caller.scopes.contains(scope))
        return;
    auditDenied(stores, caller.clientAddress,
                {{QStringLiteral("by"), caller.by()}, {QStringLiteral("scope"), scope}, {QStringLiteral("operation"), operation}});
    ApiError error{403, QStringLiteral("insufficient_scope"),
                   QStringLiteral("the token %1 lacks the scope %2").arg(caller.name, scope), {}, {}};
    error.extra.insert(QStringLiteral("scope"), scope);
    throw error;
}

} // namespace Gatehouse::AdminApiDetail
