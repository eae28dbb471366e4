#pragma once
/*
 * A MemoryAdapter behind a window: every verification token the engine stores is recorded
 * (so a test can try to use a token it never saw in a mail), and tokens can be made to expire
 * the moment they are stored (so expiry needs no waiting). Everything else passes through.
 */
#include <gatehouse/memoryadapter.h>

#include <QMutex>

namespace Gatehouse::Test {

class RecordingAdapter final : public Adapter
{
public:
    MemoryAdapter store;
    bool expireTokens = false;  //!< store every new token with an expiry in the past

    //! The tokens createVerificationToken() was called with, in order.
    QList<VerificationToken> createdTokens() const;

    QStringList implementedMethods() const override { return store.implementedMethods(); }
    QFuture<AdapterUser> createUser(const AdapterUser &user) override { return store.createUser(user); }
    QFuture<std::optional<AdapterUser>> getUser(const QString &id) override { return store.getUser(id); }
    QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email) override { return store.getUserByEmail(email); }
    QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider, const QString &id) override
    {
        return store.getUserByAccount(provider, id);
    }
    QFuture<AdapterUser> updateUser(const AdapterUserUpdate &update) override { return store.updateUser(update); }
    QFuture<std::optional<AdapterUser>> deleteUser(const QString &userId) override { return store.deleteUser(userId); }
    QFuture<AdapterAccount> linkAccount(const AdapterAccount &account) override { return store.linkAccount(account); }
    QFuture<std::optional<AdapterAccount>> getAccount(const QString &id, const QString &provider) override
    {
        return store.getAccount(id, provider);
    }
    QFuture<AdapterSession> createSession(const AdapterSession &session) override { return store.createSession(session); }
    QFuture<std::optional<SessionAndUser>> getSessionAndUser(const QString &token) override
    {
        return store.getSessionAndUser(token);
    }
    QFuture<std::optional<AdapterSession>> updateSession(const AdapterSessionUpdate &update) override
    {
        return store.updateSession(update);
    }
    QFuture<std::optional<AdapterSession>> deleteSession(const QString &token) override { return store.deleteSession(token); }
    QFuture<std::optional<VerificationToken>> createVerificationToken(const VerificationToken &token) override;
    QFuture<std::optional<VerificationToken>> useVerificationToken(const QString &identifier, const QString &token) override
    {
        return store.useVerificationToken(identifier, token);
    }
    QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account) override
    {
        return store.createUserAndLinkAccount(user, account);
    }

private:
    mutable QMutex m_mutex;
    QList<VerificationToken> m_created;
};

} // namespace Gatehouse::Test
