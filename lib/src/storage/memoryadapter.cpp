#include <gatehouse/memoryadapter.h>

#include "storage/futures.h"
#include "storage/ratelimitwindow.h"
#include "storage/storerules.h"

#include <QHash>
#include <QMap>
#include <QReadWriteLock>

#include <algorithm>

namespace Gatehouse {

using Reason = AdapterError::Reason;
using Futures::settle;

namespace {

using AccountKey = QPair<QString, QString>; // provider, providerAccountId

QDateTime utc(const QDateTime &when)
{
    return when.isValid() ? when.toUTC() : when;
}

AdapterUser normalised(AdapterUser user)
{
    if (user.emailVerified)
        user.emailVerified = utc(*user.emailVerified);
    return user;
}

bool containsFolded(const std::optional<QString> &text, const QString &needle)
{
    return text && text->contains(needle, Qt::CaseInsensitive);
}

template<typename T>
QList<T> page(const QList<T> &all, int offset, int limit)
{
    return all.mid(qMax(0, offset), qMax(0, limit));
}

} // namespace

class MemoryAdapterPrivate
{
public:
    struct Password
    {
        QString hash;
        bool disabled = false;
    };

    mutable QReadWriteLock lock;
    qint64 lastUserId = 0;
    qint64 lastAccountId = 0;
    qint64 lastAuditId = 0;
    QMap<qint64, AdapterUser> users;            // by numeric id: ordered like SQL ids
    QMap<AccountKey, AdapterAccount> accounts;
    QHash<QString, AdapterSession> sessions;
    QList<VerificationToken> tokens;
    QMap<QString, AdapterAuthenticator> authenticators; // ordered by credentialID
    QHash<QString, Password> passwords;         // by user id
    QList<AuditEvent> audit;                    // oldest first
    QHash<QString, RateLimitWindow> rateLimits;

    //! The user with \a id, or null; ids that are no number cannot exist.
    const AdapterUser *user(const QString &id) const
    {
        bool ok = false;
        const qint64 key = id.toLongLong(&ok);
        const auto it = ok ? users.constFind(key) : users.cend();
        return it == users.cend() ? nullptr : &*it;
    }

    const AdapterUser *userByEmail(const QString &email) const
    {
        if (email.isEmpty())
            return nullptr;
        const auto it = std::find_if(users.cbegin(), users.cend(),
                                     [&email](const AdapterUser &u) { return u.email == email; });
        return it == users.cend() ? nullptr : &*it;
    }

    void requireUser(const QString &id, const QString &method) const
    {
        if (!user(id))
            throw AdapterError(Reason::NotFound, QStringLiteral("%1: there is no user with id \"%2\"").arg(method, id));
    }

    void requireFreeEmail(const QString &email, const QString &exceptId, const QString &method) const
    {
        const AdapterUser *owner = userByEmail(email);
        if (owner && owner->id != exceptId)
            throw AdapterError(Reason::Conflict, QStringLiteral("%1: the email address is already in use").arg(method));
    }

    AdapterUser insertUser(const AdapterUser &input, const QString &method)
    {
        requireFreeEmail(input.email, {}, method);
        AdapterUser user = normalised(input);
        user.id = QString::number(++lastUserId);
        users.insert(lastUserId, user);
        return user;
    }

    AdapterAccount insertAccount(const AdapterAccount &input, const QString &method)
    {
        AdapterAccount account = StoreRules::prepareAccount(input, QDateTime::currentSecsSinceEpoch(), method);
        requireUser(account.userId, method);
        const AccountKey key{account.provider, account.providerAccountId};
        if (accounts.contains(key))
            throw AdapterError(Reason::Conflict,
                               QStringLiteral("%1: provider \"%2\" already has an account \"%3\"")
                                   .arg(method, account.provider, account.providerAccountId));
        account.id = QString::number(++lastAccountId);
        accounts.insert(key, account);
        return account;
    }

    QList<AdapterUser> matchingUsers(const QString &search) const
    {
        QList<AdapterUser> found;
        for (const AdapterUser &user : users) {
            if (search.isEmpty() || containsFolded(user.name, search) || user.email.contains(search, Qt::CaseInsensitive))
                found.append(user);
        }
        return found;
    }

    QList<AdapterSession> sessionsOf(const QString &userId) const
    {
        QList<AdapterSession> found;
        for (const AdapterSession &session : sessions) {
            if (userId.isEmpty() || session.userId == userId)
                found.append(session);
        }
        return found;
    }
};

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
        d->passwords.remove(userId);
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
    return settle([&]() -> std::optional<SessionAndUser> {
        QReadLocker locker(&d->lock);
        const auto session = d->sessions.constFind(sessionToken);
        if (session == d->sessions.cend())
            return std::nullopt;
        const AdapterUser *user = d->user(session->userId);
        return user ? std::optional(SessionAndUser{*session, *user}) : std::nullopt;
    });
}

QFuture<std::optional<AdapterSession>> MemoryAdapter::updateSession(const AdapterSessionUpdate &update)
{
    return settle([&]() -> std::optional<AdapterSession> {
        QWriteLocker locker(&d->lock);
        const auto it = d->sessions.find(update.sessionToken);
        if (it == d->sessions.end())
            return std::nullopt;
        if (update.userId) {
            d->requireUser(*update.userId, QStringLiteral("updateSession"));
            it->userId = *update.userId;
        }
        if (update.expires)
            it->expires = utc(*update.expires);
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
        const auto it = d->authenticators.find(credentialID);
        if (it == d->authenticators.end())
            throw AdapterError(Reason::NotFound,
                               QStringLiteral("updateAuthenticatorCounter: there is no authenticator \"%1\"").arg(credentialID));
        it->counter = newCounter;
        return *it;
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

QFuture<qint64> MemoryAdapter::appendAudit(const AuditEvent &event)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        AuditEvent stored = event;
        stored.id = ++d->lastAuditId;
        stored.time = event.time.isValid() ? event.time.toUTC() : QDateTime::currentDateTimeUtc();
        d->audit.append(stored);
        return stored.id;
    });
}

QFuture<QList<AuditEvent>> MemoryAdapter::auditEvents(const AuditFilter &filter, int limit, int offset)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AuditEvent> found;
        for (auto it = d->audit.crbegin(); it != d->audit.crend(); ++it) {
            if ((filter.type.isEmpty() || it->type == filter.type)
                && (filter.userId.isEmpty() || it->userId == filter.userId)
                && (filter.provider.isEmpty() || it->provider == filter.provider)
                && (!filter.from.isValid() || it->time >= filter.from)
                && (!filter.to.isValid() || it->time < filter.to))
                found.append(*it);
        }
        return page(found, offset, limit);
    });
}

QFuture<void> MemoryAdapter::setPassword(const QString &userId, const QString &hash)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, QStringLiteral("setPassword"));
        d->passwords[userId].hash = hash;
    });
}

QFuture<void> MemoryAdapter::setPasswordDisabled(const QString &userId, bool disabled)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const auto it = d->passwords.find(userId);
        if (it == d->passwords.end())
            throw AdapterError(Reason::NotFound,
                               QStringLiteral("setPasswordDisabled: user \"%1\" has no password").arg(userId));
        it->disabled = disabled;
    });
}

QFuture<std::optional<PasswordCredential>> MemoryAdapter::passwordHash(const QString &email)
{
    return settle([&]() -> std::optional<PasswordCredential> {
        QReadLocker locker(&d->lock);
        const AdapterUser *user = d->userByEmail(email);
        const auto it = user ? d->passwords.constFind(user->id) : d->passwords.cend();
        if (it == d->passwords.cend())
            return std::nullopt;
        return PasswordCredential{user->id, it->hash, it->disabled};
    });
}

QFuture<bool> MemoryAdapter::hitRateLimit(const QString &key, std::chrono::milliseconds window, int limit)
{
    return settle([&] {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("hitRateLimit: the window must be positive"));
        QWriteLocker locker(&d->lock);
        return d->rateLimits[key].hit(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
    });
}

QFuture<bool> MemoryAdapter::rateLimitAllows(const QString &key, std::chrono::milliseconds window, int limit)
{
    return settle([&] {
        if (window.count() <= 0)
            throw AdapterError(Reason::InvalidArgument, QStringLiteral("rateLimitAllows: the window must be positive"));
        QReadLocker locker(&d->lock);
        return d->rateLimits.value(key).allows(QDateTime::currentMSecsSinceEpoch(), window.count(), limit);
    });
}

QFuture<void> MemoryAdapter::resetRateLimit(const QString &key)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->rateLimits.remove(key);
    });
}

QFuture<QList<AdapterUser>> MemoryAdapter::listUsers(const QString &search, UserSortColumn sort, bool ascending,
                                                     int offset, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AdapterUser> found = d->matchingUsers(search); // in id order
        // Missing values sort last in both directions, ties keep the id order (reversed when descending).
        const auto compare = [sort, ascending](const AdapterUser &a, const AdapterUser &b) {
            const auto ordered = [ascending](const auto &x, const auto &y) { return ascending ? x < y : y < x; };
            switch (sort) {
            case UserSortColumn::Id:
                return ordered(a.id.toLongLong(), b.id.toLongLong());
            case UserSortColumn::Email:
                return ordered(a.email, b.email);
            case UserSortColumn::Name:
                if (a.name.has_value() != b.name.has_value())
                    return a.name.has_value();
                return a.name && ordered(*a.name, *b.name);
            case UserSortColumn::EmailVerified:
                if (a.emailVerified.has_value() != b.emailVerified.has_value())
                    return a.emailVerified.has_value();
                return a.emailVerified && ordered(*a.emailVerified, *b.emailVerified);
            }
            return false;
        };
        if (!ascending)
            std::reverse(found.begin(), found.end());
        std::stable_sort(found.begin(), found.end(), compare);
        return page(found, offset, limit);
    });
}

QFuture<qint64> MemoryAdapter::countUsers(const QString &search)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->matchingUsers(search).size());
    });
}

QFuture<QList<AdapterSession>> MemoryAdapter::listSessions(const QString &userId, int offset, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AdapterSession> found = d->sessionsOf(userId);
        std::sort(found.begin(), found.end(), [](const AdapterSession &a, const AdapterSession &b) {
            return a.expires != b.expires ? a.expires > b.expires : a.sessionToken < b.sessionToken;
        });
        return page(found, offset, limit);
    });
}

QFuture<qint64> MemoryAdapter::countSessions(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->sessionsOf(userId).size());
    });
}

QFuture<qint64> MemoryAdapter::deleteUserSessions(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return qint64(d->sessions.removeIf([&](const auto &it) { return it.value().userId == userId; }));
    });
}

QFuture<qint64> MemoryAdapter::deleteExpiredSessions()
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        return qint64(d->sessions.removeIf([&](const auto &it) { return it.value().expires < now; }));
    });
}

} // namespace Gatehouse
