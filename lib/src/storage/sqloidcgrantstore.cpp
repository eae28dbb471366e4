// SqlAdapter's OidcGrantStore: the OpenID Provider's grants (gatehouse_oidc_grants) and their
// refresh tokens, by hash (gatehouse_oidc_refresh_tokens). A redemption is one transaction: the
// update that spends the token only where it is unspent decides, by its affected-row count, which
// of concurrent callers wins, on every database.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

namespace {

using Redemption = OidcRefreshRedemption;

const QString grantColumns = QStringLiteral("g.\"grantId\", g.\"clientId\", g.\"userId\", g.\"storedUser\", g.scope, "
                                            "g.\"authTime\", g.amr, g.claims, g.\"expiresAt\"");
constexpr int grantColumnCount = 9;

OidcGrant grantFrom(const SqlQuery &q)
{
    OidcGrant grant;
    grant.grantId = q.text(0);
    grant.clientId = q.text(1);
    grant.userId = q.text(2);
    grant.storedUser = q.value(3).toBool();
    grant.scope = q.text(4);
    grant.authTime = q.optionalTime(5).value_or(QDateTime());
    grant.amr = q.optionalText(6).value_or(QString()).split(u' ', Qt::SkipEmptyParts);
    grant.claims = q.optionalText(7).value_or(QString());
    grant.expiresAt = q.time(8);
    return grant;
}

// The read's statement ends (its SqlQuery goes) before any write of the same call: on SQLite an
// open statement keeps its read snapshot (see sqloidccodestore.cpp).
std::optional<OidcRefreshTokenState> findToken(SqlConnection &c, const QString &tokenHash, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT %1, t.\"expiresAt\", t.spent FROM gatehouse_oidc_refresh_tokens t "
                                 "JOIN gatehouse_oidc_grants g ON g.\"grantId\" = t.\"grantId\" WHERE t.\"tokenHash\" = ?")
                      .arg(grantColumns),
               method);
    if (!q.bind(tokenHash).execFirst())
        return std::nullopt;
    return OidcRefreshTokenState{grantFrom(q), q.time(grantColumnCount), q.value(grantColumnCount + 1).toBool()};
}

bool removeGrant(SqlConnection &c, const QString &grantId, const QString &method)
{
    SqlQuery tokens(c, QStringLiteral("DELETE FROM gatehouse_oidc_refresh_tokens WHERE \"grantId\" = ?"), method);
    tokens.bind(grantId).exec();
    SqlQuery grant(c, QStringLiteral("DELETE FROM gatehouse_oidc_grants WHERE \"grantId\" = ?"), method);
    return grant.bind(grantId).exec().rowsAffected() > 0;
}

void insertToken(SqlConnection &c, const QString &grantId, const OidcRefreshToken &token, const QString &method,
                 bool spent = false)
{
    SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_oidc_refresh_tokens (\"tokenHash\", \"grantId\", spent, \"expiresAt\") "
                                 "VALUES (?, ?, ?, ?)"),
               method);
    q.bind(token.tokenHash).bind(grantId).bind(spent).bind(token.expiresAt).exec();
}

} // namespace

QFuture<void> SqlAdapter::addOidcGrant(const OidcGrant &grant, const OidcRefreshToken &token, const QString &codeHash)
{
    const QString method = QStringLiteral("addOidcGrant");
    return d->run(method, [grant, token, codeHash, method](SqlConnection &c) {
        SqlTransaction transaction(c, method);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        SqlQuery expiredTokens(c, QStringLiteral("DELETE FROM gatehouse_oidc_refresh_tokens WHERE \"grantId\" IN "
                                                 "(SELECT \"grantId\" FROM gatehouse_oidc_grants WHERE \"expiresAt\" < ?)"),
                               method);
        expiredTokens.bind(now).exec();
        SqlQuery expired(c, QStringLiteral("DELETE FROM gatehouse_oidc_grants WHERE \"expiresAt\" < ?"), method);
        expired.bind(now).exec();
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_oidc_grants (\"grantId\", \"clientId\", \"userId\", \"storedUser\", "
                                     "scope, \"authTime\", amr, claims, \"expiresAt\") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                   method);
        q.bind(grant.grantId)
            .bind(grant.clientId)
            .bind(grant.userId)
            .bind(grant.storedUser)
            .bind(grant.scope)
            .bind(grant.authTime)
            .bind(grant.amr.join(u' '))
            .bind(grant.claims)
            .bind(grant.expiresAt)
            .exec();
        insertToken(c, grant.grantId, token, method);
        // The redeemed code as a spent token of the grant: it goes when the grant goes.
        if (!codeHash.isEmpty())
            insertToken(c, grant.grantId, {codeHash, grant.expiresAt}, method, true);
        transaction.commit();
    });
}

QFuture<OidcRefreshRedemption> SqlAdapter::redeemOidcRefreshToken(const QString &tokenHash, const OidcRefreshToken &next)
{
    const QString method = QStringLiteral("redeemOidcRefreshToken");
    return d->run(method, [tokenHash, next, method](SqlConnection &c) -> Redemption {
        SqlTransaction transaction(c, method);
        const std::optional<OidcRefreshTokenState> found = findToken(c, tokenHash, method);
        if (!found)
            return {};
        Redemption result;
        result.grant = found->grant;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (found->spent) {
            result.outcome = Redemption::Outcome::Reused;
        } else if (found->expiresAt <= now || found->grant.expiresAt <= now) {
            result.outcome = Redemption::Outcome::Expired;
        } else {
            SqlQuery spend(c, QStringLiteral("UPDATE gatehouse_oidc_refresh_tokens SET spent = ? "
                                             "WHERE \"tokenHash\" = ? AND spent = ?"),
                           method);
            if (spend.bind(true).bind(tokenHash).bind(false).exec().rowsAffected() == 1) {
                OidcRefreshToken successor = next;
                successor.expiresAt = qMin(next.expiresAt, found->grant.expiresAt);
                insertToken(c, found->grant.grantId, successor, method);
                transaction.commit();
                result.outcome = Redemption::Outcome::Rotated;
                return result;
            }
            // Spent by a concurrent caller since the read: a second use like any other.
            result.outcome = Redemption::Outcome::Reused;
        }
        removeGrant(c, found->grant.grantId, method);
        transaction.commit();
        return result;
    });
}

QFuture<std::optional<OidcRefreshTokenState>> SqlAdapter::oidcRefreshToken(const QString &tokenHash)
{
    const QString method = QStringLiteral("oidcRefreshToken");
    return d->run(method, [tokenHash, method](SqlConnection &c) { return findToken(c, tokenHash, method); });
}

QFuture<bool> SqlAdapter::isOidcGrantActive(const QString &grantId)
{
    const QString method = QStringLiteral("isOidcGrantActive");
    return d->run(method, [grantId, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("SELECT 1 FROM gatehouse_oidc_grants WHERE \"grantId\" = ? AND \"expiresAt\" > ?"), method);
        return q.bind(grantId).bind(QDateTime::currentDateTimeUtc()).execFirst();
    });
}

QFuture<bool> SqlAdapter::revokeOidcGrant(const QString &grantId)
{
    const QString method = QStringLiteral("revokeOidcGrant");
    return d->run(method, [grantId, method](SqlConnection &c) {
        SqlTransaction transaction(c, method);
        const bool found = removeGrant(c, grantId, method);
        transaction.commit();
        return found;
    });
}

} // namespace Gatehouse
