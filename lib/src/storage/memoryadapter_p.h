#pragma once
/*! \file memoryadapter_p.h  MemoryAdapter's data, its lock and the helpers its parts share. */
#include <gatehouse/adaptererror.h>
#include <gatehouse/memoryadapter.h>

#include "storage/ratelimitwindow.h"
#include "storage/storerules.h"
#include "storage/usersearch.h"

#include <QHash>
#include <QMap>
#include <QReadWriteLock>
#include <QSet>

#include <algorithm>

namespace Gatehouse {

namespace MemoryDetail {

using AccountKey = QPair<QString, QString>; // provider, providerAccountId

inline QDateTime utc(const QDateTime &when)
{
    return when.isValid() ? when.toUTC() : when;
}

inline AdapterUser normalised(AdapterUser user)
{
    if (user.emailVerified)
        user.emailVerified = utc(*user.emailVerified);
    return user;
}

inline bool containsFolded(const std::optional<QString> &text, const QString &needle)
{
    return text && text->contains(needle, Qt::CaseInsensitive);
}

template<typename T>
QList<T> page(const QList<T> &all, int offset, int limit)
{
    return all.mid(qMax(0, offset), qMax(0, limit));
}

} // namespace MemoryDetail

class MemoryAdapterPrivate
{
public:
    using Reason = AdapterError::Reason;

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
    QMap<MemoryDetail::AccountKey, AdapterAccount> accounts;
    QHash<QString, AdapterSession> sessions;
    QList<VerificationToken> tokens;
    QMap<QString, AdapterAuthenticator> authenticators; // ordered by credentialID
    QHash<QString, Password> passwords;         // by user id
    QSet<QString> disabledUsers;                // ids of disabled users
    QList<AuditEvent> audit;                    // oldest first
    QHash<QString, SessionDetails> sessionDetails;   // by session token
    QHash<QString, QDateTime> sessionsNotBefore;     // by user id
    QHash<QString, PasskeyDetails> passkeys;         // by credential ID
    QHash<QString, RateLimitWindow> rateLimits;
    QHash<QString, TotpEnrolment> totp;         // by user id
    QHash<QString, QSet<QString>> recoveryCodes; // hashes by user id
    QHash<QString, QSet<QString>> groups;        // group names by user id
    QList<OidcSigningKeyRecord> oidcKeys;       // in insertion order
    QHash<QString, OidcAuthorizationCode> oidcCodes;  // by code hash
    QList<OidcSessionClient> oidcSessionClients;      // one per (sid, clientId)
    QList<OidcLogoutDelivery> oidcLogouts;            // one per (sid, clientId)
    QHash<QString, OidcGrant> oidcGrants;             // by grant id
    QMap<std::pair<QString, QString>, OidcConsent> oidcConsents;  // by (user id, client id)
    struct OidcStoredRefreshToken
    {
        QString grantId;
        QDateTime expiresAt;
        bool spent = false;
    };
    QHash<QString, OidcStoredRefreshToken> oidcRefreshTokens;  // by token hash
    QList<PasswordResetRecord> passwordResets;  // at most one per user
    struct AuditCursor
    {
        qint64 position = 0;
        QString holder;
        QDateTime heldUntil;
    };
    QHash<QString, AuditCursor> auditCursors;  // by name
    QMap<QString, AdminTokenRecord> adminTokens; // by name
    QHash<QString, QMap<QString, NoticePreference>> noticePreferences;  // by user id, then kind
    QHash<QString, WebhookRetry> webhookRetries;  // by webhook key

    //! The user with \a id, or null; ids that are no number cannot exist.
    const AdapterUser *user(const QString &id) const
    {
        bool ok = false;
        const qint64 key = id.toLongLong(&ok);
        const auto it = ok ? users.constFind(key) : users.cend();
        return it == users.cend() ? nullptr : &*it;
    }

    //! The entry of \a key in \a map; an AdapterError NotFound saying \a missing when there is none.
    template<typename Map, typename Key>
    static auto &existing(Map &map, const Key &key, const QString &missing)
    {
        const auto it = map.find(key);
        if (it == map.end())
            throw AdapterError(Reason::NotFound, missing);
        return *it;
    }

    //! The session with \a token and its user; nullopt when either is missing. Under the lock.
    std::optional<SessionAndUser> sessionAndUser(const QString &token) const
    {
        const auto session = sessions.constFind(token);
        const AdapterUser *owner = session == sessions.cend() ? nullptr : user(session->userId);
        return owner ? std::optional(SessionAndUser{*session, *owner}) : std::nullopt;
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
        AdapterUser user = MemoryDetail::normalised(input);
        user.id = QString::number(++lastUserId);
        users.insert(lastUserId, user);
        return user;
    }

    AdapterAccount insertAccount(const AdapterAccount &input, const QString &method)
    {
        AdapterAccount account = StoreRules::prepareAccount(input, QDateTime::currentSecsSinceEpoch(), method);
        requireUser(account.userId, method);
        const MemoryDetail::AccountKey key{account.provider, account.providerAccountId};
        if (accounts.contains(key))
            throw AdapterError(Reason::Conflict,
                               QStringLiteral("%1: provider \"%2\" already has an account \"%3\"")
                                   .arg(method, account.provider, account.providerAccountId));
        account.id = QString::number(++lastAccountId);
        accounts.insert(key, account);
        return account;
    }

    QList<AdapterUser> matchingUsers(const QString &search, const QString &group = {}) const
    {
        QList<AdapterUser> found;
        const UserSearch rule = UserSearch::parse(search);
        for (const AdapterUser &user : users) {
            if (!group.isEmpty() && !groups.value(user.id).contains(group))
                continue;
            if (rule.kind() == UserSearch::Kind::All || rule.matches(user.name) || rule.matches(user.email)
                || (!rule.idText().isEmpty() && user.id == rule.idText()))
                found.append(user);
        }
        return found;
    }

    //! Sessions matching \a filter with their users, latest expiry first.
    QList<SessionListEntry> sessionEntries(const SessionFilter &filter) const;

};

} // namespace Gatehouse
