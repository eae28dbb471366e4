#include "adminapi/bearer.h"

#include "adminapi/logging.h"
#include "core/ratelimitkeys.h"
#include "crypto/compare.h"

#include <gatehouse/adaptererror.h>
#include <gatehouse/admintokens.h>

#include <QJsonObject>

#include <chrono>

namespace Gatehouse::AdminApiDetail {

namespace {

// A use is recorded at most this often per token: a script's every call need not write.
constexpr qint64 kLastUsedResolutionSeconds = 60;

ApiError invalidToken(const QString &message)
{
    return {401, QStringLiteral("invalid_token"), message, QStringLiteral("Authorization"), {}};
}

} // namespace

Caller authenticate(const Stores &stores, const AuthRequest &request, const QString &clientAddress,
                    const RateLimitOptions &limits)
{
    const QByteArray header = request.header("authorization");
    if (header.isEmpty())
        throw invalidToken(QStringLiteral("send Authorization: Bearer TOKEN (gatehouse-server admin-token create)"));
    if (!header.toLower().startsWith("bearer "))
        throw invalidToken(QStringLiteral("only Authorization: Bearer is accepted"));
    const QString token = QString::fromLatin1(header.mid(7).trimmed());

    // Counted before the check, so that concurrent guesses cannot slip past the limit; a valid
    // token takes its attempt back.
    const std::chrono::milliseconds window(limits.windowSeconds * 1000);
    const QString key = RateLimitKeys::adminApiAddress(clientAddress);
    const bool limited = limits.enabled && stores.rateLimits;
    if (limited && !stores.rateLimits->hitRateLimit(key, window, limits.maxFailuresPerAddress).result()) {
        ApiError error{429, QStringLiteral("rate_limited"),
                       QStringLiteral("too many failed token checks from this address; try again later"), {}, {}};
        throw error;
    }

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

    if (limited) {
        try {
            stores.rateLimits->refundRateLimit(key, window).waitForFinished();
        } catch (const AdapterError &error) {
            qCDebug(lcAdminApi).noquote() << "refund of a token check not possible:" << error.message();
        }
    }
    if (!record->lastUsedAt || record->lastUsedAt->secsTo(now) >= kLastUsedResolutionSeconds) {
        try {
            stores.adminTokens->touchAdminToken(*hash, now).waitForFinished();
        } catch (const AdapterError &error) {
            // The request is allowed already: a missed "last used" is no reason to refuse it.
            qCWarning(lcAdminApi).noquote() << "cannot record the use of the token" << record->name << ':' << error.message();
        }
    }
    return {*record, clientAddress};
}

void requireScope(const Stores &stores, const Caller &caller, const QString &scope, const QString &operation)
{
    if (caller.token.scopes.contains(scope))
        return;
    if (stores.audit) {
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = QStringLiteral("adminApiDenied");
        event.clientAddress = caller.clientAddress;
        event.detail = {{QStringLiteral("by"), caller.by()},
                        {QStringLiteral("scope"), scope},
                        {QStringLiteral("operation"), operation}};
        try {
            stores.audit->appendAudit(event).waitForFinished();
        } catch (const AdapterError &error) {
            qCWarning(lcAdminApi).noquote() << "cannot record a refused operation:" << error.message();
        }
    }
    ApiError error{403, QStringLiteral("insufficient_scope"),
                   QStringLiteral("the token %1 lacks the scope %2").arg(caller.token.name, scope), {}, {}};
    error.extra.insert(QStringLiteral("scope"), scope);
    throw error;
}

} // namespace Gatehouse::AdminApiDetail
