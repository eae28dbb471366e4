#pragma once
/*! \file memoryadapter.h  A complete adapter that keeps everything in memory (tests, demos). */
#include <gatehouse/adapter.h>
#include <gatehouse/gatehousestore.h>

#include <memory>

namespace Gatehouse {

class MemoryAdapterPrivate;

/*!
 * Implements the whole Adapter contract and every store interface (gatehousestore.h) in
 * memory, with the same rules as SqlAdapter: user ids are assigned as increasing integers
 * ("1", "2", ...), emails and (provider, providerAccountId) are unique, deleting a user cascades. Thread-safe; every
 * future it returns is already finished. Data is lost when the object is destroyed.
 */
class GATEHOUSE_EXPORT MemoryAdapter final : public Adapter,
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
    MemoryAdapter();
    ~MemoryAdapter() override;

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
    std::unique_ptr<MemoryAdapterPrivate> d;
};

} // namespace Gatehouse
