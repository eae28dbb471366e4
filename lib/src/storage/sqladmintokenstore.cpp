// SqlAdapter's AdminTokenStore: the admin API's hashed tokens (gatehouse_admin_tokens). Every
// read goes to the database: a token revoked by another server is refused at once.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

namespace {

const QString kAdminTokenColumns = QStringLiteral("name, \"tokenHash\", scopes, \"createdAt\", \"expiresAt\", \"lastUsedAt\", "
                                        "\"revokedAt\", \"createdBy\"");

// Scopes are stored space-separated, as OAuth writes them; a scope has no space (adminapi/).
AdminTokenRecord readAdminToken(const SqlQuery &q)
{
    AdminTokenRecord r;
    r.name = q.text(0);
    r.tokenHash = q.text(1);
    r.scopes = q.text(2).split(u' ', Qt::SkipEmptyParts);
    r.createdAt = q.time(3);
    r.expiresAt = q.time(4);
    r.lastUsedAt = q.optionalTime(5);
    r.revokedAt = q.optionalTime(6);
    r.createdBy = q.text(7);
    return r;
}

} // namespace

QFuture<void> SqlAdapter::createAdminToken(const AdminTokenRecord &record)
{
    const QString method = QStringLiteral("createAdminToken");
    return d->run(method, [record, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_admin_tokens (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").arg(kAdminTokenColumns),
                   method);
        q.bind(record.name)
            .bind(record.tokenHash)
            .bind(record.scopes.join(u' '))
            .bind(record.createdAt.isValid() ? record.createdAt : QDateTime::currentDateTimeUtc())
            .bind(record.expiresAt)
            .bind(record.lastUsedAt)
            .bind(record.revokedAt)
            .bind(record.createdBy)
            .exec(QStringLiteral("the token name or hash is taken"));
    });
}

QFuture<std::optional<AdminTokenRecord>> SqlAdapter::adminTokenByHash(const QString &tokenHash)
{
    const QString method = QStringLiteral("adminTokenByHash");
    return d->run(method, [tokenHash, method](SqlConnection &c) -> std::optional<AdminTokenRecord> {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_admin_tokens WHERE \"tokenHash\" = ?").arg(kAdminTokenColumns), method);
        q.bind(tokenHash);
        return q.execFirst() ? std::optional(readAdminToken(q)) : std::nullopt;
    });
}

QFuture<QList<AdminTokenRecord>> SqlAdapter::adminTokens()
{
    const QString method = QStringLiteral("adminTokens");
    return d->run(method, [method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_admin_tokens ORDER BY name").arg(kAdminTokenColumns), method);
        q.exec();
        QList<AdminTokenRecord> tokens;
        while (q.next())
            tokens.append(readAdminToken(q));
        return tokens;
    });
}

QFuture<bool> SqlAdapter::revokeAdminToken(const QString &name, const QDateTime &when)
{
    const QString method = QStringLiteral("revokeAdminToken");
    return d->run(method, [name, when, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_admin_tokens SET \"revokedAt\" = ? WHERE name = ? AND \"revokedAt\" IS NULL"),
                   method);
        return q.bind(when).bind(name).exec().rowsAffected() > 0;
    });
}

QFuture<void> SqlAdapter::touchAdminToken(const QString &tokenHash, const QDateTime &when)
{
    const QString method = QStringLiteral("touchAdminToken");
    return d->run(method, [tokenHash, when, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("UPDATE gatehouse_admin_tokens SET \"lastUsedAt\" = ? WHERE \"tokenHash\" = ?"), method);
        q.bind(when).bind(tokenHash).exec();
    });
}

} // namespace Gatehouse
