// SqlAdapter's OidcKeyStore: the OpenID Provider's sealed signing keys (gatehouse_oidc_keys).
// Adding is one insert that does nothing on a taken key, so servers starting together agree.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

QFuture<QList<OidcSigningKeyRecord>> SqlAdapter::oidcSigningKeys()
{
    const QString method = QStringLiteral("oidcSigningKeys");
    return d->run(method, [method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("SELECT kid, alg, generation, \"sealedKey\", \"createdAt\" FROM gatehouse_oidc_keys "
                                     "ORDER BY alg, generation"),
                   method);
        q.exec();
        QList<OidcSigningKeyRecord> keys;
        while (q.next())
            keys.append({q.text(0), q.text(1), q.integer(2), q.text(3), q.time(4)});
        return keys;
    });
}

QFuture<bool> SqlAdapter::addOidcSigningKey(const OidcSigningKeyRecord &key)
{
    const QString method = QStringLiteral("addOidcSigningKey");
    return d->run(method, [key, method](SqlConnection &c) {
        const QString columns = QStringLiteral("(kid, alg, generation, \"sealedKey\", \"createdAt\") VALUES (?, ?, ?, ?, ?)");
        const QString insert = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT IGNORE INTO gatehouse_oidc_keys ") + columns
            : QStringLiteral("INSERT INTO gatehouse_oidc_keys ") + columns + QStringLiteral(" ON CONFLICT DO NOTHING");
        SqlQuery q(c, insert, method);
        q.bind(key.kid)
            .bind(key.alg)
            .bind(key.generation)
            .bind(key.sealedKey)
            .bind(key.createdAt.isValid() ? key.createdAt : QDateTime::currentDateTimeUtc())
            .exec();
        return q.rowsAffected() == 1;
    });
}

QFuture<qint64> SqlAdapter::removeOidcSigningKeys(const QStringList &kids)
{
    const QString method = QStringLiteral("removeOidcSigningKeys");
    return d->run(method, [kids, method](SqlConnection &c) {
        qint64 removed = 0;
        SqlTransaction transaction(c, method);
        for (const QString &kid : kids) {
            SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_oidc_keys WHERE kid = ?"), method);
            q.bind(kid).exec();
            removed += q.rowsAffected();
        }
        transaction.commit();
        return removed;
    });
}

} // namespace Gatehouse
