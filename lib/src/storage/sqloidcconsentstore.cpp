// SqlAdapter's OidcConsentStore: consents (gatehouse_oidc_consents), one row per person and
// client. A grant is one transaction: the row is made if missing (concurrent first grants do not
// collide), read locked where the database can lock a row, and given the union of the scopes.
// Revoking removes the row and the client's grants of the person with their refresh tokens.
#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"

namespace Gatehouse {

namespace {

const QString consentColumns = QStringLiteral("\"userId\", \"clientId\", scopes, \"grantedAt\", \"updatedAt\"");

OidcConsent consentFrom(const SqlQuery &q)
{
    return {q.text(0), q.text(1), q.text(2).split(u' ', Qt::SkipEmptyParts), q.time(3), q.time(4)};
}

} // namespace

QFuture<OidcConsent> SqlAdapter::grantOidcConsent(const QString &userId, const QString &clientId, const QStringList &scopes,
                                                  const QDateTime &at)
{
    const QString method = QStringLiteral("grantOidcConsent");
    return d->run(method, [userId, clientId, scopes, at, method](SqlConnection &c) {
        SqlTransaction transaction(c, method);
        const QString insert = c.backend() == SqlBackend::MySQL
            ? QStringLiteral("INSERT IGNORE INTO gatehouse_oidc_consents (%1) VALUES (?, ?, '', ?, ?)")
            : QStringLiteral("INSERT INTO gatehouse_oidc_consents (%1) VALUES (?, ?, '', ?, ?) "
                             "ON CONFLICT (\"userId\", \"clientId\") DO NOTHING");
        SqlQuery add(c, insert.arg(consentColumns), method);
        add.bind(userId).bind(clientId).bind(at).bind(at).exec();
        OidcConsent consent;
        {
            const QString lock = c.backend() == SqlBackend::SQLite ? QString() : QStringLiteral(" FOR UPDATE");
            SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_oidc_consents WHERE \"userId\" = ? AND \"clientId\" = ?%2")
                              .arg(consentColumns, lock),
                       method);
            if (!q.bind(userId).bind(clientId).execFirst())
                throw AdapterError(AdapterError::Reason::Conflict, QStringLiteral("the consent was removed while it was granted"));
            consent = consentFrom(q);
        }
        QStringList granted = consent.scopes + scopes;
        granted.sort();
        granted.removeDuplicates();
        consent.scopes = granted;
        consent.updatedAt = at.toUTC();
        SqlQuery update(c, QStringLiteral("UPDATE gatehouse_oidc_consents SET scopes = ?, \"updatedAt\" = ? "
                                          "WHERE \"userId\" = ? AND \"clientId\" = ?"),
                        method);
        update.bind(granted.join(u' ')).bind(at).bind(userId).bind(clientId).exec();
        transaction.commit();
        return consent;
    });
}

QFuture<std::optional<OidcConsent>> SqlAdapter::oidcConsent(const QString &userId, const QString &clientId)
{
    const QString method = QStringLiteral("oidcConsent");
    return d->run(method, [userId, clientId, method](SqlConnection &c) -> std::optional<OidcConsent> {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_oidc_consents WHERE \"userId\" = ? AND \"clientId\" = ?")
                          .arg(consentColumns),
                   method);
        if (!q.bind(userId).bind(clientId).execFirst())
            return std::nullopt;
        return consentFrom(q);
    });
}

QFuture<QList<OidcConsent>> SqlAdapter::oidcConsentsOfUser(const QString &userId)
{
    const QString method = QStringLiteral("oidcConsentsOfUser");
    return d->run(method, [userId, method](SqlConnection &c) {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM gatehouse_oidc_consents WHERE \"userId\" = ? ORDER BY \"clientId\"")
                          .arg(consentColumns),
                   method);
        q.bind(userId).exec();
        QList<OidcConsent> found;
        while (q.next())
            found.append(consentFrom(q));
        return found;
    });
}

QFuture<bool> SqlAdapter::revokeOidcConsent(const QString &userId, const QString &clientId)
{
    const QString method = QStringLiteral("revokeOidcConsent");
    return d->run(method, [userId, clientId, method](SqlConnection &c) {
        SqlTransaction transaction(c, method);
        SqlQuery tokens(c, QStringLiteral("DELETE FROM gatehouse_oidc_refresh_tokens WHERE \"grantId\" IN "
                                          "(SELECT \"grantId\" FROM gatehouse_oidc_grants WHERE \"userId\" = ? AND \"clientId\" = ?)"),
                        method);
        tokens.bind(userId).bind(clientId).exec();
        SqlQuery grants(c, QStringLiteral("DELETE FROM gatehouse_oidc_grants WHERE \"userId\" = ? AND \"clientId\" = ?"), method);
        grants.bind(userId).bind(clientId).exec();
        SqlQuery consent(c, QStringLiteral("DELETE FROM gatehouse_oidc_consents WHERE \"userId\" = ? AND \"clientId\" = ?"),
                         method);
        const bool found = consent.bind(userId).bind(clientId).exec().rowsAffected() > 0;
        transaction.commit();
        return found;
    });
}

} // namespace Gatehouse
