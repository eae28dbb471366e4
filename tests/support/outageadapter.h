#pragma once
/*!
 * \file outageadapter.h  A MemoryAdapter behind a switch, for tests of what the engine does
 * when its store fails: every call is recorded, and the calls named in \c methods (all of
 * them when it is empty) fail with \c failure while it is set. Header-only; link gh_storage.
 */
#include <gatehouse/adaptererror.h>
#include <gatehouse/memoryadapter.h>

#include <QPromise>
#include <QSet>
#include <QStringList>

#include <memory>
#include <mutex>
#include <optional>

namespace Gatehouse::Testing {

class OutageAdapter final : public Adapter,
                            public AuditStore,
                            public UserStateStore,
                            public RateLimitStore,
                            public AdminStore,
                            public AccountTokenStore
{
public:
    std::shared_ptr<MemoryAdapter> memory = std::make_shared<MemoryAdapter>();
    //! While set, the calls of \c methods (all, when empty) fail with it.
    std::optional<AdapterError> failure;
    QSet<QString> methods;

    //! Fails every call with AdapterError Unavailable and \a reason (a database that is down).
    void goDown(const QString &reason = QStringLiteral("cannot connect to the database: Connection refused"))
    {
        failure = AdapterError(AdapterError::Reason::Unavailable, reason);
    }
    void comeBack() { failure.reset(); }

    //! The methods called so far, in order.
    QStringList calls() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls;
    }
    //! The methods that were called while failing.
    QStringList failedCalls() const
    {
        std::lock_guard lock(m_mutex);
        return m_failed;
    }
    void clearCalls()
    {
        std::lock_guard lock(m_mutex);
        m_calls.clear();
        m_failed.clear();
    }

    QStringList implementedMethods() const override { return memory->implementedMethods(); }

    QFuture<AdapterUser> createUser(const AdapterUser &user) override
    {
        if (failing(QStringLiteral("createUser")))
            return fail<AdapterUser>();
        return memory->createUser(user);
    }
    QFuture<std::optional<AdapterUser>> getUser(const QString &id) override
    {
        if (failing(QStringLiteral("getUser")))
            return fail<std::optional<AdapterUser>>();
        return memory->getUser(id);
    }
    QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email) override
    {
        if (failing(QStringLiteral("getUserByEmail")))
            return fail<std::optional<AdapterUser>>();
        return memory->getUserByEmail(email);
    }
    QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider, const QString &providerAccountId) override
    {
        if (failing(QStringLiteral("getUserByAccount")))
            return fail<std::optional<AdapterUser>>();
        return memory->getUserByAccount(provider, providerAccountId);
    }
    QFuture<AdapterUser> updateUser(const AdapterUserUpdate &update) override
    {
        if (failing(QStringLiteral("updateUser")))
            return fail<AdapterUser>();
        return memory->updateUser(update);
    }
    QFuture<std::optional<AdapterUser>> deleteUser(const QString &userId) override
    {
        if (failing(QStringLiteral("deleteUser")))
            return fail<std::optional<AdapterUser>>();
        return memory->deleteUser(userId);
    }
    QFuture<AdapterAccount> linkAccount(const AdapterAccount &account) override
    {
        if (failing(QStringLiteral("linkAccount")))
            return fail<AdapterAccount>();
        return memory->linkAccount(account);
    }
    QFuture<std::optional<AdapterAccount>> unlinkAccount(const QString &provider, const QString &providerAccountId) override
    {
        if (failing(QStringLiteral("unlinkAccount")))
            return fail<std::optional<AdapterAccount>>();
        return memory->unlinkAccount(provider, providerAccountId);
    }
    QFuture<std::optional<AdapterAccount>> getAccount(const QString &providerAccountId, const QString &provider) override
    {
        if (failing(QStringLiteral("getAccount")))
            return fail<std::optional<AdapterAccount>>();
        return memory->getAccount(providerAccountId, provider);
    }
    QFuture<AdapterSession> createSession(const AdapterSession &session) override
    {
        if (failing(QStringLiteral("createSession")))
            return fail<AdapterSession>();
        return memory->createSession(session);
    }
    QFuture<std::optional<SessionAndUser>> getSessionAndUser(const QString &sessionToken) override
    {
        if (failing(QStringLiteral("getSessionAndUser")))
            return fail<std::optional<SessionAndUser>>();
        return memory->getSessionAndUser(sessionToken);
    }
    QFuture<std::optional<AdapterSession>> updateSession(const AdapterSessionUpdate &update) override
    {
        if (failing(QStringLiteral("updateSession")))
            return fail<std::optional<AdapterSession>>();
        return memory->updateSession(update);
    }
    QFuture<std::optional<AdapterSession>> deleteSession(const QString &sessionToken) override
    {
        if (failing(QStringLiteral("deleteSession")))
            return fail<std::optional<AdapterSession>>();
        return memory->deleteSession(sessionToken);
    }
    QFuture<std::optional<VerificationToken>> createVerificationToken(const VerificationToken &token) override
    {
        if (failing(QStringLiteral("createVerificationToken")))
            return fail<std::optional<VerificationToken>>();
        return memory->createVerificationToken(token);
    }
    QFuture<std::optional<VerificationToken>> useVerificationToken(const QString &identifier, const QString &token) override
    {
        if (failing(QStringLiteral("useVerificationToken")))
            return fail<std::optional<VerificationToken>>();
        return memory->useVerificationToken(identifier, token);
    }
    QFuture<AdapterAuthenticator> createAuthenticator(const AdapterAuthenticator &authenticator) override
    {
        if (failing(QStringLiteral("createAuthenticator")))
            return fail<AdapterAuthenticator>();
        return memory->createAuthenticator(authenticator);
    }
    QFuture<std::optional<AdapterAuthenticator>> getAuthenticator(const QString &credentialID) override
    {
        if (failing(QStringLiteral("getAuthenticator")))
            return fail<std::optional<AdapterAuthenticator>>();
        return memory->getAuthenticator(credentialID);
    }
    QFuture<QList<AdapterAuthenticator>> listAuthenticatorsByUserId(const QString &userId) override
    {
        if (failing(QStringLiteral("listAuthenticatorsByUserId")))
            return fail<QList<AdapterAuthenticator>>();
        return memory->listAuthenticatorsByUserId(userId);
    }
    QFuture<AdapterAuthenticator> updateAuthenticatorCounter(const QString &credentialID, qint64 newCounter) override
    {
        if (failing(QStringLiteral("updateAuthenticatorCounter")))
            return fail<AdapterAuthenticator>();
        return memory->updateAuthenticatorCounter(credentialID, newCounter);
    }
    QFuture<std::optional<AdapterAuthenticator>> deleteAuthenticator(const QString &credentialID) override
    {
        if (failing(QStringLiteral("deleteAuthenticator")))
            return fail<std::optional<AdapterAuthenticator>>();
        return memory->deleteAuthenticator(credentialID);
    }
    QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account) override
    {
        if (failing(QStringLiteral("createUserAndLinkAccount")))
            return fail<UserAndAccount>();
        return memory->createUserAndLinkAccount(user, account);
    }
    QFuture<qint64> appendAudit(const AuditEvent &event) override
    {
        if (failing(QStringLiteral("appendAudit")))
            return fail<qint64>();
        return memory->appendAudit(event);
    }
    QFuture<QList<AuditEvent>> auditEvents(const AuditFilter &filter, int limit, int offset) override
    {
        if (failing(QStringLiteral("auditEvents")))
            return fail<QList<AuditEvent>>();
        return memory->auditEvents(filter, limit, offset);
    }
    QFuture<void> setPassword(const QString &userId, const QString &hash) override
    {
        if (failing(QStringLiteral("setPassword")))
            return fail<void>();
        return memory->setPassword(userId, hash);
    }
    QFuture<void> setPasswordDisabled(const QString &userId, bool disabled) override
    {
        if (failing(QStringLiteral("setPasswordDisabled")))
            return fail<void>();
        return memory->setPasswordDisabled(userId, disabled);
    }
    QFuture<std::optional<PasswordCredential>> passwordHash(const QString &email) override
    {
        if (failing(QStringLiteral("passwordHash")))
            return fail<std::optional<PasswordCredential>>();
        return memory->passwordHash(email);
    }
    QFuture<void> setUserDisabled(const QString &userId, bool disabled) override
    {
        if (failing(QStringLiteral("setUserDisabled")))
            return fail<void>();
        return memory->setUserDisabled(userId, disabled);
    }
    QFuture<bool> isUserDisabled(const QString &userId) override
    {
        if (failing(QStringLiteral("isUserDisabled")))
            return fail<bool>();
        return memory->isUserDisabled(userId);
    }
    QFuture<std::optional<SessionAndUserState>> getSessionAndUserState(const QString &sessionToken) override
    {
        if (failing(QStringLiteral("getSessionAndUserState")))
            return fail<std::optional<SessionAndUserState>>();
        return memory->getSessionAndUserState(sessionToken);
    }
    QFuture<bool> hitRateLimit(const QString &key, std::chrono::milliseconds window, int limit) override
    {
        if (failing(QStringLiteral("hitRateLimit")))
            return fail<bool>();
        return memory->hitRateLimit(key, window, limit);
    }
    QFuture<bool> rateLimitAllows(const QString &key, std::chrono::milliseconds window, int limit) override
    {
        if (failing(QStringLiteral("rateLimitAllows")))
            return fail<bool>();
        return memory->rateLimitAllows(key, window, limit);
    }
    QFuture<void> resetRateLimit(const QString &key) override
    {
        if (failing(QStringLiteral("resetRateLimit")))
            return fail<void>();
        return memory->resetRateLimit(key);
    }
    QFuture<void> refundRateLimit(const QString &key, std::chrono::milliseconds window) override
    {
        if (failing(QStringLiteral("refundRateLimit")))
            return fail<void>();
        return memory->refundRateLimit(key, window);
    }
    QFuture<qint64> countUsers(const QString &search) override
    {
        if (failing(QStringLiteral("countUsers")))
            return fail<qint64>();
        return memory->countUsers(search);
    }
    QFuture<qint64> countUsers(const QString &search, const QString &group) override
    {
        if (failing(QStringLiteral("countUsers")))
            return fail<qint64>();
        return memory->countUsers(search, group);
    }
    QFuture<qint64> deleteUserSessions(const QString &userId) override
    {
        if (failing(QStringLiteral("deleteUserSessions")))
            return fail<qint64>();
        return memory->deleteUserSessions(userId);
    }
    QFuture<QList<UserListEntry>> listUsersPage(const UserPageRequest &request) override
    {
        if (failing(QStringLiteral("listUsersPage")))
            return fail<QList<UserListEntry>>();
        return memory->listUsersPage(request);
    }
    QFuture<QList<AdapterAccount>> listAccounts(const QString &userId) override
    {
        if (failing(QStringLiteral("listAccounts")))
            return fail<QList<AdapterAccount>>();
        return memory->listAccounts(userId);
    }
    QFuture<QList<SessionListEntry>> listSessionEntries(const SessionFilter &filter, qint64 offset, int limit) override
    {
        if (failing(QStringLiteral("listSessionEntries")))
            return fail<QList<SessionListEntry>>();
        return memory->listSessionEntries(filter, offset, limit);
    }
    QFuture<qint64> countSessionEntries(const SessionFilter &filter) override
    {
        if (failing(QStringLiteral("countSessionEntries")))
            return fail<qint64>();
        return memory->countSessionEntries(filter);
    }
    QFuture<qint64> countExpiredSessions() override
    {
        if (failing(QStringLiteral("countExpiredSessions")))
            return fail<qint64>();
        return memory->countExpiredSessions();
    }
    QFuture<qint64> deleteExpiredSessionsBatch(int limit) override
    {
        if (failing(QStringLiteral("deleteExpiredSessionsBatch")))
            return fail<qint64>();
        return memory->deleteExpiredSessionsBatch(limit);
    }
    QFuture<QList<AuditDayCount>> auditDailyCounts(const QStringList &types, const QDateTime &from, const QDateTime &to) override
    {
        if (failing(QStringLiteral("auditDailyCounts")))
            return fail<QList<AuditDayCount>>();
        return memory->auditDailyCounts(types, from, to);
    }
    QFuture<QList<AuditProviderCount>> auditTopProviders(const QString &type, const QDateTime &from, const QDateTime &to, int limit) override
    {
        if (failing(QStringLiteral("auditTopProviders")))
            return fail<QList<AuditProviderCount>>();
        return memory->auditTopProviders(type, from, to, limit);
    }
    QFuture<std::optional<AdapterAccount>> getAccountByUser(const QString &userId, const QString &provider) override
    {
        if (failing(QStringLiteral("getAccountByUser")))
            return fail<std::optional<AdapterAccount>>();
        return memory->getAccountByUser(userId, provider);
    }
    QFuture<bool> claimTokenRefresh(const QString &provider, const QString &providerAccountId, std::chrono::milliseconds lease) override
    {
        if (failing(QStringLiteral("claimTokenRefresh")))
            return fail<bool>();
        return memory->claimTokenRefresh(provider, providerAccountId, lease);
    }
    QFuture<std::optional<AdapterAccount>> updateAccountTokens(const AdapterAccount &account, const QString &previousRefreshToken) override
    {
        if (failing(QStringLiteral("updateAccountTokens")))
            return fail<std::optional<AdapterAccount>>();
        return memory->updateAccountTokens(account, previousRefreshToken);
    }
    QFuture<void> releaseTokenRefresh(const QString &provider, const QString &providerAccountId) override
    {
        if (failing(QStringLiteral("releaseTokenRefresh")))
            return fail<void>();
        return memory->releaseTokenRefresh(provider, providerAccountId);
    }

private:
    bool failing(const QString &method)
    {
        std::lock_guard lock(m_mutex);
        m_calls.append(method);
        const bool fails = failure && (methods.isEmpty() || methods.contains(method));
        if (fails)
            m_failed.append(method);
        return fails;
    }
    template<typename T>
    QFuture<T> fail() const
    {
        QPromise<T> promise;
        promise.start();
        promise.setException(*failure);
        promise.finish();
        return promise.future();
    }

    mutable std::mutex m_mutex;
    QStringList m_calls;
    QStringList m_failed;
};

} // namespace Gatehouse::Testing
