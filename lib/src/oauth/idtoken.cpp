#include "oauth/idtoken.h"

#include "core/jsonnumber.h"

#include <gatehouse/errors.h>

#include <QJsonArray>

namespace Gatehouse::OAuth {

namespace {

[[noreturn]] void reject(const QString &why)
{
    throw CallbackRouteError(QStringLiteral("id_token rejected: ") + why);
}

qint64 timeClaim(const QJsonObject &claims, const char *name, bool required)
{
    const QJsonValue v = claims.value(QLatin1String(name));
    if (v.isUndefined() && !required)
        return -1;
    if (!v.isDouble())
        reject(QStringLiteral("\"%1\" is missing or not a number").arg(QLatin1String(name)));
    const std::optional<qint64> seconds = jsonSeconds(v);
    if (!seconds)
        reject(QStringLiteral("\"%1\" is out of range").arg(QLatin1String(name)));
    return *seconds;
}

} // namespace

void checkIdTokenClaims(const QJsonObject &claims, const IdTokenRules &rules)
{
    const QJsonValue iss = claims.value(QLatin1String("iss"));
    if (!iss.isString() || iss.toString() != rules.issuer)
        reject(QStringLiteral("\"iss\" is \"%1\", expected \"%2\"").arg(iss.toString(), rules.issuer));
    if (!claims.value(QLatin1String("sub")).isString() || claims.value(QLatin1String("sub")).toString().isEmpty())
        reject(QStringLiteral("\"sub\" is missing"));

    const QJsonValue aud = claims.value(QLatin1String("aud"));
    QStringList audiences;
    if (aud.isString()) {
        audiences.append(aud.toString());
    } else if (aud.isArray()) {
        for (const QJsonValue &a : aud.toArray())
            audiences.append(a.toString());
    }
    if (!audiences.contains(rules.clientId))
        reject(QStringLiteral("\"aud\" does not name client \"%1\"").arg(rules.clientId));
    const QJsonValue azp = claims.value(QLatin1String("azp"));
    if (!azp.isUndefined() && azp.toString() != rules.clientId)
        reject(QStringLiteral("\"azp\" is \"%1\", not client \"%2\"").arg(azp.toString(), rules.clientId));
    if (audiences.size() > 1 && azp.isUndefined())
        reject(QStringLiteral("several audiences but no \"azp\""));

    const qint64 exp = timeClaim(claims, "exp", true);
    if (exp + rules.clockTolerance <= rules.now)
        reject(QStringLiteral("expired (\"exp\" %1, now %2)").arg(exp).arg(rules.now));
    const qint64 iat = timeClaim(claims, "iat", true);
    if (iat - rules.clockTolerance > rules.now)
        reject(QStringLiteral("issued in the future (\"iat\" %1, now %2)").arg(iat).arg(rules.now));
    const qint64 nbf = timeClaim(claims, "nbf", false);
    if (nbf >= 0 && nbf - rules.clockTolerance > rules.now)
        reject(QStringLiteral("not valid yet (\"nbf\" %1, now %2)").arg(nbf).arg(rules.now));

    const QJsonValue nonce = claims.value(QLatin1String("nonce"));
    if (rules.nonce) {
        if (!nonce.isString() || nonce.toString() != *rules.nonce)
            throw InvalidCheck(QStringLiteral("the id_token's nonce does not match the nonce cookie"));
    } else if (!nonce.isUndefined()) {
        throw InvalidCheck(QStringLiteral("the id_token has a nonce but none was sent"));
    }
}

} // namespace Gatehouse::OAuth
