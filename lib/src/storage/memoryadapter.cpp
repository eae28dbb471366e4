#include <gatehouse/memoryadapter.h>

#include "storage/settle.h"
#include "storage/ratelimitwindow.h"
#include "storage/storerules.h"

#include <QHash>
#include <QMap>
#include <QReadWriteLock>
#include <QSet>

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

/*!
 * Whether \a a comes before \a b in a user listing sorted by \a sort: users without a value
 * last in both directions, ties by id in the listing's direction.
 */
bool listedBefore(const AdapterUser &a, const AdapterUser &b, UserSortColumn sort, bool ascending)
{
    const auto ordered = [ascending](const auto &x, const auto &y) { return ascending ? x < y : y < x; };
    const qint64 idA = a.id.toLongLong();
    const qint64 idB = b.id.toLongLong();
    const auto byValue = [&](const auto &x, const auto &y) {
        if (x.has_value() != y.has_value())
            return x.has_value();
        if (x && *x != *y)
            return ordered(*x, *y);
        return ordered(idA, idB);
    };
    switch (sort) {
    case UserSortColumn::Id:
        break;
    case UserSortColumn::Email:
        return byValue(std::optional(a.email), std::optional(b.email));
    case UserSortColumn::Name:
        return byValue(a.name, b.name);
    case UserSortColumn::EmailVerified:
        return byValue(a.emailVerified, b.emailVerified);
    }
    return ordered(idA, idB);
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
    QSet<QString> disabledUsers;                // ids of disabled users
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
            if (search.isEmpty() || containsFolded(user.name, search) || user.email.contains(search, Qt::CaseInsensitive)
                || user.id == search.trimmed())
                found.append(user);
        }
        return found;
    }

    //! Sessions matching \a filter with their users, latest expiry first.
    QList<SessionListEntry> sessionEntries(const SessionFilter &filter) const;

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
        d->disabledUsers.remove(userId);
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

QFuture<void> MemoryAdapter::setUserDisabled(const QString &userId, bool disabled)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        d->requireUser(userId, QStringLiteral("setUserDisabled"));
        if (disabled)
            d->disabledUsers.insert(userId);
        else
            d->disabledUsers.remove(userId);
    });
}

QFuture<bool> MemoryAdapter::isUserDisabled(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return d->disabledUsers.contains(userId);
    });
}

QFuture<std::optional<SessionAndUserState>> MemoryAdapter::getSessionAndUserState(const QString &sessionToken)
{
    return settle([&]() -> std::optional<SessionAndUserState> {
        QReadLocker locker(&d->lock);
        const auto session = d->sessions.constFind(sessionToken);
        if (session == d->sessions.cend())
            return std::nullopt;
        const AdapterUser *user = d->user(session->userId);
        if (!user)
            return std::nullopt;
        return SessionAndUserState{*session, *user, d->disabledUsers.contains(user->id)};
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

QFuture<qint64> MemoryAdapter::countUsers(const QString &search)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->matchingUsers(search).size());
    });
}

QFuture<qint64> MemoryAdapter::deleteUserSessions(const QString &userId)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        return qint64(d->sessions.removeIf([&](const auto &it) { return it.value().userId == userId; }));
    });
}

// AccountTokenStore

QFuture<std::optional<AdapterAccount>> MemoryAdapter::getAccountByUser(const QString &userId, const QString &provider)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QReadLocker locker(&d->lock);
        std::optional<AdapterAccount> oldest;
        for (const AdapterAccount &account : std::as_const(d->accounts)) {
            if (account.userId == userId && account.provider == provider
                && (!oldest || account.id.toLongLong() < oldest->id.toLongLong()))
                oldest = account;
        }
        return oldest;
    });
}

QFuture<bool> MemoryAdapter::claimTokenRefresh(const QString &provider, const QString &providerAccountId,
                                               std::chrono::milliseconds lease)
{
    return hitRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId), lease, 1);
}

QFuture<std::optional<AdapterAccount>> MemoryAdapter::updateAccountTokens(const AdapterAccount &account,
                                                                          const QString &previousRefreshToken)
{
    return settle([&]() -> std::optional<AdapterAccount> {
        QWriteLocker locker(&d->lock);
        const auto it = d->accounts.find({account.provider, account.providerAccountId});
        if (it == d->accounts.end())
            throw AdapterError(Reason::NotFound, QStringLiteral("updateAccountTokens: there is no account \"%1\" of provider \"%2\"")
                                                     .arg(account.providerAccountId, account.provider));
        if (it->refreshToken.value_or(QString()) != previousRefreshToken)
            return std::nullopt;
        it->accessToken = account.accessToken;
        it->refreshToken = account.refreshToken;
        it->expiresAt = account.expiresAt;
        it->idToken = account.idToken;
        it->scope = account.scope;
        it->tokenType = account.tokenType ? std::optional(account.tokenType->toLower()) : std::nullopt;
        d->rateLimits.remove(StoreRules::tokenRefreshKey(account.provider, account.providerAccountId));
        return *it;
    });
}

QFuture<void> MemoryAdapter::releaseTokenRefresh(const QString &provider, const QString &providerAccountId)
{
    return resetRateLimit(StoreRules::tokenRefreshKey(provider, providerAccountId));
}

QFuture<QList<UserListEntry>> MemoryAdapter::listUsersPage(const UserPageRequest &request)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const auto before = [&request](const AdapterUser &a, const AdapterUser &b) {
            return listedBefore(a, b, request.sort, request.ascending);
        };
        QList<AdapterUser> found = d->matchingUsers(request.search);
        std::sort(found.begin(), found.end(), before);
        const qsizetype limit = qMax(0, request.limit);
        qsizetype first = 0;
        qsizetype end = 0;
        if (request.anchor) {
            const AdapterUser anchor = normalised(*request.anchor);
            if (request.backward) {
                end = std::lower_bound(found.cbegin(), found.cend(), anchor, before) - found.cbegin();
                first = qMax<qsizetype>(0, end - limit);
            } else {
                first = std::upper_bound(found.cbegin(), found.cend(), anchor, before) - found.cbegin();
                end = qMin(found.size(), first + limit);
            }
        } else {
            const qsizetype offset = qsizetype(qMin<qint64>(qMax<qint64>(0, request.offset), found.size()));
            if (request.backward) {
                end = found.size() - offset;
                first = qMax<qsizetype>(0, end - limit);
            } else {
                first = offset;
                end = qMin(found.size(), first + limit);
            }
        }
        QList<UserListEntry> rows;
        for (qsizetype i = first; i < end; ++i) {
            UserListEntry entry{found[i]};
            const auto password = d->passwords.constFind(found[i].id);
            entry.hasPassword = password != d->passwords.cend();
            entry.passwordDisabled = entry.hasPassword && password->disabled;
            entry.disabled = d->disabledUsers.contains(found[i].id);
            rows.append(entry);
        }
        return rows;
    });
}

QFuture<QList<AdapterAccount>> MemoryAdapter::listAccounts(const QString &userId)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QList<AdapterAccount> found; // the map is ordered by (provider, providerAccountId)
        for (const AdapterAccount &account : d->accounts) {
            if (account.userId == userId)
                found.append(account);
        }
        return found;
    });
}

QList<SessionListEntry> MemoryAdapterPrivate::sessionEntries(const SessionFilter &filter) const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<SessionListEntry> found;
    for (const AdapterSession &session : sessions) {
        const AdapterUser *owner = user(session.userId);
        if (!owner || (filter.activeOnly && session.expires <= now)
            || (!filter.userId.isEmpty() && session.userId != filter.userId))
            continue;
        if (!filter.userSearch.isEmpty() && !containsFolded(owner->name, filter.userSearch)
            && !owner->email.contains(filter.userSearch, Qt::CaseInsensitive))
            continue;
        if (!filter.provider.isEmpty()
            && std::none_of(accounts.cbegin(), accounts.cend(), [&](const AdapterAccount &a) {
                   return a.userId == session.userId && a.provider == filter.provider;
               }))
            continue;
        found.append({session, owner->email, owner->name});
    }
    std::sort(found.begin(), found.end(), [](const SessionListEntry &a, const SessionListEntry &b) {
        return a.session.expires != b.session.expires ? a.session.expires > b.session.expires
                                                       : a.session.sessionToken < b.session.sessionToken;
    });
    return found;
}

QFuture<QList<SessionListEntry>> MemoryAdapter::listSessionEntries(const SessionFilter &filter, qint64 offset, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return page(d->sessionEntries(filter), int(qMin<qint64>(offset, std::numeric_limits<int>::max())), limit);
    });
}

QFuture<qint64> MemoryAdapter::countSessionEntries(const SessionFilter &filter)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        return qint64(d->sessionEntries(filter).size());
    });
}

QFuture<qint64> MemoryAdapter::countExpiredSessions()
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        return qint64(std::count_if(d->sessions.cbegin(), d->sessions.cend(),
                                    [&](const AdapterSession &s) { return s.expires < now; }));
    });
}

QFuture<qint64> MemoryAdapter::deleteExpiredSessionsBatch(int limit)
{
    return settle([&] {
        QWriteLocker locker(&d->lock);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        qint64 deleted = 0;
        d->sessions.removeIf([&](const auto &it) {
            if (deleted >= limit || it.value().expires >= now)
                return false;
            ++deleted;
            return true;
        });
        return deleted;
    });
}

QFuture<QList<AuditDayCount>> MemoryAdapter::auditDailyCounts(const QStringList &types, const QDateTime &from,
                                                              const QDateTime &to)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QMap<QPair<QDate, QString>, qint64> counts;
        for (const AuditEvent &event : d->audit) {
            if (types.contains(event.type) && (!from.isValid() || event.time >= from) && (!to.isValid() || event.time < to))
                ++counts[{event.time.toUTC().date(), event.type}];
        }
        QList<AuditDayCount> result;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            result.append({it.key().first, it.key().second, it.value()});
        return result;
    });
}

QFuture<QList<AuditProviderCount>> MemoryAdapter::auditTopProviders(const QString &type, const QDateTime &from,
                                                                    const QDateTime &to, int limit)
{
    return settle([&] {
        QReadLocker locker(&d->lock);
        QMap<QString, qint64> counts;
        for (const AuditEvent &event : d->audit) {
            if (event.type == type && !event.provider.isEmpty() && (!from.isValid() || event.time >= from)
                && (!to.isValid() || event.time < to))
                ++counts[event.provider];
        }
        QList<AuditProviderCount> result;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            result.append({it.key(), it.value()});
        std::stable_sort(result.begin(), result.end(),
                         [](const AuditProviderCount &a, const AuditProviderCount &b) { return a.count > b.count; });
        return result.mid(0, qMax(0, limit));
    });
}

} // namespace Gatehouse
