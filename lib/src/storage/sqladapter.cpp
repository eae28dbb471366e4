#include <gatehouse/sqladapter.h>

#include "storage/sqladapter_p.h"
#include "storage/sqlschema.h"
#include "storage/storageexit.h"
#include "storage/storerules.h"

#include <QJsonDocument>

namespace Gatehouse {

using Reason = AdapterError::Reason;
using SqlRows::nullIfEmpty;
using SqlRows::rowId;

namespace {

const QString accountColumns = QStringLiteral(
    "a.id, a.\"userId\", a.type, a.provider, a.\"providerAccountId\", a.refresh_token, a.access_token, "
    "a.expires_at, a.id_token, a.scope, a.session_state, a.token_type, x.data "
    "FROM accounts a LEFT JOIN gatehouse_account_extra x ON x.\"accountId\" = a.id");
const QString tokenColumns = QStringLiteral("identifier, token, expires");
const QString authenticatorColumns = QStringLiteral(
    "\"credentialID\", \"userId\", \"providerAccountId\", \"credentialPublicKey\", counter, "
    "\"credentialDeviceType\", \"credentialBackedUp\", transports");

AdapterAccount readAccount(const SqlQuery &q)
{
    AdapterAccount account;
    account.id = q.text(0);
    account.userId = q.text(1);
    account.type = q.text(2);
    account.provider = q.text(3);
    account.providerAccountId = q.text(4);
    account.refreshToken = q.optionalText(5);
    account.accessToken = q.optionalText(6);
    account.expiresAt = q.optionalInteger(7);
    account.idToken = q.optionalText(8);
    account.scope = q.optionalText(9);
    account.sessionState = StoreRules::sessionStateFromText(q.optionalText(10));
    account.tokenType = q.optionalText(11);
    if (const auto extra = q.optionalText(12))
        account.extra = QJsonDocument::fromJson(extra->toUtf8()).object();
    return account;
}

VerificationToken readToken(const SqlQuery &q)
{
    return {q.text(0), q.text(1), q.time(2)};
}

AdapterAuthenticator readAuthenticator(const SqlQuery &q)
{
    AdapterAuthenticator authenticator;
    authenticator.credentialID = q.text(0);
    authenticator.userId = q.text(1);
    authenticator.providerAccountId = q.text(2);
    authenticator.credentialPublicKey = q.text(3);
    authenticator.counter = q.integer(4);
    authenticator.credentialDeviceType = q.text(5);
    authenticator.credentialBackedUp = q.value(6).toBool();
    authenticator.transports = q.optionalText(7);
    return authenticator;
}

//! The user's integer id; throws NotFound when there is no such user.
qint64 requireUser(SqlConnection &c, const QString &userId, const QString &method)
{
    const std::optional<qint64> id = rowId(userId);
    if (id) {
        SqlQuery q(c, QStringLiteral("SELECT 1 FROM users WHERE id = ?"), method);
        if (q.bind(*id).execFirst())
            return *id;
    }
    throw SqlRows::noSuchUser(method, userId);
}

/*!
 * Deletes the rows of \a table matching \a where (bound to \a keys) and returns the first, read
 * by \a read from \a columns. Atomic either way: with RETURNING in one statement, otherwise
 * the row read before counts only if this call's DELETE removed it.
 */
template<typename Read>
auto takeRow(SqlConnection &c, const QString &method, const QString &table, const QString &columns,
             const QString &where, const QStringList &keys, Read read) -> std::optional<std::invoke_result_t<Read, SqlQuery &>>
{
    using Row = std::invoke_result_t<Read, SqlQuery &>;
    const auto bindKeys = [&keys](SqlQuery &q) {
        for (const QString &key : keys)
            q.bind(key);
    };
    if (c.hasReturning()) {
        SqlQuery q(c, QStringLiteral("DELETE FROM %1 WHERE %2 RETURNING %3").arg(table, where, columns), method);
        bindKeys(q);
        return q.execFirst() ? std::optional<Row>(read(q)) : std::nullopt;
    }
    std::optional<Row> row;
    {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(columns, table, where), method);
        bindKeys(q);
        if (q.execFirst())
            row = read(q);
    }
    if (!row)
        return std::nullopt;
    SqlQuery q(c, QStringLiteral("DELETE FROM %1 WHERE %2").arg(table, where), method);
    bindKeys(q);
    return q.exec().rowsAffected() > 0 ? row : std::nullopt;
}

//! Inserts the row and returns the id the database gave it.
qint64 insertReturningId(SqlQuery &q, const QString &conflict)
{
    q.exec(conflict);
    return q.next() ? q.integer(0) : q.lastInsertId();
}

QString returningId(const SqlConnection &c)
{
    return c.hasReturning() ? QStringLiteral(" RETURNING id") : QString();
}

AdapterUser insertUser(SqlConnection &c, const AdapterUser &user, const QString &method)
{
    SqlQuery q(c, QStringLiteral("INSERT INTO users (name, email, \"emailVerified\", image) VALUES (?, ?, ?, ?)")
                      + returningId(c),
               method);
    q.bind(user.name).bind(nullIfEmpty(user.email)).bind(user.emailVerified).bind(user.image);
    AdapterUser created = user;
    created.id = QString::number(insertReturningId(q, QStringLiteral("the email address is already in use")));
    if (created.emailVerified)
        created.emailVerified = created.emailVerified->toUTC();
    return created;
}

//! Inserts an account prepared by StoreRules::prepareAccount for an existing user.
AdapterAccount insertAccount(SqlConnection &c, const AdapterAccount &account, qint64 userId, const QString &method)
{
    AdapterAccount created = account;
    {
        SqlQuery q(c,
                   QStringLiteral("INSERT INTO accounts (\"userId\", type, provider, \"providerAccountId\", refresh_token, "
                                  "access_token, expires_at, id_token, scope, session_state, token_type) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                       + returningId(c),
                   method);
        q.bind(userId).bind(account.type).bind(account.provider).bind(account.providerAccountId);
        q.bind(account.refreshToken).bind(account.accessToken).bind(account.expiresAt).bind(account.idToken);
        q.bind(account.scope).bind(StoreRules::sessionStateText(account.sessionState)).bind(account.tokenType);
        created.id = QString::number(insertReturningId(
            q, QStringLiteral("provider \"%1\" already has an account \"%2\"").arg(account.provider, account.providerAccountId)));
    }
    created.userId = QString::number(userId);
    if (!account.extra.isEmpty()) {
        SqlQuery q(c, QStringLiteral("INSERT INTO gatehouse_account_extra (\"accountId\", data) VALUES (?, ?)"), method);
        q.bind(created.id.toLongLong()).bind(QString::fromUtf8(QJsonDocument(account.extra).toJson(QJsonDocument::Compact)));
        q.exec();
    }
    return created;
}

std::optional<AdapterAccount> selectAccount(SqlConnection &c, const QString &provider, const QString &providerAccountId,
                                            const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT %1 WHERE a.provider = ? AND a.\"providerAccountId\" = ?").arg(accountColumns),
               method);
    q.bind(provider).bind(providerAccountId);
    return q.execFirst() ? std::optional(readAccount(q)) : std::nullopt;
}

std::optional<AdapterUser> selectUser(SqlConnection &c, qint64 id, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT %1 FROM users WHERE id = ?").arg(SqlRows::userColumns), method);
    return q.bind(id).execFirst() ? std::optional(SqlRows::user(q)) : std::nullopt;
}

std::optional<AdapterSession> selectSession(SqlConnection &c, const QString &token, const QString &method)
{
    SqlQuery q(c, QStringLiteral("SELECT %1 FROM sessions WHERE \"sessionToken\" = ?").arg(SqlRows::sessionColumns),
               method);
    return q.bind(token).execFirst() ? std::optional(SqlRows::session(q)) : std::nullopt;
}

} // namespace

SqlAdapter::SqlAdapter(const SqlAdapterOptions &options)
    : d(std::make_unique<SqlAdapterPrivate>(options))
{
}

SqlAdapter::~SqlAdapter()
{
    if (!d->onStorageThread())
        return;
    // The last reference went in a continuation run by one of this adapter's storage threads,
    // which cannot wait for itself to end. Another thread ends the pool once this thread's job
    // has returned, and the connections close as their threads end; the process's exit waits
    // for that thread (StorageExit).
    qCDebug(lcStorage) << "the last reference to an SqlAdapter went on one of its storage threads;"
                          " another thread ends them";
    StorageExit::runLate([d = std::shared_ptr<SqlAdapterPrivate>(std::move(d))]() mutable { d.reset(); });
}

std::unique_ptr<SqlAdapter> SqlAdapter::fromUrl(const QString &url, QString *errorMessage)
{
    const std::optional<SqlAdapterOptions> options = SqlAdapterOptions::fromUrl(url, errorMessage);
    return options ? std::make_unique<SqlAdapter>(*options) : nullptr;
}

const SqlAdapterOptions &SqlAdapter::options() const
{
    return d->options;
}

StoreStatus SqlAdapter::health() const
{
    return d->health.status();
}

QFuture<StoreStatus> SqlAdapter::probe()
{
    SqlAdapterPrivate *p = d.get();
    return d->run(QStringLiteral("probe"), [](SqlConnection &c) { c.execute(QStringLiteral("SELECT 1"), QStringLiteral("probe")); })
        .then(QtFuture::Launch::Sync, [p](QFuture<void> done) {
            try {
                done.waitForFinished();
            } catch (...) {
                // health has it
            }
            return p->health.status();
        });
}

QFuture<int> SqlAdapter::migrate(ProgressFunction progress)
{
    return d->run(QStringLiteral("migrate"),
                  [progress](SqlConnection &c) { return SqlSchema::migrate(c, progress); });
}

QFuture<int> SqlAdapter::schemaVersion()
{
    return d->run(QStringLiteral("schemaVersion"), [](SqlConnection &c) { return SqlSchema::currentVersion(c); });
}

int SqlAdapter::latestSchemaVersion()
{
    return SqlSchema::latestVersion();
}

QStringList SqlAdapter::implementedMethods() const
{
    return contractMethods();
}

QFuture<AdapterUser> SqlAdapter::createUser(const AdapterUser &user)
{
    return d->run(QStringLiteral("createUser"),
                  [user](SqlConnection &c) { return insertUser(c, user, QStringLiteral("createUser")); });
}

QFuture<std::optional<AdapterUser>> SqlAdapter::getUser(const QString &id)
{
    const QString method = QStringLiteral("getUser");
    return d->run(method, [id, method](SqlConnection &c) -> std::optional<AdapterUser> {
        const std::optional<qint64> key = rowId(id);
        return key ? selectUser(c, *key, method) : std::nullopt;
    });
}

QFuture<std::optional<AdapterUser>> SqlAdapter::getUserByEmail(const QString &email)
{
    const QString method = QStringLiteral("getUserByEmail");
    return d->run(method, [email, method](SqlConnection &c) -> std::optional<AdapterUser> {
        if (email.isEmpty())
            return std::nullopt;
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM users WHERE email = ?").arg(SqlRows::userColumns), method);
        return q.bind(email).execFirst() ? std::optional(SqlRows::user(q)) : std::nullopt;
    });
}

QFuture<std::optional<AdapterUser>> SqlAdapter::getUserByAccount(const QString &provider,
                                                                 const QString &providerAccountId)
{
    const QString method = QStringLiteral("getUserByAccount");
    return d->run(method, [provider, providerAccountId, method](SqlConnection &c) -> std::optional<AdapterUser> {
        SqlQuery q(c,
                   QStringLiteral("SELECT u.id, u.name, u.email, u.\"emailVerified\", u.image FROM users u "
                                  "JOIN accounts a ON a.\"userId\" = u.id "
                                  "WHERE a.provider = ? AND a.\"providerAccountId\" = ?"),
                   method);
        return q.bind(provider).bind(providerAccountId).execFirst() ? std::optional(SqlRows::user(q)) : std::nullopt;
    });
}

QFuture<AdapterUser> SqlAdapter::updateUser(const AdapterUserUpdate &update)
{
    const QString method = QStringLiteral("updateUser");
    return d->run(method, [update, method](SqlConnection &c) {
        const std::optional<qint64> id = rowId(update.id());
        if (!id)
            throw SqlRows::noSuchUser(method, update.id());
        if (!update.isEmpty()) {
            QStringList assignments;
            if (update.hasName())
                assignments << QStringLiteral("name = ?");
            if (update.hasEmail())
                assignments << QStringLiteral("email = ?");
            if (update.hasEmailVerified())
                assignments << QStringLiteral("\"emailVerified\" = ?");
            if (update.hasImage())
                assignments << QStringLiteral("image = ?");
            SqlQuery q(c, QStringLiteral("UPDATE users SET %1 WHERE id = ?").arg(assignments.join(QStringLiteral(", "))),
                       method);
            if (update.hasName())
                q.bind(update.name());
            if (update.hasEmail())
                q.bind(nullIfEmpty(update.email()));
            if (update.hasEmailVerified())
                q.bind(update.emailVerified());
            if (update.hasImage())
                q.bind(update.image());
            q.bind(*id).exec(QStringLiteral("the email address is already in use"));
        }
        const std::optional<AdapterUser> user = selectUser(c, *id, method);
        if (!user)
            throw SqlRows::noSuchUser(method, update.id());
        return *user;
    });
}

QFuture<std::optional<AdapterUser>> SqlAdapter::deleteUser(const QString &userId)
{
    const QString method = QStringLiteral("deleteUser");
    return d->run(method, [userId, method](SqlConnection &c) -> std::optional<AdapterUser> {
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return std::nullopt;
        SqlTransaction transaction(c, method);
        const std::optional<AdapterUser> user = selectUser(c, *id, method);
        if (!user)
            return std::nullopt;
        // Explicit cascade: a database made by Auth.js has no foreign keys.
        for (const QString &sql : {
                 QStringLiteral("DELETE FROM gatehouse_account_extra WHERE \"accountId\" IN "
                                "(SELECT id FROM accounts WHERE \"userId\" = ?)"),
                 QStringLiteral("DELETE FROM accounts WHERE \"userId\" = ?"),
                 QStringLiteral("DELETE FROM sessions WHERE \"userId\" = ?"),
                 QStringLiteral("DELETE FROM authenticators WHERE \"userId\" = ?"),
                 QStringLiteral("DELETE FROM gatehouse_passwords WHERE \"userId\" = ?"),
                 QStringLiteral("DELETE FROM gatehouse_user_state WHERE \"userId\" = ?"),
                 QStringLiteral("DELETE FROM users WHERE id = ?"),
             }) {
            SqlQuery q(c, sql, method);
            q.bind(*id).exec();
        }
        // Text, as the OpenID Provider's tables key people (a JWT session's may be in no table).
        SqlQuery consents(c, QStringLiteral("DELETE FROM gatehouse_oidc_consents WHERE \"userId\" = ?"), method);
        consents.bind(userId).exec();
        transaction.commit();
        return user;
    });
}

QFuture<AdapterAccount> SqlAdapter::linkAccount(const AdapterAccount &account)
{
    const QString method = QStringLiteral("linkAccount");
    return d->run(method, [account, method](SqlConnection &c) {
        const AdapterAccount prepared = StoreRules::prepareAccount(account, QDateTime::currentSecsSinceEpoch(), method);
        SqlTransaction transaction(c, method);
        const qint64 userId = requireUser(c, account.userId, method);
        const AdapterAccount created = insertAccount(c, prepared, userId, method);
        transaction.commit();
        return created;
    });
}

QFuture<QList<AdapterAccount>> SqlAdapter::listAccounts(const QString &userId)
{
    const QString method = QStringLiteral("listAccounts");
    return d->run(method, [userId, method](SqlConnection &c) {
        QList<AdapterAccount> accounts;
        const std::optional<qint64> id = SqlRows::rowId(userId);
        if (!id)
            return accounts;
        SqlQuery q(c, QStringLiteral("SELECT %1 WHERE a.\"userId\" = ? ORDER BY a.provider, a.\"providerAccountId\"").arg(accountColumns),
                   method);
        q.bind(*id).exec();
        while (q.next())
            accounts.append(readAccount(q));
        return accounts;
    });
}

QFuture<std::optional<AdapterAccount>> SqlAdapter::unlinkAccount(const QString &provider,
                                                                 const QString &providerAccountId)
{
    const QString method = QStringLiteral("unlinkAccount");
    return d->run(method, [provider, providerAccountId, method](SqlConnection &c) -> std::optional<AdapterAccount> {
        SqlTransaction transaction(c, method);
        const std::optional<AdapterAccount> account = selectAccount(c, provider, providerAccountId, method);
        if (!account)
            return std::nullopt;
        for (const QString &sql : {QStringLiteral("DELETE FROM gatehouse_account_extra WHERE \"accountId\" = ?"),
                                   QStringLiteral("DELETE FROM accounts WHERE id = ?")}) {
            SqlQuery q(c, sql, method);
            q.bind(account->id.toLongLong()).exec();
        }
        transaction.commit();
        return account;
    });
}

QFuture<std::optional<AdapterAccount>> SqlAdapter::getAccount(const QString &providerAccountId, const QString &provider)
{
    const QString method = QStringLiteral("getAccount");
    return d->run(method, [provider, providerAccountId, method](SqlConnection &c) {
        return selectAccount(c, provider, providerAccountId, method);
    });
}

QFuture<AdapterSession> SqlAdapter::createSession(const AdapterSession &session)
{
    const QString method = QStringLiteral("createSession");
    return d->run(method, [session, method](SqlConnection &c) {
        StoreRules::checkSession(session, method);
        SqlTransaction transaction(c, method);
        const qint64 userId = requireUser(c, session.userId, method);
        SqlQuery q(c, QStringLiteral("INSERT INTO sessions (\"sessionToken\", \"userId\", expires) VALUES (?, ?, ?)"),
                   method);
        q.bind(session.sessionToken).bind(userId).bind(session.expires);
        q.exec(QStringLiteral("the session token is already in use"));
        transaction.commit();
        return AdapterSession{session.sessionToken, QString::number(userId), session.expires.toUTC()};
    });
}

QFuture<std::optional<SessionAndUser>> SqlAdapter::getSessionAndUser(const QString &sessionToken)
{
    const QString method = QStringLiteral("getSessionAndUser");
    return d->run(method, [sessionToken, method](SqlConnection &c) -> std::optional<SessionAndUser> {
        SqlQuery q(c,
                   QStringLiteral("SELECT s.\"sessionToken\", s.\"userId\", %1, "
                                  "u.id, u.name, u.email, %2, u.image "
                                  "FROM sessions s JOIN users u ON u.id = s.\"userId\" WHERE s.\"sessionToken\" = ?")
                       .arg(c.timeColumn(QStringLiteral("s.expires")), c.timeColumn(QStringLiteral("u.\"emailVerified\""))),
                   method);
        if (!q.bind(sessionToken).execFirst())
            return std::nullopt;
        return SessionAndUser{SqlRows::session(q), SqlRows::user(q, 3)};
    });
}

QFuture<std::optional<AdapterSession>> SqlAdapter::updateSession(const AdapterSessionUpdate &update)
{
    const QString method = QStringLiteral("updateSession");
    return d->run(method, [update, method](SqlConnection &c) -> std::optional<AdapterSession> {
        QStringList assignments;
        if (update.hasUserId())
            assignments << QStringLiteral("\"userId\" = ?");
        if (update.hasExpires())
            assignments << QStringLiteral("expires = ?");
        if (assignments.isEmpty())
            return selectSession(c, update.sessionToken(), method);
        const QString sql = QStringLiteral("UPDATE sessions SET %1 WHERE \"sessionToken\" = ?")
                                .arg(assignments.join(QStringLiteral(", ")));
        // Without a new owner, one statement; with one, the owner must exist at the same time.
        std::optional<SqlTransaction> transaction;
        std::optional<qint64> userId;
        if (update.hasUserId()) {
            transaction.emplace(c, method);
            userId = requireUser(c, update.userId(), method);
        }
        const bool returning = c.hasReturning();
        SqlQuery q(c, returning ? sql + QStringLiteral(" RETURNING ") + SqlRows::sessionColumns : sql, method);
        if (userId)
            q.bind(*userId);
        if (update.hasExpires())
            q.bind(update.expires());
        q.bind(update.sessionToken()).exec();
        std::optional<AdapterSession> updated;
        if (returning)
            updated = q.next() ? std::optional(SqlRows::session(q)) : std::nullopt;
        else
            updated = selectSession(c, update.sessionToken(), method);
        if (transaction)
            transaction->commit();
        return updated;
    });
}

QFuture<std::optional<AdapterSession>> SqlAdapter::deleteSession(const QString &sessionToken)
{
    const QString method = QStringLiteral("deleteSession");
    return d->run(method, [sessionToken, method](SqlConnection &c) {
        return takeRow(c, method, QStringLiteral("sessions"), SqlRows::sessionColumns,
                       QStringLiteral("\"sessionToken\" = ?"), {sessionToken},
                       [](const SqlQuery &q) { return SqlRows::session(q); });
    });
}

QFuture<std::optional<VerificationToken>> SqlAdapter::createVerificationToken(const VerificationToken &token)
{
    const QString method = QStringLiteral("createVerificationToken");
    return d->run(method, [token, method](SqlConnection &c) -> std::optional<VerificationToken> {
        StoreRules::checkVerificationToken(token, method);
        SqlQuery q(c, QStringLiteral("INSERT INTO verification_token (identifier, token, expires) VALUES (?, ?, ?)"),
                   method);
        q.bind(token.identifier).bind(token.token).bind(token.expires).exec(QStringLiteral("the token already exists"));
        return VerificationToken{token.identifier, token.token, token.expires.toUTC()};
    });
}

QFuture<std::optional<VerificationToken>> SqlAdapter::useVerificationToken(const QString &identifier,
                                                                           const QString &token)
{
    const QString method = QStringLiteral("useVerificationToken");
    return d->run(method, [identifier, token, method](SqlConnection &c) {
        return takeRow(c, method, QStringLiteral("verification_token"), tokenColumns,
                       QStringLiteral("identifier = ? AND token = ?"), {identifier, token}, readToken);
    });
}

QFuture<AdapterAuthenticator> SqlAdapter::createAuthenticator(const AdapterAuthenticator &authenticator)
{
    const QString method = QStringLiteral("createAuthenticator");
    return d->run(method, [authenticator, method](SqlConnection &c) {
        StoreRules::checkAuthenticator(authenticator, method);
        SqlTransaction transaction(c, method);
        const qint64 userId = requireUser(c, authenticator.userId, method);
        SqlQuery q(c, QStringLiteral("INSERT INTO authenticators (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").arg(authenticatorColumns),
                   method);
        q.bind(authenticator.credentialID).bind(userId).bind(authenticator.providerAccountId);
        q.bind(authenticator.credentialPublicKey).bind(authenticator.counter).bind(authenticator.credentialDeviceType);
        q.bind(authenticator.credentialBackedUp).bind(authenticator.transports);
        q.exec(QStringLiteral("the credential ID is already registered"));
        transaction.commit();
        AdapterAuthenticator created = authenticator;
        created.userId = QString::number(userId);
        return created;
    });
}

QFuture<std::optional<AdapterAuthenticator>> SqlAdapter::getAuthenticator(const QString &credentialID)
{
    const QString method = QStringLiteral("getAuthenticator");
    return d->run(method, [credentialID, method](SqlConnection &c) -> std::optional<AdapterAuthenticator> {
        SqlQuery q(c, QStringLiteral("SELECT %1 FROM authenticators WHERE \"credentialID\" = ?").arg(authenticatorColumns),
                   method);
        return q.bind(credentialID).execFirst() ? std::optional(readAuthenticator(q)) : std::nullopt;
    });
}

QFuture<QList<AdapterAuthenticator>> SqlAdapter::listAuthenticatorsByUserId(const QString &userId)
{
    const QString method = QStringLiteral("listAuthenticatorsByUserId");
    return d->run(method, [userId, method](SqlConnection &c) {
        QList<AdapterAuthenticator> found;
        const std::optional<qint64> id = rowId(userId);
        if (!id)
            return found;
        SqlQuery q(c,
                   QStringLiteral("SELECT %1 FROM authenticators WHERE \"userId\" = ? ORDER BY \"credentialID\"")
                       .arg(authenticatorColumns),
                   method);
        q.bind(*id).exec();
        while (q.next())
            found.append(readAuthenticator(q));
        return found;
    });
}

QFuture<AdapterAuthenticator> SqlAdapter::updateAuthenticatorCounter(const QString &credentialID, qint64 newCounter)
{
    const QString method = QStringLiteral("updateAuthenticatorCounter");
    return d->run(method, [credentialID, newCounter, method](SqlConnection &c) {
        const QString sql = QStringLiteral("UPDATE authenticators SET counter = ? WHERE \"credentialID\" = ?");
        std::optional<AdapterAuthenticator> updated;
        if (c.hasReturning()) {
            SqlQuery q(c, sql + QStringLiteral(" RETURNING ") + authenticatorColumns, method);
            if (q.bind(newCounter).bind(credentialID).execFirst())
                updated = readAuthenticator(q);
        } else {
            {
                SqlQuery q(c, sql, method);
                q.bind(newCounter).bind(credentialID).exec();
            }
            SqlQuery q(c, QStringLiteral("SELECT %1 FROM authenticators WHERE \"credentialID\" = ?").arg(authenticatorColumns),
                       method);
            if (q.bind(credentialID).execFirst())
                updated = readAuthenticator(q);
        }
        if (!updated)
            throw AdapterError(Reason::NotFound,
                               QStringLiteral("%1: there is no authenticator \"%2\"").arg(method, credentialID));
        return *updated;
    });
}

QFuture<std::optional<AdapterAuthenticator>> SqlAdapter::deleteAuthenticator(const QString &credentialID)
{
    const QString method = QStringLiteral("deleteAuthenticator");
    return d->run(method, [credentialID, method](SqlConnection &c) {
        // Gatehouse's details of the passkey (gatehouse_passkeys) go with it.
        SqlTransaction transaction(c, method);
        auto removed = takeRow(c, method, QStringLiteral("authenticators"), authenticatorColumns,
                               QStringLiteral("\"credentialID\" = ?"), {credentialID}, readAuthenticator);
        SqlQuery q(c, QStringLiteral("DELETE FROM gatehouse_passkeys WHERE \"credentialID\" = ?"), method);
        q.bind(credentialID).exec();
        transaction.commit();
        return removed;
    });
}

QFuture<UserAndAccount> SqlAdapter::createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account)
{
    const QString method = QStringLiteral("createUserAndLinkAccount");
    return d->run(method, [user, account, method](SqlConnection &c) {
        const AdapterAccount prepared = StoreRules::prepareAccount(account, QDateTime::currentSecsSinceEpoch(), method);
        SqlTransaction transaction(c, method);
        UserAndAccount created;
        created.user = insertUser(c, user, method);
        created.account = insertAccount(c, prepared, created.user.id.toLongLong(), method);
        transaction.commit();
        return created;
    });
}

// AccountTokenStore

QFuture<std::optional<AdapterAccount>> SqlAdapter::getAccountByUser(const QString &userId, const QString &provider)
{
    const QString method = QStringLiteral("getAccountByUser");
    return d->run(method, [userId, provider, method](SqlConnection &c) -> std::optional<AdapterAccount> {
        bool isNumber = false;
        const qint64 id = userId.toLongLong(&isNumber);
        if (!isNumber)
            return std::nullopt;
        SqlQuery q(c, QStringLiteral("SELECT %1 WHERE a.\"userId\" = ? AND a.provider = ? ORDER BY a.id LIMIT 1").arg(accountColumns),
                   method);
        q.bind(id).bind(provider);
        return q.execFirst() ? std::optional(readAccount(q)) : std::nullopt;
    });
}

QFuture<bool> SqlAdapter::claimTokenRefresh(const QString &provider, const QString &providerAccountId,
                                            std::chrono::milliseconds lease)
{
    // A claim is one allowed hit in a window of the lease's length: atomic across processes.
    return hitRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId), lease, 1);
}

QFuture<std::optional<AdapterAccount>> SqlAdapter::updateAccountTokens(const AdapterAccount &account,
                                                                       const QString &previousRefreshToken)
{
    const QString method = QStringLiteral("updateAccountTokens");
    return d->run(method, [account, previousRefreshToken, method](SqlConnection &c) -> std::optional<AdapterAccount> {
        SqlTransaction transaction(c, method);
        const std::optional<AdapterAccount> stored = selectAccount(c, account.provider, account.providerAccountId, method);
        if (!stored)
            throw AdapterError(Reason::NotFound, QStringLiteral("%1: there is no account \"%2\" of provider \"%3\"")
                                                     .arg(method, account.providerAccountId, account.provider));
        // Compare-and-swap: the row changes only while it holds the refresh token that was used.
        SqlQuery q(c, QStringLiteral("UPDATE accounts SET access_token = ?, refresh_token = ?, expires_at = ?, id_token = ?, "
                                     "scope = ?, token_type = ? WHERE id = ? AND COALESCE(refresh_token, '') = ?"),
                   method);
        q.bind(account.accessToken).bind(account.refreshToken).bind(account.expiresAt).bind(account.idToken)
            .bind(account.scope).bind(account.tokenType ? std::optional(account.tokenType->toLower()) : std::nullopt)
            .bind(stored->id.toLongLong()).bind(previousRefreshToken).exec();
        if (q.rowsAffected() != 1)
            return std::nullopt;
        SqlQuery release(c, QStringLiteral("DELETE FROM gatehouse_rate_limit WHERE \"key\" = ?"), method);
        release.bind(StoreRules::tokenRefreshKey(account.provider, account.providerAccountId)).exec();
        const std::optional<AdapterAccount> updated = selectAccount(c, account.provider, account.providerAccountId, method);
        transaction.commit();
        return updated;
    });
}

QFuture<void> SqlAdapter::releaseTokenRefresh(const QString &provider, const QString &providerAccountId)
{
    return resetRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId));
}

} // namespace Gatehouse
