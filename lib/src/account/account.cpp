#include <gatehouse/account.h>

#include "account/useragent.h"
#include "core/futures.h"
#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "storage/auditwriter.h"
#include "storage/stores.h"

#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>

#include <QJsonObject>

#include <algorithm>

namespace Gatehouse {

class AccountPrivate
{
public:
    AccountPrivate(std::shared_ptr<Adapter> adapter, const SessionOptions &options)
        : stores(Stores::of(std::move(adapter))), sessions(options)
    {
    }

    //! Writes the audit event of a change; never delays or fails the change.
    void audit(const QString &type, const QString &userId, const AccountChange &change, const QJsonObject &detail,
               const QString &provider = {}) const
    {
        AuditStore *store = stores.audit.get();
        if (!store)
            return;
        AuditEvent event;
        event.time = QDateTime::currentDateTimeUtc();
        event.type = type;
        event.userId = userId;
        event.clientAddress = change.clientAddress;
        event.provider = provider;
        event.detail = detail;
        if (!change.userAgent.isEmpty())
            event.detail.insert(QStringLiteral("userAgent"), change.userAgent.left(512));
        if (change.byAdministrator)
            event.detail.insert(QStringLiteral("by"), change.by.isEmpty() ? QStringLiteral("admin") : change.by);
        writeAudit(store, event);
    }

    //! The user's sessions as the store has them (with details when it keeps them).
    QFuture<QList<UserSessionRecord>> records(const QString &userId) const
    {
        if (AccountStore *store = stores.account.get())
            return store->userSessions(userId);
        AdminStore *admin = stores.admin.get();
        if (!admin) {
            return failedFuture<QList<UserSessionRecord>>(
                MissingAdapterMethods(QStringLiteral("listing sessions needs an adapter that implements AccountStore")));
        }
        SessionFilter filter;
        filter.userId = userId;
        return admin->listSessionEntries(filter, 0, 1000).then(QtFuture::Launch::Sync,
            [](const QList<SessionListEntry> &entries) {
                QList<UserSessionRecord> list;
                for (const SessionListEntry &entry : entries)
                    list.append({entry.session, std::nullopt});
                return list;
            });
    }

    //! Sets the JWT "not before" of \a userId to now, where the store can.
    QFuture<void> revokeJwts(const QString &userId) const
    {
        AccountStore *store = stores.account.get();
        if (!store)
            return QtFuture::makeReadyFuture();
        // This process's session reads see the change at once: the cached time goes when the
        // write is done (and a read that began before it keeps nothing; NotBeforeCache).
        return store->setSessionsNotBefore(userId, QDateTime::currentDateTimeUtc())
            .then(QtFuture::Launch::Sync, [cache = stores.notBefore, userId](QFuture<void> written) {
                cache->forget(userId);
                written.waitForFinished();  // a failure stays the caller's
            });
    }

    //! Ends every session of \a userId but \a currentSessionToken's, and every JWT until now.
    static QFuture<qint64> endOthers(const std::shared_ptr<const AccountPrivate> &self, const QString &userId,
                                     const QString &currentSessionToken);

    /*!
     * Fails with LastSignInMethod (saying \a what) unless \a userId keeps a way to sign in that
     * \a methods offer: \a otherLinks linked accounts of configured providers (counted by the
     * caller), a passkey other than \a removedCredential, a verified address, a built-in password.
     */
    static QFuture<bool> requireAnotherWay(const std::shared_ptr<const AccountPrivate> &self, const QString &userId,
                                           const SignInMethods &methods, int otherLinks,
                                           const QString &removedCredential, const QString &what);

    Stores stores;
    SessionOptions sessions;
};

namespace {

//! Deletes the sessions of \a tokens one by one (the Adapter contract has no batch); returns
//! how many there still were.
QFuture<qint64> deleteSessions(std::shared_ptr<Adapter> adapter, QStringList tokens)
{
    if (tokens.isEmpty())
        return QtFuture::makeReadyFuture(qint64(0));
    const QString first = tokens.takeFirst();
    QFuture<std::optional<AdapterSession>> deleted = adapter->deleteSession(first);
    return continueWith(deleted, [adapter, tokens](const std::optional<AdapterSession> &session) {
        return continueWith(deleteSessions(adapter, tokens), [ended = session ? 1 : 0](qint64 more) { return more + ended; });
    });
}

AccountProfile profileOf(const AdapterUser &user)
{
    return {user.id, user.name, user.email, user.emailVerified, user.image};
}

//! The accounts a person signs in with through another service (not passkeys, not e-mail links).
bool isLink(const AdapterAccount &account)
{
    return account.type == u"oauth" || account.type == u"oidc";
}

AccountRecordNotFound noUser(const QString &userId)
{
    return AccountRecordNotFound(QStringLiteral("there is no user with id \"%1\"").arg(userId));
}

//! The one rule for a name the person types (display name, passkey name): trimmed, 1 to 255
//! characters, no control characters; empty when \a name breaks it.
QString acceptedName(const QString &name)
{
    const QString trimmed = name.trimmed();
    const bool control = std::any_of(trimmed.cbegin(), trimmed.cend(), [](QChar c) { return c.category() == QChar::Other_Control; });
    return trimmed.isEmpty() || trimmed.size() > 255 || control ? QString() : trimmed;
}

AccountPasskey passkeyOf(const UserPasskeyRecord &record)
{
    AccountPasskey key;
    key.id = Account::passkeyId(record.authenticator.credentialID);
    if (record.details) {
        key.name = record.details->name;
        key.createdAt = record.details->createdAt;
        key.lastUsedAt = record.details->lastUsedAt;
    }
    key.backedUp = record.authenticator.credentialBackedUp;
    key.deviceType = record.authenticator.credentialDeviceType;
    if (record.authenticator.transports)
        key.transports = record.authenticator.transports->split(u',', Qt::SkipEmptyParts);
    return key;
}

} // namespace

QFuture<qint64> AccountPrivate::endOthers(const std::shared_ptr<const AccountPrivate> &self, const QString &userId,
                                          const QString &currentSessionToken)
{
    return continueWith(self->records(userId), [self, userId, currentSessionToken](const QList<UserSessionRecord> &records) {
        QStringList tokens;
        for (const UserSessionRecord &record : records) {
            if (record.session.sessionToken != currentSessionToken)
                tokens.append(record.session.sessionToken);
        }
        return continueWith(deleteSessions(self->stores.adapter, tokens), [self, userId](qint64 ended) {
            return self->revokeJwts(userId).then(QtFuture::Launch::Sync, [ended] { return ended; });
        });
    });
}

Account::Account(std::shared_ptr<Adapter> adapter, const SessionOptions &sessions)
{
    if (!adapter)
        throw MissingAdapter(QStringLiteral("Account needs an adapter"));
    d = std::make_shared<const AccountPrivate>(std::move(adapter), sessions);
}

Account::~Account() = default;
Account::Account(const Account &) = default;
Account &Account::operator=(const Account &) = default;

QString Account::sessionId(const QString &sessionToken)
{
    // 22 characters: 132 bits of SHA-256, as unguessable as a random UUID.
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(sessionToken.toUtf8())).left(22));
}

bool Account::canRevokeJwtSessions() const
{
    return d->stores.account != nullptr;
}

QFuture<AccountProfile> Account::profile(const QString &userId) const
{
    return continueWith(d->stores.adapter->getUser(userId), [userId](const std::optional<AdapterUser> &user) {
        if (!user)
            throw noUser(userId);
        return profileOf(*user);
    });
}

QFuture<AccountProfile> Account::setName(const QString &userId, const QString &name, const AccountChange &change) const
{
    const QString trimmed = acceptedName(name);
    if (trimmed.isEmpty())
        return failedFuture<AccountProfile>(InvalidAccountInput(QStringLiteral("a name is 1 to 255 characters without control characters")));
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(d->stores.adapter->getUser(userId),
        [self, userId, trimmed, change](const std::optional<AdapterUser> &user) {
            if (!user)
                throw noUser(userId);
            const QString before = user->name.value_or(QString());
            return continueWith(self->stores.adapter->updateUser(AdapterUserUpdate(userId).setName(trimmed)),
                [self, userId, change, before](const AdapterUser &updated) {
                    self->audit(QStringLiteral("accountUpdate"), userId, change,
                                {{QStringLiteral("field"), QStringLiteral("name")}, {QStringLiteral("from"), before},
                                 {QStringLiteral("to"), updated.name.value_or(QString())}});
                    return profileOf(updated);
                });
        });
}

QFuture<QList<AccountSession>> Account::sessions(const QString &userId, const QString &currentSessionToken) const
{
    const qint64 maxAge = d->sessions.maxAge;
    return continueWith(d->records(userId), [currentSessionToken, maxAge](const QList<UserSessionRecord> &records) {
        QList<AccountSession> list;
        for (const UserSessionRecord &record : records) {
            AccountSession session;
            session.id = sessionId(record.session.sessionToken);
            session.current = !currentSessionToken.isEmpty() && record.session.sessionToken == currentSessionToken;
            session.expires = record.session.expires;
            session.lastActive = record.session.expires.addSecs(-maxAge);
            if (record.details) {
                session.createdAt = record.details->createdAt;
                // Never before it began (a session extended less than maxAge ago by another rule).
                if (session.lastActive < session.createdAt)
                    session.lastActive = session.createdAt;
                session.clientAddress = record.details->clientAddress;
                session.userAgent = record.details->userAgent;
                const AccountDetail::UserAgentSummary summary = AccountDetail::summarizeUserAgent(session.userAgent);
                session.browser = summary.browser;
                session.operatingSystem = summary.operatingSystem;
            }
            list.append(session);
        }
        // The current session first, then as the store ordered them (newest first).
        std::stable_partition(list.begin(), list.end(), [](const AccountSession &s) { return s.current; });
        return list;
    });
}

QFuture<QString> Account::endSession(const QString &userId, const QString &id, const AccountChange &change) const
{
    std::shared_ptr<const AccountPrivate> self = d;
    // Only among this user's sessions: another user's id is not found, like an unknown one.
    return continueWith(d->records(userId), [self, userId, id, change](const QList<UserSessionRecord> &records) {
        QString token;
        for (const UserSessionRecord &record : records) {
            if (!id.isEmpty() && sessionId(record.session.sessionToken) == id)
                token = record.session.sessionToken;
        }
        if (token.isEmpty())
            throw AccountRecordNotFound(QStringLiteral("the user has no session with id \"%1\"").arg(id));
        return self->stores.adapter->deleteSession(token).then(QtFuture::Launch::Sync,
            [self, userId, id, change, token](const std::optional<AdapterSession> &deleted) {
                if (!deleted)  // ended meanwhile (signed out in that browser)
                    throw AccountRecordNotFound(QStringLiteral("the user has no session with id \"%1\"").arg(id));
                self->audit(QStringLiteral("sessionEnd"), userId, change, {{QStringLiteral("session"), id}});
                return token;
            });
    });
}

QFuture<qint64> Account::endOtherSessions(const QString &userId, const QString &currentSessionToken,
                                          const AccountChange &change) const
{
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(AccountPrivate::endOthers(d, userId, currentSessionToken), [self, userId, change](qint64 count) {
        self->audit(QStringLiteral("sessionsEndOthers"), userId, change, {{QStringLiteral("count"), count}});
        return count;
    });
}

QFuture<qint64> Account::endAllSessions(const QString &userId, const AccountChange &change) const
{
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(d->records(userId), [self, userId, change](const QList<UserSessionRecord> &records) {
        QStringList tokens;
        for (const UserSessionRecord &record : records)
            tokens.append(record.session.sessionToken);
        return continueWith(deleteSessions(self->stores.adapter, tokens), [self, userId, change](qint64 ended) {
            return continueWith(self->revokeJwts(userId).then(QtFuture::Launch::Sync, [ended] { return ended; }),
                [self, userId, change](qint64 count) {
                    self->audit(QStringLiteral("sessionsEndAll"), userId, change, {{QStringLiteral("count"), count}});
                    return count;
                });
        });
    });
}

QFuture<bool> Account::hasPassword(const QString &userId) const
{
    return hasUserPassword(d->stores.adapter, userId);
}

QFuture<qint64> Account::changePassword(const QString &userId, const QString &currentPassword, const QString &newPassword,
                                        const QString &currentSessionToken, const AccountChange &change) const
{
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(d->stores.adapter->getUser(userId),
        [self, userId, currentPassword, newPassword, currentSessionToken, change](const std::optional<AdapterUser> &user) {
            if (!user)
                throw noUser(userId);
            if (newPasswordProblem(newPassword, user->email) != NewPasswordProblem::None) {
                throw InvalidAccountInput(QStringLiteral("a password has %1 to %2 characters and is not the e-mail address")
                                              .arg(kMinimumPasswordLength).arg(kMaximumPasswordLength));
            }
            return continueWith(checkUserPassword(self->stores.adapter, userId, currentPassword),
                [self, userId, newPassword, currentSessionToken, change](bool matches) {
                    if (!matches) {
                        self->audit(QStringLiteral("passwordChangeFailed"), userId, change, {});
                        throw IncorrectPassword(QStringLiteral("the current password is not the user's"));
                    }
                    return continueWith(setUserPassword(self->stores.adapter, userId, newPassword).then(QtFuture::Launch::Sync, [] { return true; }),
                        [self, userId, currentSessionToken, change](bool) {
                            return continueWith(AccountPrivate::endOthers(self, userId, currentSessionToken),
                                [self, userId, change](qint64 count) {
                                    self->audit(QStringLiteral("passwordChange"), userId, change,
                                                {{QStringLiteral("sessionsEnded"), count}});
                                    return count;
                                });
                        });
                });
        });
}

SignInMethods SignInMethods::of(const QList<Provider> &providers)
{
    SignInMethods methods;
    for (const Provider &provider : providers) {
        if (provider.type == u"oauth" || provider.type == u"oidc")
            methods.linkProviders.append(provider.id);
        else if (provider.type == u"webauthn")
            methods.passkeys = true;
        else if (provider.type == u"email")
            methods.email = true;
        else if (provider.type == u"credentials" && provider.option(QStringLiteral("authorize")).toString() == u"builtin")
            methods.builtinPassword = true;
    }
    return methods;
}

QString Account::linkId(const QString &provider, const QString &providerAccountId)
{
    // As a session id: the provider's account id is not shown, and cannot be made from this.
    const QByteArray key = provider.toUtf8() + '\n' + providerAccountId.toUtf8();
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(key)).left(22));
}

QFuture<QList<AccountLink>> Account::linkedAccounts(const QString &userId) const
{
    AdminStore *admin = d->stores.admin.get();
    if (!admin) {
        return failedFuture<QList<AccountLink>>(
            MissingAdapterMethods(QStringLiteral("listing linked accounts needs an adapter that implements AdminStore")));
    }
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(admin->listAccounts(userId), [self, userId](const QList<AdapterAccount> &accounts) {
        QList<AccountLink> links;
        for (const AdapterAccount &account : accounts) {
            if (account.userId == userId && isLink(account))
                links.append({linkId(account.provider, account.providerAccountId), account.provider, account.type, {}});
        }
        std::stable_sort(links.begin(), links.end(), [](const AccountLink &a, const AccountLink &b) { return a.provider < b.provider; });
        AuditStore *audit = self->stores.audit.get();
        if (!audit || links.isEmpty())
            return QtFuture::makeReadyFuture(links);
        // When each was linked: the newest linkAccount event of its provider (a provider linked
        // again after an unlink shows the later time).
        AuditFilter filter;
        filter.type = QStringLiteral("linkAccount");
        filter.userId = userId;
        return audit->auditEvents(filter, 200).then(QtFuture::Launch::Sync, [links](const QList<AuditEvent> &events) mutable {
            for (AccountLink &link : links) {
                for (const AuditEvent &event : events) {
                    if (event.provider == link.provider) {
                        link.linkedAt = event.time;
                        break;
                    }
                }
            }
            return links;
        });
    });
}

QFuture<void> Account::unlinkAccount(const QString &userId, const QString &id, const SignInMethods &methods,
                                     const AccountChange &change) const
{
    AdminStore *admin = d->stores.admin.get();
    if (!admin) {
        return failedFuture<void>(
            MissingAdapterMethods(QStringLiteral("unlinking accounts needs an adapter that implements AdminStore")));
    }
    std::shared_ptr<const AccountPrivate> self = d;
    const auto notFound = [id] {
        return AccountRecordNotFound(QStringLiteral("the user has no linked account with id \"%1\"").arg(id));
    };
    // Only among this user's accounts: another user's id is not found, like an unknown one.
    return continueWith(admin->listAccounts(userId), [self, userId, id, methods, change, notFound](const QList<AdapterAccount> &accounts) {
        std::optional<AdapterAccount> target;
        int otherLinks = 0;
        for (const AdapterAccount &account : accounts) {
            if (account.userId != userId || !isLink(account))
                continue;
            if (!target && !id.isEmpty() && linkId(account.provider, account.providerAccountId) == id)
                target = account;
            else if (methods.linkProviders.contains(account.provider))
                ++otherLinks;
        }
        if (!target)
            throw notFound();
        const QString what = QStringLiteral("the account of %1 is the user's last way to sign in").arg(target->provider);
        const QFuture<bool> allowed = change.byAdministrator
            ? QtFuture::makeReadyFuture(true)
            : AccountPrivate::requireAnotherWay(self, userId, methods, otherLinks, QString(), what);
        return continueWith(allowed,
            [self, userId, change, notFound, target = *target](bool) {
                return self->stores.adapter->unlinkAccount(target.provider, target.providerAccountId)
                    .then(QtFuture::Launch::Sync, [self, userId, change, notFound, target](const std::optional<AdapterAccount> &removed) {
                        if (!removed)  // unlinked meanwhile
                            throw notFound();
                        self->audit(QStringLiteral("unlinkAccount"), userId, change,
                                    {{QStringLiteral("type"), target.type}}, target.provider);
                        return true;
                    });
            });
    }).then(QtFuture::Launch::Sync, [](bool) {});
}

QFuture<bool> AccountPrivate::requireAnotherWay(const std::shared_ptr<const AccountPrivate> &self, const QString &userId,
                                                const SignInMethods &methods, int otherLinks,
                                                const QString &removedCredential, const QString &what)
{
    // Passkeys are counted by their authenticators: each is a way in, whatever account rows
    // an older registration left.
    const QFuture<int> keys = methods.passkeys && otherLinks == 0
        ? continueWith(self->stores.adapter->listAuthenticatorsByUserId(userId),
                       [removedCredential](const QList<AdapterAuthenticator> &list) {
                           return int(std::count_if(list.cbegin(), list.cend(), [&](const AdapterAuthenticator &a) {
                               return a.credentialID != removedCredential;
                           }));
                       })
        : QtFuture::makeReadyFuture(0);
    return continueWith(keys, [self, userId, methods, otherLinks, what](int passkeys) {
        if (otherLinks + passkeys > 0)
            return QtFuture::makeReadyFuture(true);
        return continueWith(self->stores.adapter->getUser(userId), [self, userId, methods, what](const std::optional<AdapterUser> &user) {
            if (!user)
                throw noUser(userId);
            if (methods.email && user->emailVerified.has_value())
                return QtFuture::makeReadyFuture(true);
            const QFuture<bool> password = methods.builtinPassword ? hasUserPassword(self->stores.adapter, userId)
                                                                   : QtFuture::makeReadyFuture(false);
            return continueWith(password, [what](bool hasPassword) {
                if (!hasPassword)
                    throw LastSignInMethod(what);
                return true;
            });
        });
    });
}

QString Account::passkeyId(const QString &credentialID)
{
    // As a session id; "passkey" keeps it apart from any other id made from the same text.
    const QByteArray key = QByteArrayLiteral("passkey\n") + credentialID.toUtf8();
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(key)).left(22));
}

namespace {

//! The user's passkey with public id \a id, or AccountRecordNotFound (also for another user's).
UserPasskeyRecord findPasskey(const QList<UserPasskeyRecord> &records, const QString &userId, const QString &id)
{
    for (const UserPasskeyRecord &record : records) {
        if (!id.isEmpty() && record.authenticator.userId == userId && Account::passkeyId(record.authenticator.credentialID) == id)
            return record;
    }
    throw AccountRecordNotFound(QStringLiteral("the user has no passkey with id \"%1\"").arg(id));
}

//! The user's passkeys with their details; without an AccountStore, the authenticators alone.
QFuture<QList<UserPasskeyRecord>> passkeyRecords(const Stores &stores, const QString &userId)
{
    if (AccountStore *store = stores.account.get())
        return store->userPasskeys(userId);
    return continueWith(stores.adapter->listAuthenticatorsByUserId(userId), [](const QList<AdapterAuthenticator> &list) {
        QList<UserPasskeyRecord> records;
        for (const AdapterAuthenticator &authenticator : list)
            records.append({authenticator, std::nullopt});
        return records;
    });
}

} // namespace

QFuture<QList<AccountPasskey>> Account::passkeys(const QString &userId) const
{
    return continueWith(passkeyRecords(d->stores, userId), [](const QList<UserPasskeyRecord> &records) {
        QList<AccountPasskey> list;
        for (const UserPasskeyRecord &record : records)
            list.append(passkeyOf(record));
        return list;
    });
}

QFuture<void> Account::renamePasskey(const QString &userId, const QString &passkeyId, const QString &name,
                                     const AccountChange &change) const
{
    std::shared_ptr<AccountStore> store = d->stores.account;
    if (!store)
        return failedFuture<void>(MissingAdapterMethods(QStringLiteral("renaming passkeys needs an adapter that implements AccountStore")));
    const QString accepted = acceptedName(name);
    if (accepted.isEmpty())
        return failedFuture<void>(InvalidAccountInput(QStringLiteral("a passkey name is 1 to 255 characters without control characters")));
    std::shared_ptr<const AccountPrivate> self = d;
    return continueWith(store->userPasskeys(userId), [self, store, userId, passkeyId, accepted, change](const QList<UserPasskeyRecord> &records) {
        const UserPasskeyRecord record = findPasskey(records, userId, passkeyId);
        const QString before = record.details ? record.details->name : QString();
        return continueWith(store->renamePasskey(userId, record.authenticator.credentialID, accepted),
            [self, userId, passkeyId, accepted, before, change](bool renamed) {
                if (!renamed)  // removed meanwhile
                    throw AccountRecordNotFound(QStringLiteral("the user has no passkey with id \"%1\"").arg(passkeyId));
                self->audit(QStringLiteral("passkeyRename"), userId, change,
                            {{QStringLiteral("passkey"), passkeyId}, {QStringLiteral("from"), before}, {QStringLiteral("to"), accepted}});
                return true;
            });
    }).then(QtFuture::Launch::Sync, [](bool) {});
}

QFuture<void> Account::removePasskey(const QString &userId, const QString &passkeyId, const SignInMethods &methods,
                                     const AccountChange &change) const
{
    std::shared_ptr<const AccountPrivate> self = d;
    const QFuture<QList<AdapterAccount>> accounts = d->stores.admin ? d->stores.admin->listAccounts(userId)
                                                                    : QtFuture::makeReadyFuture(QList<AdapterAccount>());
    return continueWith(passkeyRecords(d->stores, userId), [self, userId, passkeyId, methods, change, accounts](const QList<UserPasskeyRecord> &records) {
        const UserPasskeyRecord record = findPasskey(records, userId, passkeyId);
        return continueWith(accounts, [self, userId, passkeyId, methods, change, record](const QList<AdapterAccount> &list) {
            int otherLinks = 0;
            std::optional<AdapterAccount> registration;  // the webauthn account row Auth.js links per passkey
            for (const AdapterAccount &account : list) {
                if (account.userId != userId)
                    continue;
                if (isLink(account) && methods.linkProviders.contains(account.provider))
                    ++otherLinks;
                else if (account.type == u"webauthn" && account.providerAccountId == record.authenticator.providerAccountId)
                    registration = account;
            }
            const QString credential = record.authenticator.credentialID;
            const QFuture<bool> allowed = change.byAdministrator
                ? QtFuture::makeReadyFuture(true)
                : AccountPrivate::requireAnotherWay(self, userId, methods, otherLinks, credential,
                                                    QStringLiteral("the passkey is the user's last way to sign in"));
            return continueWith(allowed,
                [self, userId, passkeyId, change, record, registration](bool) {
                    return continueWith(self->stores.adapter->deleteAuthenticator(record.authenticator.credentialID),
                        [self, userId, passkeyId, change, record, registration](const std::optional<AdapterAuthenticator> &removed) {
                            if (!removed)  // removed meanwhile
                                throw AccountRecordNotFound(QStringLiteral("the user has no passkey with id \"%1\"").arg(passkeyId));
                            self->audit(QStringLiteral("passkeyRemove"), userId, change,
                                        {{QStringLiteral("passkey"), passkeyId},
                                         {QStringLiteral("name"), record.details ? record.details->name : QString()}},
                                        registration ? registration->provider : QString());
                            if (!registration)
                                return QtFuture::makeReadyFuture(true);
                            return continueWith(self->stores.adapter->unlinkAccount(registration->provider, registration->providerAccountId),
                                                [](const std::optional<AdapterAccount> &) { return true; });
                        });
                });
        });
    }).then(QtFuture::Launch::Sync, [](bool) {});
}

QFuture<QList<AuditEvent>> Account::recentActivity(const QString &userId, int limit) const
{
    AuditStore *store = d->stores.audit.get();
    if (!store || userId.isEmpty())
        return QtFuture::makeReadyFuture(QList<AuditEvent>());
    AuditFilter filter;
    filter.userId = userId;
    return store->auditEvents(filter, qBound(1, limit, 200));
}

QStringList Account::personalNotices()
{
    return {QStringLiteral("newDevice")};
}

bool Account::keepsNoticeChoices() const
{
    return d->stores.noticePreferences != nullptr;
}

QFuture<bool> Account::noticeEnabled(const QString &userId, const QString &kind) const
{
    std::shared_ptr<NoticePreferenceStore> store = d->stores.noticePreferences;
    if (!store || !personalNotices().contains(kind))
        return QtFuture::makeReadyFuture(true);
    // The person's choice as they made it: the page shows it at once. Which events it keeps
    // from being mailed is the notifier's rule (noticeTurnedOff()), not this.
    return continueWith(store->noticePreferences(userId), [kind](const QList<NoticePreference> &choices) {
        for (const NoticePreference &choice : choices) {
            if (choice.kind == kind)
                return choice.enabled;
        }
        return true;
    });
}

QFuture<void> Account::setNoticeEnabled(const QString &userId, const QString &kind, bool enabled, const AccountChange &change) const
{
    std::shared_ptr<NoticePreferenceStore> store = d->stores.noticePreferences;
    if (!store)
        return failedFuture<void>(MissingAdapterMethods(QStringLiteral("notice choices need an adapter that implements NoticePreferenceStore")));
    if (!personalNotices().contains(kind))
        return failedFuture<void>(InvalidAccountInput(QStringLiteral("a person may turn off only these notices: %1")
                                                          .arg(personalNotices().join(QStringLiteral(", ")))));
    std::shared_ptr<const AccountPrivate> self = d;
    return store->setNoticePreference(userId, {kind, enabled, QDateTime::currentDateTimeUtc()})
        .then(QtFuture::Launch::Sync, [self, userId, kind, enabled, change] {
            self->audit(QStringLiteral("noticeChoice"), userId, change,
                        {{QStringLiteral("notice"), kind}, {QStringLiteral("enabled"), enabled}});
        });
}

} // namespace Gatehouse
