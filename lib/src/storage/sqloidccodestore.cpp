// SqlAdapter's OidcCodeStore: the OpenID Provider's authorization codes (gatehouse_oidc_codes).
// Taking a code is a read and a delete; only the caller whose delete removed the row gets it,
// so of two redeeming the same code at once exactly one wins, on every database.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

QFuture<void> SqlAdapter::addOidcCode(const OidcAuthorizationCode &code)
{
    const QString method = QStringLiteral("addOidcCode");
    return d->run(method, [code, method](SqlConnection &c) {
        SqlQuery expired(c, QStringLiteral("DELETE FROM gatehouse_oidc_codes WHERE \"expiresAt\" < ?"), method);
        expired.bind(QDateTime::currentDateTimeUtc()).exec();
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_oidc_codes (\"codeHash\", \"clientId\", \"redirectUri\", "
                                     "\"codeChallenge\", nonce, scope, \"userId\", \"authTime\", amr, claims, \"expiresAt\", "
                                     "\"storedUser\") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                   method);
        q.bind(code.codeHash)
            .bind(code.clientId)
            .bind(code.redirectUri)
            .bind(code.codeChallenge)
            .bind(code.nonce)
            .bind(code.scope)
            .bind(code.userId)
            .bind(code.authTime)
            .bind(code.amr.join(u' '))
            .bind(code.claims)
            .bind(code.expiresAt)
            .bind(code.storedUser)
            .exec();
    });
}

namespace {

// The read's statement ends before the delete: on SQLite a statement left open keeps its read
// snapshot, and a write on a snapshot another connection has since changed fails at once
// (SQLITE_BUSY_SNAPSHOT) instead of waiting in the busy timeout.
std::optional<OidcAuthorizationCode> findCode(SqlConnection &c, const QString &codeHash, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT \"clientId\", \"redirectUri\", \"codeChallenge\", nonce, scope, \"userId\", "
                                 "\"authTime\", amr, claims, \"expiresAt\", \"storedUser\" FROM gatehouse_oidc_codes WHERE \"codeHash\" = ?"),
               method);
    if (!q.bind(codeHash).execFirst())
        return std::nullopt;
    OidcAuthorizationCode code;
    code.codeHash = codeHash;
    code.clientId = q.text(0);
    code.redirectUri = q.text(1);
    code.codeChallenge = q.optionalText(2).value_or(QString());
    code.nonce = q.optionalText(3).value_or(QString());
    code.scope = q.text(4);
    code.userId = q.text(5);
    code.authTime = q.optionalTime(6).value_or(QDateTime());
    code.amr = q.optionalText(7).value_or(QString()).split(u' ', Qt::SkipEmptyParts);
    code.claims = q.optionalText(8).value_or(QString());
    code.expiresAt = q.time(9);
    code.storedUser = q.value(10).toBool();
    return code;
}

} // namespace

QFuture<std::optional<OidcAuthorizationCode>> SqlAdapter::takeOidcCode(const QString &codeHash)
{
    const QString method = QStringLiteral("takeOidcCode");
    return d->run(method, [codeHash, method](SqlConnection &c) -> std::optional<OidcAuthorizationCode> {
        const std::optional<OidcAuthorizationCode> code = findCode(c, codeHash, method);
        if (!code)
            return std::nullopt;
        SqlQuery remove(c, QStringLiteral("DELETE FROM gatehouse_oidc_codes WHERE \"codeHash\" = ?"), method);
        if (remove.bind(codeHash).exec().rowsAffected() != 1)
            return std::nullopt;  // another caller took it between the read and the delete
        return code;
    });
}

} // namespace Gatehouse
