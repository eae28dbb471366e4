#pragma once
/*! \file sqladapter.h  The adapter over Qt SQL: SQLite, PostgreSQL and MariaDB. */
#include <gatehouse/adapter.h>
#include <gatehouse/gatehousestore.h>
#include <gatehouse/storehealth.h>

#include <functional>
#include <memory>
#include <optional>

namespace Gatehouse {

/*!
 * Where and how SqlAdapter connects. Usually made from a URL:
 * - \c sqlite:///var/lib/gatehouse/gatehouse.db — an absolute path (three slashes);
 * - \c sqlite:gatehouse.db or \c sqlite:data/gatehouse.db — relative to the working directory;
 * - \c sqlite::memory: — a private in-memory database (one connection, so one thread);
 * - \c postgresql://user:password\@host:port/database (also \c postgres://);
 * - \c postgresql://user\@host1:port1,host2:port2/database?target_session_attrs=read-write — a
 *   primary and its standbys: libpq tries the hosts in order and keeps the first that takes
 *   writes (read-write, the default with several hosts; also \c primary or \c any). A connection
 *   that finds itself on a standby after a failover is dropped and opened anew the same way.
 * - \c mysql://user:password\@host:port/database (also \c mariadb://; needs MariaDB 10.5 or later).
 *
 * User names and passwords are percent-decoded. Without a password in the URL, the environment
 * variable \c DATABASE_PASSWORD is used when set. For PostgreSQL and MariaDB, query items are
 * handed to the Qt driver as its connect options (\c postgresql://h/db?sslmode=require becomes
 * \c "sslmode=require"). SQLite takes two, set on every connection as the PRAGMAs of the same
 * names: \c cache_size (pages, or KiB when negative; Gatehouse's default is
 * defaultSqliteCacheSize, 64 MiB per connection, where SQLite's own is 2 MB) and \c mmap_size
 * (bytes of the file read through a memory map; default 0, none; Debian's SQLite allows at most
 * 2147418112): \c sqlite:///var/lib/gatehouse/gatehouse.db?mmap_size=2147418112. Pages read
 * through a memory map count towards the process's resident size (as shared file pages, which
 * the kernel may reclaim); tests/bench/database/README.md has what both options cost and bring.
 */
struct GATEHOUSE_EXPORT SqlAdapterOptions
{
    enum class Backend { SQLite, PostgreSQL, MySQL };

    Backend backend = Backend::SQLite;
    QString databaseName;        //!< SQLite: the file path or ":memory:"
    //! Empty: the driver's default (PostgreSQL: the local socket). PostgreSQL: several hosts
    //! comma-separated, as libpq takes them (their ports in hostPorts).
    QString host;
    int port = -1;               //!< -1: the driver's default (and with several hosts)
    //! PostgreSQL with several hosts: each one's port in the order of \c host (-1: the default);
    //! empty with one host. connectOptions hands them to libpq (\c port=5432,5433).
    QList<int> hostPorts;
    //! PostgreSQL: libpq's \c target_session_attrs (also in connectOptions); empty when not set.
    QString targetSessionAttrs;
    QString userName;
    QString password;
    QString connectOptions;      //!< QSqlDatabase::setConnectOptions() for the driver
    //! SQLite: PRAGMA cache_size (pages, or KiB when negative); unset: defaultSqliteCacheSize.
    std::optional<qint64> sqliteCacheSize;
    std::optional<qint64> sqliteMmapSize;   //!< SQLite: PRAGMA mmap_size; unset: SQLite's default (0)
    int maxThreads = 4;          //!< storage threads, each with its own connection

    /*!
     * Gatehouse's SQLite page cache per connection: 64 MiB (SQLite's own default is 2 MB). It
     * fills only with pages that are read, so a small database costs no more.
     */
    static constexpr qint64 defaultSqliteCacheSize = -65536;

    //! Parses \a url; on failure returns nullopt and says what is wrong in \a errorMessage.
    static std::optional<SqlAdapterOptions> fromUrl(const QString &url, QString *errorMessage = nullptr);
    //! The Qt SQL driver: "QSQLITE", "QPSQL" or "QMYSQL".
    QString driverName() const;
    //! The URL without the password, for logs and the admin app.
    QString displayUrl() const;
};

class SqlAdapterPrivate;

/*!
 * Implements the Adapter contract and every store interface (gatehousestore.h) on a relational
 * database, in the tables of Auth.js's SQL adapters (\c users, \c accounts, \c sessions,
 * \c verification_token, quoted camelCase columns) plus \c authenticators and Gatehouse's own
 * \c gatehouse_* tables. A database made by Auth.js's PostgreSQL adapter is used as it is:
 * migrate() only adds what is missing.
 *
 * Calls run on a thread pool owned by the adapter (\c maxThreads threads, kept alive); each
 * thread holds its own connection, opened on first use. When a connection turns out to be
 * lost, it is reopened and the call is run once more. Values are always bound, never spliced
 * into SQL. Multi-step writes run in one transaction. Destroying the adapter runs the calls
 * already made and then ends its threads; that works on any thread, also in a continuation that
 * one of those threads runs (the ending then happens on a thread of its own).
 *
 * SQLite connections use WAL, \c foreign_keys=ON and a 5 s busy timeout. User ids are the
 * database's integer ids, as strings.
 *
 * When the database cannot be reached (refused, timed out, shutting down, an SQLite file moved
 * away), calls fail with AdapterError Reason::Unavailable; while it stays so, one call at a
 * time tries it again and the others fail at once, and the outage is logged once, not per call
 * (see health()). Connections to PostgreSQL and MariaDB time out after 2 s (the URL's
 * \c connect_timeout or \c MYSQL_OPT_CONNECT_TIMEOUT overrides it), and a server that falls
 * silent is given up within seconds (TCP keepalives; read and write timeouts on MariaDB).
 */
class GATEHOUSE_EXPORT SqlAdapter final : public Adapter,
                                          public AuditStore,
                                          public UserStateStore,
                                          public RateLimitStore,
                                          public AdminStore,
                                          public AccountTokenStore,
                                          public AccountStore,
                                          public TwoFactorStore,
                                          public GroupStore,
                                          public OidcKeyStore,
                                          public OidcCodeStore,
                                          public OidcSessionStore,
                                          public OidcGrantStore,
                                          public OidcConsentStore,
                                          public PasswordResetStore,
                                          public AuditFeedStore,
                                          public AdminTokenStore,
                                          public UserTransferStore,
                                          public NoticePreferenceStore,
                                          public WebhookStore
{
public:
    explicit SqlAdapter(const SqlAdapterOptions &options);
    ~SqlAdapter() override;

    //! An adapter for \a url (see SqlAdapterOptions), or null with the reason in \a errorMessage.
    static std::unique_ptr<SqlAdapter> fromUrl(const QString &url, QString *errorMessage = nullptr);

    const SqlAdapterOptions &options() const;

    /*!
     * Whether the database answered the latest call, and since when it does not (see
     * StoreHealth). Cheap and thread-safe: for a readiness check. An adapter that has made no
     * call since the database went away still says reachable; probe() asks.
     */
    StoreStatus health() const;
    //! Asks the database (\c SELECT 1) and finishes with health() afterwards; never fails.
    //! The adapter must live until the future has finished.
    QFuture<StoreStatus> probe();

    //! Receives one human-readable line per migration step (on a storage thread). Without
    //! one, migrate() writes the lines to the \c gatehouse.storage log category.
    using ProgressFunction = std::function<void(const QString &line)>;
    /*!
     * Brings the schema to latestSchemaVersion(): creates missing tables and indexes, each
     * step recorded in \c gatehouse_schema_version. On SQLite and PostgreSQL the whole
     * migration is one transaction, so a failed step leaves the schema as it was; on MariaDB
     * (DDL commits by itself) each step is one, and the steps before a failed one stay applied.
     * Running it again changes nothing; several processes may run it at once. Finishes with the
     * version reached; fails with an AdapterError naming the step and quoting the database's
     * error when one fails, or when the database is newer than this build.
     */
    QFuture<int> migrate(ProgressFunction progress = {});
    //! The version recorded in the database; 0 when no Gatehouse migration has run.
    QFuture<int> schemaVersion();
    //! The schema version this build creates.
    static int latestSchemaVersion();

    QStringList implementedMethods() const override;

    QFuture<AdapterUser> createUser(const AdapterUser &user) override;
    QFuture<std::optional<AdapterUser>> getUser(const QString &id) override;
    QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email) override;
    QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider,
                                                         const QString &providerAccountId) override;
    QFuture<AdapterUser> updateUser(const AdapterUserUpdate &update) override;
    QFuture<std::optional<AdapterUser>> deleteUser(const QString &userId) override;
    QFuture<AdapterAccount> linkAccount(const AdapterAccount &account) override;
    QFuture<std::optional<AdapterAccount>> unlinkAccount(const QString &provider,
                                                         const QString &providerAccountId) override;
    QFuture<std::optional<AdapterAccount>> getAccount(const QString &providerAccountId,
                                                      const QString &provider) override;
    QFuture<AdapterSession> createSession(const AdapterSession &session) override;
    QFuture<std::optional<SessionAndUser>> getSessionAndUser(const QString &sessionToken) override;
    QFuture<std::optional<AdapterSession>> updateSession(const AdapterSessionUpdate &update) override;
    QFuture<std::optional<AdapterSession>> deleteSession(const QString &sessionToken) override;
    QFuture<std::optional<VerificationToken>> createVerificationToken(const VerificationToken &token) override;
    QFuture<std::optional<VerificationToken>> useVerificationToken(const QString &identifier,
                                                                   const QString &token) override;
    QFuture<AdapterAuthenticator> createAuthenticator(const AdapterAuthenticator &authenticator) override;
    QFuture<std::optional<AdapterAuthenticator>> getAuthenticator(const QString &credentialID) override;
    QFuture<QList<AdapterAuthenticator>> listAuthenticatorsByUserId(const QString &userId) override;
    QFuture<AdapterAuthenticator> updateAuthenticatorCounter(const QString &credentialID,
                                                             qint64 newCounter) override;
    QFuture<std::optional<AdapterAuthenticator>> deleteAuthenticator(const QString &credentialID) override;
    QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &user,
                                                     const AdapterAccount &account) override;

    // AuditStore
    QFuture<qint64> appendAudit(const AuditEvent &event) override;
    QFuture<QList<AuditEvent>> auditEvents(const AuditFilter &filter, int limit, int offset = 0) override;

    // UserStateStore
    QFuture<void> setPassword(const QString &userId, const QString &hash) override;
    QFuture<void> setPasswordDisabled(const QString &userId, bool disabled) override;
    QFuture<std::optional<PasswordCredential>> passwordHash(const QString &email) override;
    QFuture<void> setUserDisabled(const QString &userId, bool disabled) override;
    QFuture<bool> isUserDisabled(const QString &userId) override;
    QFuture<std::optional<SessionAndUserState>> getSessionAndUserState(const QString &sessionToken) override;
    QFuture<qint64> deleteUserSessions(const QString &userId) override;

    // RateLimitStore
    QFuture<bool> hitRateLimit(const QString &key, std::chrono::milliseconds window, int limit) override;
    QFuture<bool> rateLimitAllows(const QString &key, std::chrono::milliseconds window, int limit) override;
    QFuture<void> resetRateLimit(const QString &key) override;
    QFuture<void> refundRateLimit(const QString &key, std::chrono::milliseconds window) override;
    QFuture<QList<RateLimitCount>> rateLimitCounts(const QStringList &keyPrefixes) override;
    QFuture<qint64> resetRateLimits(const QStringList &keys) override;

    // AdminStore
    QFuture<QList<UserListEntry>> listUsersPage(const UserPageRequest &request) override;
    QFuture<qint64> countUsers(const QString &search) override;
    QFuture<qint64> countUsers(const QString &search, const QString &group) override;
    QFuture<qint64> countUsersUpTo(const QString &search, const QString &group, qint64 limit) override;
    QFuture<QList<AdapterAccount>> listAccounts(const QString &userId) override;
    QFuture<QList<SessionListEntry>> listSessionEntries(const SessionFilter &filter, qint64 offset, int limit) override;
    QFuture<qint64> countSessionEntries(const SessionFilter &filter) override;
    QFuture<qint64> countExpiredSessions() override;
    QFuture<qint64> deleteExpiredSessionsBatch(int limit) override;
    QFuture<QList<AuditDayCount>> auditDailyCounts(const QStringList &types, const QDateTime &from,
                                                   const QDateTime &to) override;
    QFuture<QList<AuditProviderCount>> auditTopProviders(const QString &type, const QDateTime &from,
                                                         const QDateTime &to, int limit) override;

    // AccountTokenStore
    QFuture<std::optional<AdapterAccount>> getAccountByUser(const QString &userId, const QString &provider) override;
    QFuture<bool> claimTokenRefresh(const QString &provider, const QString &providerAccountId,
                                    std::chrono::milliseconds lease) override;
    QFuture<std::optional<AdapterAccount>> updateAccountTokens(const AdapterAccount &account,
                                                               const QString &previousRefreshToken) override;
    QFuture<void> releaseTokenRefresh(const QString &provider, const QString &providerAccountId) override;

    // AccountStore
    QFuture<void> recordSessionDetails(const SessionDetails &details) override;
    QFuture<QList<UserSessionRecord>> userSessions(const QString &userId) override;
    QFuture<std::optional<SessionDetails>> sessionDetails(const QString &userId, const QString &sessionToken) override;
    QFuture<void> setSessionsNotBefore(const QString &userId, const QDateTime &notBefore) override;
    QFuture<std::optional<QDateTime>> sessionsNotBefore(const QString &userId) override;
    QFuture<void> recordPasskey(const PasskeyDetails &details) override;
    QFuture<void> recordPasskeyUse(const QString &credentialID, const QDateTime &at) override;
    QFuture<QList<UserPasskeyRecord>> userPasskeys(const QString &userId) override;
    QFuture<bool> renamePasskey(const QString &userId, const QString &credentialID, const QString &name) override;

    // TwoFactorStore
    QFuture<void> beginTotpEnrolment(const TotpEnrolment &enrolment) override;
    QFuture<std::optional<TotpEnrolment>> totpEnrolment(const QString &userId) override;
    QFuture<bool> confirmTotpEnrolment(const QString &userId, const QString &sealedSecret, qint64 timeStep,
                                       const QStringList &recoveryCodeHashes) override;
    QFuture<bool> acceptTotpTimeStep(const QString &userId, qint64 timeStep) override;
    QFuture<bool> resealTotpSecret(const QString &userId, const QString &previous, const QString &sealed) override;
    QFuture<void> replaceRecoveryCodes(const QString &userId, const QStringList &hashes) override;
    QFuture<bool> useRecoveryCode(const QString &userId, const QString &hash) override;
    QFuture<int> recoveryCodesLeft(const QString &userId) override;
    QFuture<bool> removeTwoFactor(const QString &userId) override;

    // UserTransferStore
    QFuture<QList<UserImportOutcome>> importUsers(const UserImportBatch &batch) override;
    QFuture<QList<UserTransferRecord>> exportUsers() override;

    // GroupStore
    QFuture<QStringList> userGroups(const QString &userId) override;
    QFuture<void> setUserGroups(const QString &userId, const QStringList &groups) override;
    QFuture<bool> addUserGroup(const QString &userId, const QString &group) override;
    QFuture<bool> removeUserGroup(const QString &userId, const QString &group) override;
    QFuture<QList<AdapterUser>> groupMembers(const QString &group) override;

    // OidcKeyStore
    QFuture<QList<OidcSigningKeyRecord>> oidcSigningKeys() override;
    QFuture<bool> addOidcSigningKey(const OidcSigningKeyRecord &key) override;
    QFuture<qint64> removeOidcSigningKeys(const QStringList &kids) override;

    // OidcCodeStore
    QFuture<void> addOidcCode(const OidcAuthorizationCode &code) override;
    QFuture<std::optional<OidcAuthorizationCode>> takeOidcCode(const QString &codeHash) override;

    // OidcSessionStore
    QFuture<void> addOidcSessionClient(const OidcSessionClient &client) override;
    QFuture<int> queueOidcLogouts(const QString &sid) override;
    QFuture<int> queueOidcLogoutsOfUser(const QString &userId, const QString &keepSid) override;
    QFuture<QList<OidcLogoutDelivery>> claimOidcLogouts(const QString &lease, const QDateTime &now,
                                                        const QDateTime &leaseUntil, int limit) override;
    QFuture<bool> finishOidcLogout(const OidcLogoutDelivery &delivery) override;
    QFuture<bool> retryOidcLogout(const OidcLogoutDelivery &delivery) override;
    QFuture<qint64> countOidcLogouts() override;

    // OidcGrantStore
    QFuture<void> addOidcGrant(const OidcGrant &grant, const OidcRefreshToken &token, const QString &codeHash) override;
    QFuture<OidcRefreshRedemption> redeemOidcRefreshToken(const QString &tokenHash, const OidcRefreshToken &next) override;
    QFuture<std::optional<OidcRefreshTokenState>> oidcRefreshToken(const QString &tokenHash) override;
    QFuture<bool> isOidcGrantActive(const QString &grantId) override;
    QFuture<bool> revokeOidcGrant(const QString &grantId) override;

    // OidcConsentStore
    QFuture<OidcConsent> grantOidcConsent(const QString &userId, const QString &clientId, const QStringList &scopes,
                                          const QDateTime &at) override;
    QFuture<std::optional<OidcConsent>> oidcConsent(const QString &userId, const QString &clientId) override;
    QFuture<QList<OidcConsent>> oidcConsentsOfUser(const QString &userId) override;
    QFuture<bool> revokeOidcConsent(const QString &userId, const QString &clientId) override;

    // PasswordResetStore
    QFuture<void> createPasswordReset(const PasswordResetRecord &record) override;
    QFuture<std::optional<PasswordResetRecord>> passwordReset(const QString &tokenHash) override;
    QFuture<std::optional<PasswordResetRecord>> usePasswordReset(const QString &tokenHash) override;
    QFuture<qint64> deletePasswordResets(const QString &userId) override;

    // AuditFeedStore
    QFuture<QList<AuditEvent>> auditEventsAfter(qint64 afterId, int limit) override;
    QFuture<std::optional<qint64>> claimAuditCursor(const QString &name, const QString &holder,
                                                    std::chrono::seconds lease) override;
    QFuture<bool> advanceAuditCursor(const QString &name, const QString &holder, qint64 position) override;

    // AdminTokenStore
    QFuture<void> createAdminToken(const AdminTokenRecord &record) override;
    QFuture<std::optional<AdminTokenRecord>> adminTokenByHash(const QString &tokenHash) override;
    QFuture<QList<AdminTokenRecord>> adminTokens() override;
    QFuture<bool> revokeAdminToken(const QString &name, const QDateTime &when) override;
    QFuture<void> touchAdminToken(const QString &tokenHash, const QDateTime &when) override;

    // NoticePreferenceStore
    QFuture<QList<NoticePreference>> noticePreferences(const QString &userId) override;
    QFuture<void> setNoticePreference(const QString &userId, const NoticePreference &preference) override;

    // WebhookStore
    QFuture<std::optional<WebhookRetry>> webhookRetry(const QString &webhook) override;
    QFuture<void> saveWebhookRetry(const WebhookRetry &retry) override;
    QFuture<bool> clearWebhookRetry(const QString &webhook) override;

private:
    std::unique_ptr<SqlAdapterPrivate> d;
};

} // namespace Gatehouse
