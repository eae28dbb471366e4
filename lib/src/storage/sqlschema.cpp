#include "storage/sqlschema.h"

#include "storage/logging.h"

#include <gatehouse/adaptererror.h>

#include <QSet>

#include <functional>
#include <optional>

namespace Gatehouse::SqlSchema {

namespace {

const QString method = QStringLiteral("migrate");

//! Column types that differ between the backends; the table and column names never do.
struct Types
{
    QString serial;          //!< integer primary key the database assigns
    QString bigSerial;
    QString timestamp;       //!< SQLite: ISO 8601 text in UTC
    QString keyText;         //!< text in a unique key (MariaDB cannot index TEXT)
    QString credentialText;  //!< WebAuthn credential IDs: up to 1023 bytes, base64url
    QString tableOptions;
};

Types typesFor(SqlBackend backend)
{
    switch (backend) {
    case SqlBackend::SQLite:
        return {QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT"), QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT"),
                QStringLiteral("TEXT"), QStringLiteral("TEXT"), QStringLiteral("TEXT"), {}};
    case SqlBackend::PostgreSQL:
        return {QStringLiteral("SERIAL PRIMARY KEY"), QStringLiteral("BIGSERIAL PRIMARY KEY"),
                QStringLiteral("TIMESTAMPTZ"), QStringLiteral("TEXT"), QStringLiteral("TEXT"), {}};
    case SqlBackend::MySQL:
        return {QStringLiteral("INTEGER NOT NULL AUTO_INCREMENT PRIMARY KEY"),
                QStringLiteral("BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY"), QStringLiteral("DATETIME(3)"),
                QStringLiteral("VARCHAR(255)"), QStringLiteral("VARCHAR(1400) CHARACTER SET ascii COLLATE ascii_bin"),
                QStringLiteral(" ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin")};
    }
    return {};
}

struct Table
{
    QString name;
    QString columns;         //!< between the parentheses of CREATE TABLE
};

struct Index
{
    QString name;
    QString definition;      //!< after CREATE [UNIQUE] INDEX name
    bool unique = false;
};

//! Creates the tables that do not exist; says which were created and which were kept.
QString createTables(SqlConnection &c, const Types &types, const QList<Table> &tables)
{
    QStringList created;
    QStringList kept;
    for (const Table &table : tables) {
        if (c.tableExists(table.name, method)) {
            kept.append(table.name);
            continue;
        }
        c.execute(QStringLiteral("CREATE TABLE %1 (%2)%3").arg(table.name, table.columns, types.tableOptions), method);
        created.append(table.name);
    }
    QStringList parts;
    if (!created.isEmpty())
        parts.append(QStringLiteral("created ") + created.join(QStringLiteral(", ")));
    if (!kept.isEmpty())
        parts.append(QStringLiteral("kept existing ") + kept.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral("; "));
}

QString createIndexes(SqlConnection &c, const QList<Index> &indexes)
{
    QStringList created;
    for (const Index &index : indexes) {
        if (c.indexExists(index.name, method))
            continue;
        c.execute(QStringLiteral("CREATE %1INDEX %2 ON %3")
                      .arg(index.unique ? QStringLiteral("UNIQUE ") : QString(), index.name, index.definition),
                  method);
        created.append(index.name);
    }
    return created.isEmpty() ? QStringLiteral("all present")
                             : QStringLiteral("created ") + created.join(QStringLiteral(", "));
}

QString authJsTables(SqlConnection &c, const Types &t)
{
    const QString userKey = QStringLiteral("FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE");
    return createTables(
        c, t,
        {
            {QStringLiteral("users"),
             QStringLiteral("id %1, name VARCHAR(255), email VARCHAR(255), \"emailVerified\" %2, image TEXT")
                 .arg(t.serial, t.timestamp)},
            {QStringLiteral("accounts"),
             QStringLiteral("id %1, \"userId\" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, "
                            "provider VARCHAR(255) NOT NULL, \"providerAccountId\" VARCHAR(255) NOT NULL, "
                            "refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT, scope TEXT, "
                            "session_state TEXT, token_type TEXT, %2")
                 .arg(t.serial, userKey)},
            {QStringLiteral("sessions"),
             QStringLiteral("id %1, \"userId\" INTEGER NOT NULL, expires %2 NOT NULL, "
                            "\"sessionToken\" VARCHAR(255) NOT NULL, %3")
                 .arg(t.serial, t.timestamp, userKey)},
            {QStringLiteral("verification_token"),
             QStringLiteral("identifier %1 NOT NULL, expires %2 NOT NULL, token %1 NOT NULL, "
                            "PRIMARY KEY (identifier, token)")
                 .arg(t.keyText, t.timestamp)},
        });
}

QString authJsIndexes(SqlConnection &c, const Types &)
{
    return createIndexes(c, {
                                {QStringLiteral("users_email_key"), QStringLiteral("users (email)"), true},
                                {QStringLiteral("accounts_provider_key"),
                                 QStringLiteral("accounts (provider, \"providerAccountId\")"), true},
                                {QStringLiteral("accounts_user_idx"), QStringLiteral("accounts (\"userId\")")},
                                {QStringLiteral("sessions_token_key"), QStringLiteral("sessions (\"sessionToken\")"), true},
                                {QStringLiteral("sessions_user_idx"), QStringLiteral("sessions (\"userId\")")},
                                {QStringLiteral("sessions_expires_idx"), QStringLiteral("sessions (expires)")},
                                {QStringLiteral("verification_token_token_key"),
                                 QStringLiteral("verification_token (token)"), true},
                            });
}

QString authenticatorsTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("authenticators"),
          QStringLiteral("\"credentialID\" %1 NOT NULL PRIMARY KEY, \"userId\" INTEGER NOT NULL, "
                         "\"providerAccountId\" VARCHAR(255) NOT NULL, \"credentialPublicKey\" TEXT NOT NULL, "
                         "counter BIGINT NOT NULL, \"credentialDeviceType\" VARCHAR(32) NOT NULL, "
                         "\"credentialBackedUp\" BOOLEAN NOT NULL, transports VARCHAR(255), "
                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
              .arg(t.credentialText)}});
    createIndexes(c, {{QStringLiteral("authenticators_user_idx"), QStringLiteral("authenticators (\"userId\")")}});
    return detail;
}

QString gatehouseTables(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {
            {QStringLiteral("gatehouse_passwords"),
             QStringLiteral("\"userId\" INTEGER NOT NULL PRIMARY KEY, hash TEXT NOT NULL, disabled BOOLEAN NOT NULL, "
                            "\"createdAt\" %1 NOT NULL, \"updatedAt\" %1 NOT NULL, "
                            "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
                 .arg(t.timestamp)},
            {QStringLiteral("gatehouse_audit"),
             QStringLiteral("id %1, \"time\" %2 NOT NULL, \"type\" VARCHAR(64) NOT NULL, \"userId\" VARCHAR(255), "
                            "provider VARCHAR(255), \"clientAddress\" VARCHAR(64), detail TEXT")
                 .arg(t.bigSerial, t.timestamp)},
            {QStringLiteral("gatehouse_rate_limit"),
             QStringLiteral("\"key\" VARCHAR(255) NOT NULL PRIMARY KEY, \"windowStart\" BIGINT NOT NULL, "
                            "\"count\" BIGINT NOT NULL, \"previousCount\" BIGINT NOT NULL")},
            {QStringLiteral("gatehouse_account_extra"),
             QStringLiteral("\"accountId\" INTEGER NOT NULL PRIMARY KEY, data TEXT NOT NULL, "
                            "FOREIGN KEY (\"accountId\") REFERENCES accounts (id) ON DELETE CASCADE")},
        });
    createIndexes(c, {
                         {QStringLiteral("gatehouse_audit_time_idx"), QStringLiteral("gatehouse_audit (\"time\")")},
                         {QStringLiteral("gatehouse_audit_user_idx"), QStringLiteral("gatehouse_audit (\"userId\")")},
                     });
    return detail;
}

//! Keys for the admin app's sorted, searched and aggregated listings over millions of rows.
QString listingIndexes(SqlConnection &c, const Types &)
{
    return createIndexes(c, {
                                {QStringLiteral("users_name_id_idx"), QStringLiteral("users (name, id)")},
                                {QStringLiteral("users_email_id_idx"), QStringLiteral("users (email, id)")},
                                {QStringLiteral("users_verified_id_idx"), QStringLiteral("users (\"emailVerified\", id)")},
                                {QStringLiteral("gatehouse_audit_type_time_idx"),
                                 QStringLiteral("gatehouse_audit (\"type\", \"time\")")},
                            });
}

/*!
 * Whether a user may sign in at all, whatever the provider (UserStateStore::setUserDisabled).
 * Before this step, disabling a user disabled only its built-in password: those users become
 * disabled users, and their passwords plain ones again (enabling the user enables both).
 * Every statement can run again (MariaDB commits DDL by itself).
 */
QString userStateTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_user_state"),
          QStringLiteral("\"userId\" INTEGER NOT NULL PRIMARY KEY, disabled BOOLEAN NOT NULL, \"updatedAt\" %1 NOT NULL, "
                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
              .arg(t.timestamp)}});
    qint64 moved = 0;
    {
        SqlQuery q(c,
                   QStringLiteral("INSERT INTO gatehouse_user_state (\"userId\", disabled, \"updatedAt\") "
                                  "SELECT p.\"userId\", p.disabled, p.\"updatedAt\" FROM gatehouse_passwords p "
                                  "WHERE p.disabled = ? AND NOT EXISTS "
                                  "(SELECT 1 FROM gatehouse_user_state s WHERE s.\"userId\" = p.\"userId\")"),
                   method);
        moved = q.bind(true).exec().rowsAffected();
    }
    {
        SqlQuery q(c,
                   QStringLiteral("UPDATE gatehouse_passwords SET disabled = ? WHERE disabled = ? AND \"userId\" IN "
                                  "(SELECT \"userId\" FROM gatehouse_user_state WHERE disabled = ?)"),
                   method);
        q.bind(false).bind(true).bind(true).exec();
    }
    if (moved > 0)
        detail += QStringLiteral("; %1 user(s) with a disabled password are disabled users now").arg(moved);
    return detail;
}

/*!
 * Session lookups that join the user (getSessionAndUser, the server's batched lookup) read the
 * session's columns from an index, without a second descent into the sessions table: at
 * millions of sessions each lookup then touches one random page fewer. PostgreSQL's unique key
 * on the token carries the columns itself (INCLUDE) and replaces the plain key of step 2 unless
 * a constraint owns that one; SQLite and MariaDB, which cannot include columns in a key, get a
 * second index (about 75 bytes more per session).
 */
QString sessionLookupIndex(SqlConnection &c, const Types &)
{
    if (c.backend() != SqlBackend::PostgreSQL)
        return createIndexes(c, {{QStringLiteral("sessions_token_lookup_idx"),
                                  QStringLiteral("sessions (\"sessionToken\", \"userId\", expires)")}});
    QString detail = createIndexes(
        c, {{QStringLiteral("sessions_token_lookup_key"),
             QStringLiteral("sessions (\"sessionToken\") INCLUDE (\"userId\", expires)"), true}});
    SqlQuery constraint(
        c, QStringLiteral("SELECT 1 FROM pg_constraint WHERE conname = ? AND conrelid = 'sessions'::regclass"),
        method);
    if (c.indexExists(QStringLiteral("sessions_token_key"), method)
        && !constraint.bind(QStringLiteral("sessions_token_key")).execFirst()) {
        c.execute(QStringLiteral("DROP INDEX sessions_token_key"), method);
        detail += QStringLiteral("; dropped sessions_token_key, which it replaces");
    }
    return detail;
}

/*!
 * What the account page shows and revokes beyond the Auth.js tables (lib/src/account/README.md):
 * where and when each database session began, and the per-user "not before" that ends JWT
 * sessions. Keyed by the session token, not tied to the sessions table by a foreign key: a row
 * whose session ended is removed with the user's next sign-in, and never listed.
 */
QString accountTables(SqlConnection &c, const Types &t)
{
    const QString userKey = QStringLiteral("FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE");
    QString detail = createTables(
        c, t,
        {
            {QStringLiteral("gatehouse_session_details"),
             QStringLiteral("\"sessionToken\" VARCHAR(255) NOT NULL PRIMARY KEY, \"userId\" INTEGER NOT NULL, "
                            "\"createdAt\" %1 NOT NULL, \"clientAddress\" VARCHAR(64), \"userAgent\" VARCHAR(512), %2")
                 .arg(t.timestamp, userKey)},
            {QStringLiteral("gatehouse_session_revocations"),
             QStringLiteral("\"userId\" INTEGER NOT NULL PRIMARY KEY, \"notBefore\" %1 NOT NULL, %2")
                 .arg(t.timestamp, userKey)},
        });
    createIndexes(c, {{QStringLiteral("gatehouse_session_details_user_idx"),
                       QStringLiteral("gatehouse_session_details (\"userId\")")}});
    return detail;
}

/*!
 * Two-factor sign-in (lib/src/twofactor/README.md): a user's authenticator app, its secret sealed
 * with a key derived from the configured secrets, the last time step accepted (so a code is
 * accepted once, by whichever server sees it first), and the hashes of unused recovery codes.
 */
QString twoFactorTables(SqlConnection &c, const Types &t)
{
    const QString userKey = QStringLiteral("FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE");
    return createTables(
        c, t,
        {
            {QStringLiteral("gatehouse_totp"),
             QStringLiteral("\"userId\" INTEGER NOT NULL PRIMARY KEY, secret TEXT NOT NULL, \"createdAt\" %1 NOT NULL, "
                            "\"confirmedAt\" %1, \"lastTimeStep\" BIGINT NOT NULL, %2")
                 .arg(t.timestamp, userKey)},
            {QStringLiteral("gatehouse_recovery_codes"),
             QStringLiteral("\"userId\" INTEGER NOT NULL, \"codeHash\" VARCHAR(64) NOT NULL, \"createdAt\" %1 NOT NULL, "
                            "PRIMARY KEY (\"userId\", \"codeHash\"), %2")
                 .arg(t.timestamp, userKey)},
        });
}

/*!
 * What the account page shows of a passkey beyond Auth.js's authenticators table (which stays as
 * Auth.js has it): its name and when it was registered and last used. Keyed by the credential
 * ID without a foreign key to authenticators (an Auth.js database may key that table otherwise);
 * SqlAdapter::deleteAuthenticator removes the row, and listings join from authenticators.
 */
QString passkeysTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_passkeys"),
          QStringLiteral("\"credentialID\" %1 NOT NULL PRIMARY KEY, \"userId\" INTEGER NOT NULL, name VARCHAR(255) NOT NULL, "
                         "\"createdAt\" %2, \"lastUsedAt\" %2, "
                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
              .arg(t.credentialText, t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_passkeys_user_idx"), QStringLiteral("gatehouse_passkeys (\"userId\")")}});
    return detail;
}

/*!
 * Groups per user for access rules (lib/src/forwardauth/README.md, "Groups"): one row per
 * membership, removed with the user; the second key finds a group's members.
 */
QString groupTables(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_user_groups"),
          QStringLiteral("\"userId\" INTEGER NOT NULL, name %1 NOT NULL, PRIMARY KEY (\"userId\", name), "
                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
              .arg(t.keyText)}});
    createIndexes(c, {{QStringLiteral("gatehouse_user_groups_name_idx"), QStringLiteral("gatehouse_user_groups (name)")}});
    return detail;
}

//! Per-user audit listings in time order (SqlAdapter::auditEvents) without a sort.
QString auditUserTimeIndex(SqlConnection &c, const Types &)
{
    return createIndexes(c, {{QStringLiteral("gatehouse_audit_user_time_idx"),
                              QStringLiteral("gatehouse_audit (\"userId\", \"time\")")}});
}

/*!
 * How the person of a database session signed in (SessionDetails::signInMethods: OpenID Connect
 * amr values), beside where and when: sessions begun before it read as "not recorded" (NULL).
 * Runs again without harm (MariaDB commits DDL by itself).
 */
QString sessionSignInMethods(SqlConnection &c, const Types &)
{
    const QString table = QStringLiteral("gatehouse_session_details");
    const QString column = QStringLiteral("signInMethods");
    if (c.columnExists(table, column, method))
        return QStringLiteral("kept existing %1.\"%2\"").arg(table, column);
    c.execute(QStringLiteral("ALTER TABLE %1 ADD COLUMN \"%2\" VARCHAR(255)").arg(table, column), method);
    return QStringLiteral("added %1.\"%2\"").arg(table, column);
}

/*!
 * The OpenID Provider's signing keys (lib/src/oidcprovider/README.md), sealed with a key derived
 * from the configured secrets. The unique (alg, generation) lets exactly one of the servers that
 * start together store the first key of an algorithm; the others load it.
 */
QString oidcKeysTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_oidc_keys"),
          QStringLiteral("kid %1 NOT NULL PRIMARY KEY, alg VARCHAR(16) NOT NULL, generation BIGINT NOT NULL, "
                         "\"sealedKey\" TEXT NOT NULL, \"createdAt\" %2 NOT NULL")
              .arg(t.keyText, t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_oidc_keys_generation_key"),
                       QStringLiteral("gatehouse_oidc_keys (alg, generation)"), true}});
    return detail;
}

/*!
 * The OpenID Provider's authorization codes (lib/src/oidcprovider/README.md): only the code's
 * SHA-256 is stored, with what it was issued for; taking one deletes it, and expired ones are
 * removed as new ones are added (the index on expiresAt finds them).
 */
QString oidcCodesTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_oidc_codes"),
          QStringLiteral("\"codeHash\" %1 NOT NULL PRIMARY KEY, \"clientId\" VARCHAR(128) NOT NULL, "
                         "\"redirectUri\" TEXT NOT NULL, \"codeChallenge\" VARCHAR(64), nonce TEXT, scope TEXT NOT NULL, "
                         "\"userId\" VARCHAR(255) NOT NULL, \"authTime\" %2, amr VARCHAR(255), claims TEXT, "
                         "\"expiresAt\" %2 NOT NULL")
              .arg(t.keyText, t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_oidc_codes_expires_idx"), QStringLiteral("gatehouse_oidc_codes (\"expiresAt\")")}});
    return detail;
}

/*!
 * The single-use links of "Forgot your password?" (lib/src/recovery/README.md): only a hash of
 * each link's token, at most one per user, removed with the user.
 */
QString passwordResetsTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_password_resets"),
          QStringLiteral("\"tokenHash\" VARCHAR(64) NOT NULL PRIMARY KEY, \"userId\" INTEGER NOT NULL, "
                         "\"passwordStamp\" VARCHAR(64) NOT NULL, expires %1 NOT NULL, \"createdAt\" %1 NOT NULL, "
                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
              .arg(t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_password_resets_user_idx"),
                       QStringLiteral("gatehouse_password_resets (\"userId\")")}});
    return detail;
}

/*!
 * The OpenID Provider's refresh grants (lib/src/oidcprovider/README.md): a grant per authorization
 * that asked for offline_access, and its refresh tokens by their SHA-256 only, spent ones kept
 * until the grant goes (a spent token presented again revokes the grant). Codes learn whether
 * their user is stored, so that a refresh can check the user still is and is not disabled. Runs
 * again without harm (MariaDB commits DDL by itself).
 */
QString oidcGrantTables(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_oidc_grants"),
          QStringLiteral("\"grantId\" %1 NOT NULL PRIMARY KEY, \"clientId\" VARCHAR(128) NOT NULL, "
                         "\"userId\" VARCHAR(255) NOT NULL, \"storedUser\" BOOLEAN NOT NULL, scope TEXT NOT NULL, "
                         "\"authTime\" %2, amr VARCHAR(255), claims TEXT, \"expiresAt\" %2 NOT NULL")
              .arg(t.keyText, t.timestamp)},
         {QStringLiteral("gatehouse_oidc_refresh_tokens"),
          QStringLiteral("\"tokenHash\" %1 NOT NULL PRIMARY KEY, \"grantId\" %1 NOT NULL, spent BOOLEAN NOT NULL, "
                         "\"expiresAt\" %2 NOT NULL")
              .arg(t.keyText, t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_oidc_grants_expires_idx"), QStringLiteral("gatehouse_oidc_grants (\"expiresAt\")")},
                      {QStringLiteral("gatehouse_oidc_refresh_tokens_grant_idx"),
                       QStringLiteral("gatehouse_oidc_refresh_tokens (\"grantId\")")}});
    const QString codes = QStringLiteral("gatehouse_oidc_codes");
    const QString column = QStringLiteral("storedUser");
    if (c.columnExists(codes, column, method)) {
        detail += QStringLiteral("; kept existing %1.\"%2\"").arg(codes, column);
    } else {
        c.execute(QStringLiteral("ALTER TABLE %1 ADD COLUMN \"%2\" BOOLEAN NOT NULL DEFAULT FALSE").arg(codes, column), method);
        detail += QStringLiteral("; added %1.\"%2\"").arg(codes, column);
    }
    return detail;
}

/*!
 * Named positions in the audit log (AuditFeedStore): each held by one server at a time for a
 * lease, so that the security notices (lib/src/notices/README.md) and the webhooks
 * (lib/src/webhooks/README.md) go out once between the servers sharing the database, and none
 * is lost across a restart.
 */
QString auditCursorsTable(SqlConnection &c, const Types &t)
{
    return createTables(c, t,
                        {{QStringLiteral("gatehouse_audit_cursors"),
                          QStringLiteral("name %1 NOT NULL PRIMARY KEY, position BIGINT NOT NULL, holder VARCHAR(128), "
                                         "\"heldUntil\" %2")
                              .arg(t.keyText, t.timestamp)}});
}

/*!
 * The admin API's tokens (lib/src/adminapi/README.md): only a SHA-256 of each token, its scopes
 * and its times. Revoked tokens stay, so that the audit log's "token:NAME" keeps naming one
 * token; the hash is unique so that a token finds its row.
 */
QString adminTokensTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_admin_tokens"),
          QStringLiteral("name VARCHAR(64) NOT NULL PRIMARY KEY, \"tokenHash\" VARCHAR(64) NOT NULL, scopes TEXT NOT NULL, "
                         "\"createdAt\" %1 NOT NULL, \"expiresAt\" %1 NOT NULL, \"lastUsedAt\" %1, \"revokedAt\" %1, "
                         "\"createdBy\" VARCHAR(255) NOT NULL")
              .arg(t.timestamp)}});
    Index hash{QStringLiteral("gatehouse_admin_tokens_hash_key"), QStringLiteral("gatehouse_admin_tokens (\"tokenHash\")"), true};
    createIndexes(c, {hash});
    return detail;
}

/*!
 * Each person's choices among the security notices they may turn off (the account page), with
 * when they chose: the notifier mails what happened before a notice was turned off.
 */
QString noticePreferencesTable(SqlConnection &c, const Types &t)
{
    return createTables(c, t,
                        {{QStringLiteral("gatehouse_notice_preferences"),
                          QStringLiteral("\"userId\" INTEGER NOT NULL, kind VARCHAR(64) NOT NULL, enabled BOOLEAN NOT NULL, "
                                         "\"updatedAt\" %1 NOT NULL, PRIMARY KEY (\"userId\", kind), "
                                         "FOREIGN KEY (\"userId\") REFERENCES users (id) ON DELETE CASCADE")
                              .arg(t.timestamp)}});
}

/*!
 * Back-channel logout (lib/src/oidclogout/README.md): which client got an ID token for which
 * session, by the ID token's \c sid (derived from the session, never its token) and by user, so
 * that the end of one session or of all of a person's tells exactly those clients. No foreign
 * key to users: a JWT session's person may be in no table; rows are taken when told and swept
 * when expired.
 */
QString oidcSessionsTable(SqlConnection &c, const Types &t)
{
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_oidc_sessions"),
          QStringLiteral("sid VARCHAR(64) NOT NULL, \"clientId\" VARCHAR(128) NOT NULL, \"userId\" VARCHAR(255) NOT NULL, "
                         "\"expiresAt\" %1 NOT NULL, PRIMARY KEY (sid, \"clientId\")")
              .arg(t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_oidc_sessions_user_idx"), QStringLiteral("gatehouse_oidc_sessions (\"userId\")")},
                      {QStringLiteral("gatehouse_oidc_sessions_expires_idx"),
                       QStringLiteral("gatehouse_oidc_sessions (\"expiresAt\")")}});
    return detail;
}

/*!
 * Webhooks (lib/src/webhooks/README.md): the event each webhook's receiver has not taken yet,
 * how often it was tried and when it is tried next, so that the backoff survives a restart and
 * goes on on another server. Each webhook's place in the audit log is an audit cursor (step 18):
 * the log itself is the outbox, no event is copied.
 */
QString webhookRetriesTable(SqlConnection &c, const Types &t)
{
    return createTables(c, t,
                        {{QStringLiteral("gatehouse_webhook_retries"),
                          QStringLiteral("webhook VARCHAR(128) NOT NULL PRIMARY KEY, \"eventId\" BIGINT NOT NULL, "
                                         "attempts INTEGER NOT NULL, \"firstAttemptAt\" %1 NOT NULL, "
                                         "\"nextAttemptAt\" %1 NOT NULL, \"lastError\" TEXT")
                              .arg(t.timestamp)}});
}

/*!
 * Consent at the OpenID Provider (lib/src/oidcprovider/README.md, "Consent"): what each person
 * allowed each client, one row per person and client. Keyed by the ID token's \c sub as text,
 * without a foreign key to users (a JWT session's person may be in no table); deleteUser removes
 * a stored person's rows.
 */
QString oidcConsentsTable(SqlConnection &c, const Types &t)
{
    return createTables(c, t,
                        {{QStringLiteral("gatehouse_oidc_consents"),
                          QStringLiteral("\"userId\" VARCHAR(255) NOT NULL, \"clientId\" VARCHAR(128) NOT NULL, scopes TEXT NOT NULL, "
                                         "\"grantedAt\" %1 NOT NULL, \"updatedAt\" %1 NOT NULL, "
                                         "PRIMARY KEY (\"userId\", \"clientId\")")
                              .arg(t.timestamp)}});
}

/*!
 * Back-channel logout's outbox (lib/src/oidclogout/README.md): a Logout Token still to deliver
 * per ended session and client, queued in the transaction that removes the session's row of
 * step 21, claimed by a lease (the claimer's id, until \c nextAttemptAt), retried with backoff,
 * removed when delivered or given up. The token itself is signed when it is sent, never stored.
 * Step 21's rows get the ID token's issuer, which the Logout Token repeats: the worker sends
 * without a request whose origin would say it.
 */
QString oidcLogoutsTable(SqlConnection &c, const Types &t)
{
    const QString sessions = QStringLiteral("gatehouse_oidc_sessions");
    const bool added = !c.columnExists(sessions, QStringLiteral("issuer"), method);
    if (added)
        c.execute(QStringLiteral("ALTER TABLE %1 ADD COLUMN issuer VARCHAR(255)").arg(sessions), method);
    QString detail = createTables(
        c, t,
        {{QStringLiteral("gatehouse_oidc_logouts"),
          QStringLiteral("sid VARCHAR(64) NOT NULL, \"clientId\" VARCHAR(128) NOT NULL, \"userId\" VARCHAR(255) NOT NULL, "
                         "issuer VARCHAR(255), attempts INTEGER NOT NULL, \"queuedAt\" %1 NOT NULL, \"nextAttemptAt\" %1 NOT NULL, "
                         "\"lastError\" TEXT, lease VARCHAR(64) NOT NULL, PRIMARY KEY (sid, \"clientId\")")
              .arg(t.timestamp)}});
    createIndexes(c, {{QStringLiteral("gatehouse_oidc_logouts_due_idx"), QStringLiteral("gatehouse_oidc_logouts (\"nextAttemptAt\")")}});
    return detail + (added ? QStringLiteral("; added %1.issuer").arg(sessions) : QStringLiteral("; kept existing %1.issuer").arg(sessions));
}

/*!
 * The admin listings' search by the start of the email or the name (UserPageRequest::search):
 * keys on the lower-cased values, so that a search is a range of one of them instead of a read
 * of every user. PostgreSQL keeps them in "C" order, where the strings that start with a text
 * are one range whatever the database's collation. MariaDB has no keys on expressions: there
 * the step adds nothing, and step 26 keys generated columns instead.
 */
QString userSearchIndexes(SqlConnection &c, const Types &)
{
    switch (c.backend()) {
    case SqlBackend::SQLite:
        return createIndexes(c, {{QStringLiteral("users_email_lower_idx"), QStringLiteral("users (LOWER(email))")},
                                 {QStringLiteral("users_name_lower_idx"), QStringLiteral("users (LOWER(name))")}});
    case SqlBackend::PostgreSQL:
        return createIndexes(c, {{QStringLiteral("users_email_lower_idx"), QStringLiteral("users ((LOWER(email)) COLLATE \"C\")")},
                                 {QStringLiteral("users_name_lower_idx"), QStringLiteral("users ((LOWER(name)) COLLATE \"C\")")}});
    case SqlBackend::MySQL:
        break;
    }
    return QStringLiteral("nothing to do on MariaDB");
}

/*!
 * Step 25 on MariaDB, which keys no expressions: virtual generated columns on users holding
 * LOWER(email) and LOWER(name), each with a key (InnoDB keeps the lower-cased values in the key
 * only; nothing is added to the rows). Their collation, utf8mb4_nopad_bin, compares by code
 * point without padding: the order of step 25's keys on SQLite (BINARY) and PostgreSQL ("C"),
 * where the strings that start with a text are one range. The tables' utf8mb4_bin pads with
 * spaces, so "ab" would equal "ab " and sort after "ab\t". The columns are named as
 * Gatehouse's; every statement on users names its columns, so Auth.js's adapters and Gatehouse's
 * own code never see them. Runs again without harm: a column or key that exists is kept.
 */
QString userSearchColumns(SqlConnection &c, const Types &)
{
    if (c.backend() != SqlBackend::MySQL)
        return QStringLiteral("nothing to do on SQLite and PostgreSQL (step 25 keys the expressions)");
    QStringList added;
    QStringList kept;
    for (const QString &source : {QStringLiteral("email"), QStringLiteral("name")}) {
        const QString column = QStringLiteral("gatehouse_%1_key").arg(source);
        if (c.columnExists(QStringLiteral("users"), column, method)) {
            kept.append(column);
        } else {
            c.execute(QStringLiteral("ALTER TABLE users ADD COLUMN %1 VARCHAR(255) CHARACTER SET utf8mb4 "
                                     "COLLATE utf8mb4_nopad_bin AS (LOWER(%2)) VIRTUAL")
                          .arg(column, source),
                      method);
            added.append(column);
        }
    }
    QStringList parts;
    if (!added.isEmpty())
        parts.append(QStringLiteral("added users.") + added.join(QStringLiteral(", users.")));
    if (!kept.isEmpty())
        parts.append(QStringLiteral("kept existing users.") + kept.join(QStringLiteral(", users.")));
    parts.append(createIndexes(c, {{QStringLiteral("users_email_lower_idx"), QStringLiteral("users (gatehouse_email_key)")},
                                   {QStringLiteral("users_name_lower_idx"), QStringLiteral("users (gatehouse_name_key)")}}));
    return parts.join(QStringLiteral("; "));
}

struct Step
{
    int version;
    QString description;
    std::function<QString(SqlConnection &, const Types &)> apply;
};

const QList<Step> &steps()
{
    static const QList<Step> all{
        {1, QStringLiteral("Auth.js tables"), authJsTables},
        {2, QStringLiteral("unique keys and lookup indexes"), authJsIndexes},
        {3, QStringLiteral("WebAuthn authenticators"), authenticatorsTable},
        {4, QStringLiteral("Gatehouse tables"), gatehouseTables},
        {5, QStringLiteral("listing indexes"), listingIndexes},
        {6, QStringLiteral("disabled users"), userStateTable},
        {7, QStringLiteral("session lookup index"), sessionLookupIndex},
        {8, QStringLiteral("session details and JWT revocation"), accountTables},
        {9, QStringLiteral("two-factor sign-in"), twoFactorTables},
        {10, QStringLiteral("passkey names and times"), passkeysTable},
        {11, QStringLiteral("user groups"), groupTables},
        {12, QStringLiteral("audit log by user and time"), auditUserTimeIndex},
        {13, QStringLiteral("sign-in methods of database sessions"), sessionSignInMethods},
        {14, QStringLiteral("OpenID Provider signing keys"), oidcKeysTable},
        {15, QStringLiteral("OpenID Provider authorization codes"), oidcCodesTable},
        {16, QStringLiteral("password reset links"), passwordResetsTable},
        {17, QStringLiteral("OpenID Provider refresh grants"), oidcGrantTables},
        {18, QStringLiteral("audit log cursors"), auditCursorsTable},
        {19, QStringLiteral("admin API tokens"), adminTokensTable},
        {20, QStringLiteral("notice preferences"), noticePreferencesTable},
        {21, QStringLiteral("OpenID Provider sessions for back-channel logout"), oidcSessionsTable},
        {22, QStringLiteral("webhook retries"), webhookRetriesTable},
        {23, QStringLiteral("OpenID Provider consents"), oidcConsentsTable},
        {24, QStringLiteral("OpenID Provider back-channel logout deliveries"), oidcLogoutsTable},
        {25, QStringLiteral("user search by the start of email and name"), userSearchIndexes},
        {26, QStringLiteral("user search keys on MariaDB"), userSearchColumns},
    };
    return all;
}

/*!
 * The schema's version: the last step of the unbroken run of recorded steps from the first (a
 * database with step 9 but not 8 is at 7 and needs migrating), or the highest recorded one when
 * that is newer than this build.
 */
int recordedVersion(SqlConnection &c)
{
    SqlQuery query(c, QStringLiteral("SELECT version FROM gatehouse_schema_version"), method);
    query.exec();
    QSet<int> recorded;
    int highest = 0;
    while (query.next()) {
        const int version = int(query.integer(0));
        recorded.insert(version);
        highest = qMax(highest, version);
    }
    if (highest > steps().constLast().version)
        return highest;
    int version = 0;
    for (const Step &step : steps()) {
        if (!recorded.contains(step.version))
            break;
        version = step.version;
    }
    return version;
}

bool isRecorded(SqlConnection &c, int version)
{
    SqlQuery query(c, QStringLiteral("SELECT 1 FROM gatehouse_schema_version WHERE version = ?"), method);
    return query.bind(qint64(version)).execFirst();
}

//! Keeps other processes from migrating the same database at the same time.
class MigrationLock
{
public:
    explicit MigrationLock(SqlConnection &c)
        : m_connection(c)
    {
        switch (c.backend()) {
        case SqlBackend::SQLite: // the migration's transaction takes the write lock (BEGIN IMMEDIATE)
            break;
        case SqlBackend::PostgreSQL:
            c.execute(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(lockKey), method);
            break;
        case SqlBackend::MySQL: {
            SqlQuery lock(c, QStringLiteral("SELECT GET_LOCK('gatehouse_migrate', 120)"), method);
            if (!lock.execFirst() || lock.integer(0) != 1)
                throw AdapterError(AdapterError::Reason::Failed,
                                   QStringLiteral("migrate: another process has been migrating this database for "
                                                  "more than 2 minutes"));
            break;
        }
        }
    }

    ~MigrationLock()
    {
        try {
            if (m_connection.backend() == SqlBackend::PostgreSQL)
                m_connection.execute(QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(lockKey), method);
            else if (m_connection.backend() == SqlBackend::MySQL)
                m_connection.execute(QStringLiteral("SELECT RELEASE_LOCK('gatehouse_migrate')"), method);
        } catch (...) {
            // The connection is gone, and the lock with it.
        }
    }

private:
    static constexpr qint64 lockKey = 0x4761746568; // "Gateh"
    SqlConnection &m_connection;
};

} // namespace

int latestVersion()
{
    return steps().constLast().version;
}

int currentVersion(SqlConnection &connection)
{
    if (!connection.tableExists(QStringLiteral("gatehouse_schema_version"), method))
        return 0;
    return recordedVersion(connection);
}

int migrate(SqlConnection &c, const SqlAdapter::ProgressFunction &progress)
{
    // A caller that asks for progress shows the lines itself; otherwise they go to the log.
    const auto report = [&progress](const QString &line) {
        if (progress)
            progress(line);
        else
            qCInfo(lcStorage).noquote() << line;
    };
    MigrationLock lock(c);
    // SQLite and PostgreSQL change their schema in transactions: the whole migration is one,
    // so a failed step leaves the schema as it was. MariaDB commits DDL by itself: there each
    // step is one, and the steps before a failed one stay applied.
    const bool atomic = c.backend() != SqlBackend::MySQL;
    std::optional<SqlTransaction> whole;
    if (atomic)
        whole.emplace(c, method);
    const Types types = typesFor(c.backend());
    c.execute(QStringLiteral("CREATE TABLE IF NOT EXISTS gatehouse_schema_version (version INTEGER NOT NULL PRIMARY KEY, "
                             "description VARCHAR(255) NOT NULL, \"appliedAt\" %1 NOT NULL)%2")
                  .arg(types.timestamp, types.tableOptions),
              method);
    const int before = recordedVersion(c);
    if (before > latestVersion())
        throw AdapterError(AdapterError::Reason::Failed,
                           QStringLiteral("migrate: the database schema is version %1, newer than this build's %2; "
                                          "use a newer Gatehouse")
                               .arg(before)
                               .arg(latestVersion()));
    int current = before;
    // Steps are applied by whether each is recorded, not by the highest recorded: steps made in
    // parallel (8 and 9) may reach a database in either order.
    const int total = latestVersion();
    for (const Step &step : steps()) {
        const QString prefix = QStringLiteral("schema step %1/%2 (%3): ").arg(step.version).arg(total).arg(step.description);
        if (isRecorded(c, step.version)) {
            report(prefix + QStringLiteral("already applied"));
            continue;
        }
        std::optional<SqlTransaction> own;
        if (!atomic) {
            own.emplace(c, method);
            if (isRecorded(c, step.version)) { // another process was quicker
                own->commit();
                report(prefix + QStringLiteral("already applied"));
                continue;
            }
        }
        QString detail;
        try {
            detail = step.apply(c, types);
            SqlQuery record(c,
                            QStringLiteral("INSERT INTO gatehouse_schema_version (version, description, \"appliedAt\") "
                                           "VALUES (?, ?, ?)"),
                            method);
            record.bind(qint64(step.version)).bind(step.description).bind(QDateTime::currentDateTimeUtc()).exec();
        } catch (const AdapterError &error) {
            // The database's own words when there are some ("table x already exists").
            const QString why = error.cause().isEmpty() ? error.message() : error.cause();
            const QString outcome = atomic
                ? QStringLiteral("the migration was rolled back, the schema is still version %1").arg(before)
                : QStringLiteral("the steps before it stay applied, the schema is version %1").arg(current);
            throw AdapterError(error.reason(), QStringLiteral("migrate: step %1/%2 (%3): %4; %5")
                                                   .arg(step.version)
                                                   .arg(total)
                                                   .arg(step.description, why, outcome),
                               error.cause());
        }
        if (own)
            own->commit();
        current = recordedVersion(c);
        report(prefix + detail);
    }
    if (whole)
        whole->commit();
    return recordedVersion(c);
}

} // namespace Gatehouse::SqlSchema
