// MemoryAdapter's Adapter contract: users, accounts, sessions, verification tokens, authenticators.
#include <gatehouse/memoryadapter.h>

#include "storage/memoryadapter_p.h"
#include "storage/settle.h"

namespace Gatehouse {

using namespace MemoryDetail;
using Reason = AdapterError::Reason;
using Futures::settle;

MemoryAdapter::MemoryAdapter()
    : d(std::make_unique<MemoryAdapterPrivate>())
{
}

MemoryAdapter::~MemoryAdapter() = default;

QStringList MemoryAdapter::implementedMethods() const
{
    return contractMethods();
}

QFuture<AdapterUser> MemoryAdapter::createUser(const AdapterUser &user)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return d->insertUser(user, QStringLiteral("createUser"));
    });
}

QFuture<std::optional<AdapterUser>> MemoryAdapter::getUser(const QString &id)
{
    return settle([&]() -> std::optional<AdapterUser> {
        QReadLocker locker(&d->lock);
        const AdapterUser *user = d->user(id);
        return user ? std::optional(*user) : std::nullopt;
    });
}

QFuture<std::optional<AdapterUser>> MemoryAdapter::getUserByEmail(const QString &email)
{
    return settle([&]() -> std::optional<AdapterUser> {
        QReadLocker locker(&d->lock);
        const AdapterUser *user = d->userByEmail(email);
        return user ? std::optional(*user) : std::nullopt;
    });
}

QFuture<std::optional<AdapterUser>> MemoryAdapter::getUserByAccount(const QString &provider,
                                                                    const QString &providerAccountId)
{
    return settle([&]() -> std::optional<AdapterUser> {
        QReadLocker locker(&d->lock);
        const auto account = d->accounts.constFind({provider, providerAccountId});
        if (account == d->accounts.cend())
            return std::nullopt;
        const AdapterUser *user = d->user(account->userId);
        return user ? std::optional(*user) : std::nullopt;
    });
}

QFuture<AdapterUser> MemoryAdapter::updateUser(const AdapterUserUpdate &update)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QString method = QStringLiteral("updateUser");
        d->requireUser(update.id(), method);
        if (update.hasEmail())
            d->requireFreeEmail(update.email(), update.id(), method);
        AdapterUser &user = d->users[update.id().toLongLong()];
        update.applyTo(user);
        user = normalised(user);
        return user;
    });
}

QFuture<std::optional<AdapterUser>> MemoryAdapter::deleteUser(const QString &userId)
{
    return settle([&]() -> std::optional<AdapterUser> {
        QWriteLocker locker(&d->lock);
        const AdapterUser *user = d->user(userId);
        if (!user)
            return std::nullopt;
        const AdapterUser deleted = *user;
        d->users.remove(userId.toLongLong());
        d->accounts.removeIf([&](const auto &it) { return it.value().userId == userId; });
        d->sessions.removeIf([&](const auto &it) { return it.value().userId == userId; });
        d->authenticators.removeIf([&](const auto &it) { return it.value().userId == userId; });
        d->passkeys.removeIf([&](const auto &it) { return it.value().userId == userId; });
        d->passwords.remove(userId);
        d->disabledUsers.remove(userId);
        d->totp.remove(userId);
        d->recoveryCodes.remove(userId);
        d->groups.remove(userId);
        d->noticePreferences.remove(userId);
        d->oidcConsents.removeIf([&](const auto &it) { return it.value().userId == userId; });
        d->passwordResets.removeIf([&](const PasswordResetRecord &r) { return r.userId == userId; });
        return deleted;
    });
}

QFuture<AdapterAccount> MemoryAdapter::linkAccount(const AdapterAccount &account)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return d->insertAccount(account, QStringLiteral("linkAccount"));
    });
}

QFuture<std::optional<AdapterAccount>> MemoryAdapter::unlinkAccount(const QString &provider,
                                                                    const QString &providerAccountId)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QWriteLocker locker(&d->lock);
        const auto it = d->accounts.find({provider, providerAccountId});
        if (it == d->accounts.end())
            return std::nullopt;
        const AdapterAccount removed = *it;
        d->accounts.erase(it);
        return removed;
    });
}

QFuture<std::optional<AdapterAccount>> MemoryAdapter::getAccount(const QString &providerAccountId,
                                                                 const QString &provider)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QReadLocker locker(&d->lock);
        const auto it = d->accounts.constFind({provider, providerAccountId});
        return it == d->accounts.cend() ? std::nullopt : std::optional(*it);
    });
}

QFuture<AdapterSession> MemoryAdapter::createSession(const AdapterSession &session)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QString method = QStringLiteral("createSession");
        StoreRules::checkSession(session, method);
        d->requireUser(session.userId, method);
        if (d->sessions.contains(session.sessionToken))
            throw AdapterError(Reason::Conflict, QStringLiteral("%1: the session token is already in use").arg(method));
        const AdapterSession stored{session.sessionToken, session.userId, utc(session.expires)};
        d->sessions.insert(stored.sessionToken, stored);
        return stored;
    });
}

QFuture<std::optional<SessionAndUser>> MemoryAdapter::getSessionAndUser(const QString &sessionToken)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return d->sessionAndUser(sessionToken);
    });
}

QFuture<std::optional<AdapterSession>> MemoryAdapter::updateSession(const AdapterSessionUpdate &update)
{
    return settle([&]() -> std::optional<AdapterSession> {
        QWriteLocker locker(&d->lock);
        const auto it = d->sessions.find(update.sessionToken());
        if (it == d->sessions.end())
            return std::nullopt;
        if (update.hasUserId())
            d->requireUser(update.userId(), QStringLiteral("updateSession"));
        update.applyTo(*it);
        it->expires = utc(it->expires);
        return *it;
    });
}

QFuture<std::optional<AdapterSession>> MemoryAdapter::deleteSession(const QString &sessionToken)
{
    return settle([&]() -> std::optional<AdapterSession> {
        QWriteLocker locker(&d->lock);
        const auto it = d->sessions.find(sessionToken);
        if (it == d->sessions.end())
            return std::nullopt;
        const AdapterSession removed = *it;
        d->sessions.erase(it);
        return removed;
    });
}

QFuture<std::optional<VerificationToken>> MemoryAdapter::createVerificationToken(const VerificationToken &token)
{
    return settle([&]() -> std::optional<VerificationToken> {
        StoreRules::checkVerificationToken(token, QStringLiteral("createVerificationToken"));
        QWriteLocker locker(&d->lock);
        const bool taken = std::any_of(d->tokens.cbegin(), d->tokens.cend(),
                                       [&](const VerificationToken &t) { return t.token == token.token; });
        if (taken)
            throw AdapterError(Reason::Conflict, QStringLiteral("createVerificationToken: the token already exists"));
        const VerificationToken stored{token.identifier, token.token, utc(token.expires)};
        d->tokens.append(stored);
        return stored;
    });
}

QFuture<std::optional<VerificationToken>> MemoryAdapter::useVerificationToken(const QString &identifier,
                                                                              const QString &token)
{
    return settle([&]() -> std::optional<VerificationToken> {
        QWriteLocker locker(&d->lock);
        const auto it = std::find_if(d->tokens.begin(), d->tokens.end(), [&](const VerificationToken &t) {
            return t.identifier == identifier && t.token == token;
        });
        if (it == d->tokens.end())
            return std::nullopt;
        const VerificationToken used = *it;
        d->tokens.erase(it);
        return used;
    });
}

QFuture<AdapterAuthenticator> MemoryAdapter::createAuthenticator(const AdapterAuthenticator &authenticator)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QString method = QStringLiteral("createAuthenticator");
        StoreRules::checkAuthenticator(authenticator, method);
        d->requireUser(authenticator.userId, method);
        if (d->authenticators.contains(authenticator.credentialID))
            throw AdapterError(Reason::Conflict, QStringLiteral("%1: the credential ID is already registered").arg(method));
        d->authenticators.insert(authenticator.credentialID, authenticator);
        return authenticator;
    });
}

QFuture<std::optional<AdapterAuthenticator>> MemoryAdapter::getAuthenticator(const QString &credentialID)
{
    return settle([&]() -> std::optional<AdapterAuthenticator> {
        QReadLocker locker(&d->lock);
        const auto it = d->authenticators.constFind(credentialID);
        return it == d->authenticators.cend() ? std::nullopt : std::optional(*it);
    });
}

QFuture<QList<AdapterAuthenticator>> MemoryAdapter::listAuthenticatorsByUserId(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AdapterAuthenticator> found;
        for (const AdapterAuthenticator &authenticator : d->authenticators) {
            if (authenticator.userId == userId)
                found.append(authenticator);
        }
        return found;
    });
}

QFuture<AdapterAuthenticator> MemoryAdapter::updateAuthenticatorCounter(const QString &credentialID,
                                                                        qint64 newCounter)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        AdapterAuthenticator &stored = d->existing(
            d->authenticators, credentialID,
            QStringLiteral("updateAuthenticatorCounter: there is no authenticator \"%1\"").arg(credentialID));
        stored.counter = newCounter;
        return stored;
    });
}

QFuture<std::optional<AdapterAuthenticator>> MemoryAdapter::deleteAuthenticator(const QString &credentialID)
{
    return settle([&]() -> std::optional<AdapterAuthenticator> {
        QWriteLocker locker(&d->lock);
        const auto it = d->authenticators.find(credentialID);
        if (it == d->authenticators.end())
            return std::nullopt;
        const AdapterAuthenticator removed = *it;
        d->authenticators.erase(it);
        d->passkeys.remove(credentialID);
        return removed;
    });
}

QFuture<UserAndAccount> MemoryAdapter::createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QString method = QStringLiteral("createUserAndLinkAccount");
        // Check everything first: both records are added, or neither.
        d->requireFreeEmail(user.email, {}, method);
        const AdapterAccount checked = StoreRules::prepareAccount(account, QDateTime::currentSecsSinceEpoch(), method);
        if (d->accounts.contains({checked.provider, checked.providerAccountId}))
            throw AdapterError(Reason::Conflict,
                               QStringLiteral("%1: provider \"%2\" already has an account \"%3\"")
                                   .arg(method, checked.provider, checked.providerAccountId));
        UserAndAccount created;
        created.user = d->insertUser(user, method);
        AdapterAccount link = account;
        link.userId = created.user.id;
        created.account = d->insertAccount(link, method);
        return created;
    });
}

} // namespace Gatehouse
