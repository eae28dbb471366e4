#include "userdetail.h"
#include "activity.h"

#include "adminconnection.h"
#include "apiclient.h"
#include "asyncresult.h"
#include "detailmodels.h"
#include "operatinguser.h"
#include "records.h"

#include <gatehouse/account.h>
#include <gatehouse/groupstore.h>
#include <gatehouse/lockouts.h>
#include <gatehouse/oidcsessionstore.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/twofactor.h>

#include <QJsonArray>
#include <QUrl>

namespace Gatehouse::Admin {

namespace {

constexpr int auditRows = 50;
constexpr int sessionRows = 1000;   // as many as the admin API lists (GET users/{id}/sessions)

//! Everything UserDetail shows, read on a worker thread.
struct Snapshot
{
    std::optional<UserListEntry> user;
    QList<QVariantMap> accounts;
    QList<QVariantMap> sessions;
    QList<QVariantMap> authenticators;
    QList<QVariantMap> auditEvents;
    bool twoFactorAvailable = false;
    TwoFactorStatus twoFactor;
    QStringList groups;
    QVariantList lockouts;
};

/*!
 * TwoFactor for what an administrator does: status and removal open no sealed secret, so the
 * configured secrets are not needed (as in \c {gatehouse-server user 2fa reset}); the key
 * derived from this placeholder is never used.
 */
TwoFactor adminTwoFactor(const std::shared_ptr<SqlAdapter> &store)
{
    return TwoFactor(store, {QStringLiteral("gatehouse-admin: no sealed secret is opened")});
}

//! The user with its state and its password's.
std::optional<UserListEntry> findUser(SqlAdapter &store, const QString &userId)
{
    const std::optional<AdapterUser> user = store.getUser(userId).result();
    if (!user)
        return std::nullopt;
    UserListEntry entry{*user};
    entry.disabled = store.isUserDisabled(userId).result();
    if (const auto credential = store.passwordHash(user->email).result(); credential && credential->userId == userId) {
        entry.hasPassword = true;
        entry.passwordDisabled = credential->disabled;
    }
    return entry;
}

//! LockoutKind for the person reading the view, in their language.
QString kindText(LockoutKind kind)
{
    switch (kind) {
    case LockoutKind::PasswordSignIn:
        return UserDetail::tr("password sign-in");
    case LockoutKind::SecondFactor:
        return UserDetail::tr("second factor");
    case LockoutKind::PasswordReset:
        return UserDetail::tr("password reset");
    }
    return lockoutKindName(kind);
}

//! A kind as the admin API names it (lockoutKindName()), in the app's language.
QString kindText(const QString &apiName)
{
    for (const LockoutKind kind : {LockoutKind::PasswordSignIn, LockoutKind::SecondFactor, LockoutKind::PasswordReset}) {
        if (lockoutKindName(kind) == apiName)
            return kindText(kind);
    }
    return apiName;
}

//! \c users/ID (+ \a rest) in the admin API, the id percent-encoded.
QString userApiPath(const QString &userId, const QString &rest = {})
{
    return QStringLiteral("users/") + QString::fromLatin1(QUrl::toPercentEncoding(userId)) + rest;
}

//! A path segment of the admin API (a group's name, a record's id), percent-encoded.
QString segment(const QString &text)
{
    return QLatin1Char('/') + QString::fromLatin1(QUrl::toPercentEncoding(text));
}

//! The records of \a key in \a json, each made by \a convert.
template<typename Convert>
QList<QVariantMap> apiRecords(const QJsonObject &json, QLatin1String key, Convert convert)
{
    QList<QVariantMap> records;
    for (const QJsonValue &value : json.value(key).toArray())
        records.append(convert(value.toObject()));
    return records;
}

Snapshot load(const std::shared_ptr<SqlAdapter> &adapter, const QString &userId, qint64 maxAge, const LockoutLimits &limits)
{
    SqlAdapter &store = *adapter;
    Snapshot s;
    s.user = findUser(store, userId);
    if (!s.user)
        return s;
    const TwoFactor twoFactor = adminTwoFactor(adapter);
    s.twoFactorAvailable = twoFactor.isAvailable();
    if (s.twoFactorAvailable)
        s.twoFactor = twoFactor.status(userId).result();
    s.groups = store.userGroups(userId).result();
    for (const Lockout &lockout : currentLockouts(adapter, limits).result()) {
        if (lockout.user.id == userId)
            s.lockouts.append(QVariantMap{{QStringLiteral("kind"), kindText(lockout.kind)},
                                          {QStringLiteral("until"), lockout.until}});
    }
    for (const AdapterAccount &account : store.listAccounts(userId).result())
        s.accounts.append(Records::account(account));
    for (const AdapterAuthenticator &authenticator : store.listAuthenticatorsByUserId(userId).result())
        s.authenticators.append(Records::authenticator(authenticator));
    AuditFilter filter;
    filter.userId = userId;
    const QList<AuditEvent> events = store.auditEvents(filter, auditRows).result();
    for (const AuditEvent &event : events)
        s.auditEvents.append(Records::auditEvent(event));
    // A session's client address: the user's latest sign-in at or before the session was last
    // extended (sessions do not record it themselves).
    AuditFilter signIns;
    signIns.userId = userId;
    signIns.type = QStringLiteral("signIn");
    const QList<AuditEvent> signInEvents = store.auditEvents(signIns, auditRows).result(); // newest first
    SessionFilter sessions;
    sessions.userId = userId;
    sessions.activeOnly = false;
    for (const SessionListEntry &entry : store.listSessionEntries(sessions, 0, sessionRows).result()) {
        const QDateTime lastSeen = entry.session.expires.addSecs(-maxAge);
        QString address;
        for (const AuditEvent &event : signInEvents) {
            if (event.time <= lastSeen.addSecs(60)) {
                address = event.clientAddress;
                break;
            }
        }
        s.sessions.append(Records::session(entry, maxAge, address));
    }
    return s;
}

} // namespace

class UserDetailPrivate
{
public:
    explicit UserDetailPrivate(UserDetail *q)
        : q(q)
        , accounts(new AccountsModel(q))
        , sessions(new SessionListModel(q))
        , authenticators(new AuthenticatorsModel(q))
        , auditEvents(new AuditEventsModel(q))
    {
        pool.setMaxThreadCount(1);
    }

    std::shared_ptr<SqlAdapter> adapter() const { return connection ? connection->adapter() : nullptr; }
    ApiClient *api() const { return connection ? connection->api() : nullptr; }

    void clear()
    {
        user.reset();
        loaded = false;
        twoFactorAvailable = false;
        twoFactor = {};
        groups.clear();
        lockouts.clear();
        accounts->setRecords({});
        sessions->setRecords({});
        authenticators->setRecords({});
        auditEvents->setRecords({});
        Q_EMIT q->userChanged();
    }

    /*!
     * reload() over the admin API: the user and its lists, asked at once; shown together once
     * every answer is in (a user that is not there any more: \c exists false).
     */
    void reloadOverApi(ApiClient *client, quint64 generation)
    {
        struct Answers
        {
            int waiting = 6;
            ApiReply user, accounts, passkeys, groups, sessions, events;
        };
        auto answers = std::make_shared<Answers>();
        const qint64 maxAge = connection->sessionMaxAge();
        const auto finish = [this, generation, answers, maxAge] {
            if (--answers->waiting > 0)
                return;
            activity.end();
            if (generation != this->generation)
                return;
            if (answers->user.problem && answers->user.problem->kind == ApiProblem::Kind::NotFound) {
                activity.setError({});
                clear();
                loaded = true;
                Q_EMIT q->userChanged();
                return;
            }
            for (const ApiReply *reply : {&answers->user, &answers->accounts, &answers->passkeys, &answers->groups,
                                          &answers->sessions, &answers->events}) {
                if (!reply->ok()) {
                    activity.setError(UserDetail::tr("could not load the user: %1").arg(reply->errorText()));
                    return;
                }
            }
            activity.setError({});
            const QJsonObject json = answers->user.json;
            const UserListEntry entry = Records::userFromApi(json);
            user = entry;
            loaded = true;
            const QJsonValue second = json.value(QLatin1String("twoFactor"));
            twoFactorAvailable = second.isObject();
            twoFactor = {};
            if (twoFactorAvailable) {
                const QJsonObject status = second.toObject();
                twoFactor.enrolled = status.value(QLatin1String("enrolled")).toBool();
                twoFactor.pending = status.value(QLatin1String("pending")).toBool();
                if (status.value(QLatin1String("enrolledAt")).isString())
                    twoFactor.enrolledAt = QDateTime::fromString(status.value(QLatin1String("enrolledAt")).toString(), Qt::ISODateWithMs).toUTC();
                twoFactor.recoveryCodesLeft = status.value(QLatin1String("recoveryCodesLeft")).toInt();
            }
            lockouts.clear();
            for (const QJsonValue &value : json.value(QLatin1String("lockouts")).toArray()) {
                const QJsonObject lockout = value.toObject();
                lockouts.append(QVariantMap{
                    {QStringLiteral("kind"), kindText(lockout.value(QLatin1String("kind")).toString())},
                    {QStringLiteral("until"), QDateTime::fromString(lockout.value(QLatin1String("until")).toString(), Qt::ISODateWithMs).toUTC()}});
            }
            groups = answers->groups.json.value(QLatin1String("groups")).toVariant().toStringList();
            accounts->setRecords(apiRecords(answers->accounts.json, QLatin1String("accounts"), Records::accountFromApi));
            authenticators->setRecords(apiRecords(answers->passkeys.json, QLatin1String("passkeys"), Records::authenticatorFromApi));
            auditEvents->setRecords(apiRecords(answers->events.json, QLatin1String("events"), Records::auditEventFromApi));
            sessions->setRecords(apiRecords(answers->sessions.json, QLatin1String("sessions"), [&entry, maxAge](const QJsonObject &session) {
                QVariantMap record = Records::sessionFromApi(session, maxAge);
                record.insert(QStringLiteral("userId"), entry.user.id);
                record.insert(QStringLiteral("userEmail"), entry.user.email);
                record.insert(QStringLiteral("userName"), entry.user.name.value_or(QString()));
                return record;
            }));
            Q_EMIT q->userChanged();
        };
        activity.begin();
        const QList<std::pair<QString, ApiReply Answers::*>> parts{
            {QString(), &Answers::user},
            {QStringLiteral("/accounts"), &Answers::accounts},
            {QStringLiteral("/passkeys"), &Answers::passkeys},
            {QStringLiteral("/groups"), &Answers::groups},
            {QStringLiteral("/sessions"), &Answers::sessions},
            {QStringLiteral("/events"), &Answers::events},
        };
        for (const auto &[rest, slot] : parts) {
            QUrlQuery query;
            if (rest == QLatin1String("/events"))
                query.addQueryItem(QStringLiteral("limit"), QString::number(auditRows));
            // Expired sessions too, marked: the list load() shows on a database.
            if (rest == QLatin1String("/sessions"))
                query.addQueryItem(QStringLiteral("expired"), QStringLiteral("true"));
            client->get(userApiPath(userId, rest), query, q, [answers, finish, slot = slot](const ApiReply &reply) {
                (*answers).*slot = reply;
                finish();
            });
        }
    }

    /*!
     * An action over the admin API: \a method on \a rest under the user; \a describe turns the
     * answer into the message, or throws AdminError when the answer says nothing was done.
     */
    template<typename Describe>
    void actOverApi(const QString &operation, const QByteArray &method, const QString &rest, Describe describe)
    {
        ApiClient *client = api();
        if (!client) {
            Q_EMIT q->operationFinished(operation, false, UserDetail::tr("not connected to a server"));
            return;
        }
        activity.begin();
        client->send(method, userApiPath(userId, rest), {}, q, [this, operation, describe](const ApiReply &reply) {
            activity.end();
            if (!reply.ok()) {
                Q_EMIT q->operationFinished(operation, false, reply.errorText());
                return;
            }
            QString message;
            bool ok = true;
            try {
                message = describe(reply.json);
            } catch (const AdminError &error) {
                ok = false;
                message = error.message();
            }
            reload();
            Q_EMIT q->operationFinished(operation, ok, message);
        });
    }

    bool overApi() const { return connection && connection->isServer(); }

    void reload()
    {
        const quint64 generation = ++this->generation;
        if (ApiClient *client = api(); client && !userId.isEmpty()) {
            reloadOverApi(client, generation);
            return;
        }
        const auto store = adapter();
        if (!store || userId.isEmpty()) {
            clear();
            return;
        }
        const QString id = userId;
        const qint64 maxAge = connection->sessionMaxAge();
        const LockoutLimits limits = connection->lockoutLimits();
        activity.begin();
        runInBackground(&pool, q, [store, id, maxAge, limits] { return load(store, id, maxAge, limits); },
                        [this, generation](const Outcome<Snapshot> &outcome) {
                            activity.end();
                            if (generation != this->generation)
                                return;
                            const QString error = outcome.ok() ? QString() : UserDetail::tr("could not load the user: %1").arg(outcome.error);
                            activity.setError(error);
                            if (!outcome.ok())
                                return;
                            user = outcome.value->user;
                            loaded = true;
                            twoFactorAvailable = outcome.value->twoFactorAvailable;
                            twoFactor = outcome.value->twoFactor;
                            groups = outcome.value->groups;
                            lockouts = outcome.value->lockouts;
                            accounts->setRecords(outcome.value->accounts);
                            sessions->setRecords(outcome.value->sessions);
                            authenticators->setRecords(outcome.value->authenticators);
                            auditEvents->setRecords(outcome.value->auditEvents);
                            Q_EMIT q->userChanged();
                        });
    }

    template<typename Work>
    void act(const QString &operation, Work work)
    {
        const auto store = adapter();
        if (!store) {
            Q_EMIT q->operationFinished(operation, false, UserDetail::tr("not connected to a database"));
            return;
        }
        activity.begin();
        runInBackground(&pool, q,
                        [store, work = std::move(work)] {
                            if constexpr (std::is_invocable_v<Work, SqlAdapter &>)
                                return work(*store);
                            else
                                return work(store); // for library calls that keep the adapter
                        },
                        [this, operation](const Outcome<QString> &outcome) {
                            activity.end();
                            if (outcome.ok())
                                reload();
                            Q_EMIT q->operationFinished(operation, outcome.ok(), outcome.ok() ? *outcome.value : outcome.error);
                        });
    }

    UserDetail *q;
    QPointer<AdminConnection> connection;
    QString userId;
    std::optional<UserListEntry> user;
    bool loaded = false;
    bool twoFactorAvailable = false;
    TwoFactorStatus twoFactor;
    QStringList groups;
    QVariantList lockouts;
    AccountsModel *accounts;
    SessionListModel *sessions;
    AuthenticatorsModel *authenticators;
    AuditEventsModel *auditEvents;
    quint64 generation = 0;
    Activity<UserDetail> activity{q};
    QThreadPool pool;
};

UserDetail::UserDetail(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<UserDetailPrivate>(this))
{
}

UserDetail::~UserDetail()
{
    ++d->generation;
    d->pool.waitForDone();
}

AdminConnection *UserDetail::connection() const { return d->connection; }

void UserDetail::setConnection(AdminConnection *connection)
{
    if (connection == d->connection)
        return;
    if (d->connection)
        disconnect(d->connection, nullptr, this, nullptr);
    d->connection = connection;
    if (connection)
        connect(connection, &AdminConnection::opened, this, [this] { d->reload(); });
    Q_EMIT connectionChanged();
    d->reload();
}

QString UserDetail::userId() const { return d->userId; }

void UserDetail::setUserId(const QString &userId)
{
    if (userId == d->userId)
        return;
    d->userId = userId;
    Q_EMIT userIdChanged();
    d->clear();
    d->reload();
}

bool UserDetail::isLoaded() const { return d->loaded; }
bool UserDetail::exists() const { return d->user.has_value(); }
QString UserDetail::name() const { return d->user ? d->user->user.name.value_or(QString()) : QString(); }
QString UserDetail::email() const { return d->user ? d->user->user.email : QString(); }
QDateTime UserDetail::emailVerified() const { return d->user ? d->user->user.emailVerified.value_or(QDateTime()) : QDateTime(); }
QString UserDetail::image() const { return d->user ? d->user->user.image.value_or(QString()) : QString(); }
bool UserDetail::isDisabled() const { return d->user && d->user->disabled; }
bool UserDetail::hasPassword() const { return d->user && d->user->hasPassword; }
bool UserDetail::passwordDisabled() const { return d->user && d->user->passwordDisabled; }
AccountsModel *UserDetail::accounts() const { return d->accounts; }
SessionListModel *UserDetail::sessions() const { return d->sessions; }
AuthenticatorsModel *UserDetail::authenticators() const { return d->authenticators; }
AuditEventsModel *UserDetail::auditEvents() const { return d->auditEvents; }
bool UserDetail::twoFactorAvailable() const { return d->user && d->twoFactorAvailable; }
bool UserDetail::twoFactorEnrolled() const { return d->user && d->twoFactor.enrolled; }
bool UserDetail::twoFactorPending() const { return d->user && d->twoFactor.pending; }
QDateTime UserDetail::twoFactorEnrolledAt() const
{
    return d->user && d->twoFactor.enrolled ? d->twoFactor.enrolledAt.value_or(QDateTime()) : QDateTime();
}
int UserDetail::recoveryCodesLeft() const { return d->user ? d->twoFactor.recoveryCodesLeft : 0; }
QStringList UserDetail::groups() const { return d->user ? d->groups : QStringList(); }
QVariantList UserDetail::lockouts() const { return d->user ? d->lockouts : QVariantList(); }
bool UserDetail::isBusy() const { return d->activity.isBusy(); }
QString UserDetail::errorString() const { return d->activity.errorString(); }

void UserDetail::reload()
{
    d->reload();
}

void UserDetail::unlinkAccount(const QString &provider, const QString &providerAccountId)
{
    if (d->overApi()) {
        // The API addresses a linked account by the id its list gave.
        QString apiId;
        for (const QVariantMap &account : d->accounts->records()) {
            if (account.value(QStringLiteral("provider")) == provider && account.value(QStringLiteral("providerAccountId")) == providerAccountId)
                apiId = account.value(QStringLiteral("apiId")).toString();
        }
        if (apiId.isEmpty()) {
            Q_EMIT operationFinished(QStringLiteral("unlinkAccount"), false, tr("there is no %1 account %2").arg(provider, providerAccountId));
            return;
        }
        return d->actOverApi(QStringLiteral("unlinkAccount"), "DELETE", QStringLiteral("/accounts") + segment(apiId),
                             [provider, providerAccountId](const QJsonObject &) {
                                 return tr("unlinked the %1 account %2").arg(provider, providerAccountId);
                             });
    }
    const QString userId = d->userId;
    d->act(QStringLiteral("unlinkAccount"), [userId, provider, providerAccountId](SqlAdapter &store) {
        const std::optional<AdapterAccount> unlinked = store.unlinkAccount(provider, providerAccountId).result();
        if (!unlinked)
            throw AdminError(tr("there is no %1 account %2").arg(provider, providerAccountId));
        AuditEvent event = adminChangeEvent(QStringLiteral("unlinkAccount"), unlinked->userId, {{QStringLiteral("type"), unlinked->type}});
        event.provider = unlinked->provider;
        recordAdminChange(store, event);
        return tr("unlinked the %1 account %2").arg(provider, providerAccountId);
    });
}

void UserDetail::revokeSession(const QString &sessionToken)
{
    if (d->overApi()) {
        // Over the API the list's sessionToken is the session's id (its token's hash).
        return d->actOverApi(QStringLiteral("revokeSession"), "DELETE", QStringLiteral("/sessions") + segment(sessionToken),
                             [sessionToken](const QJsonObject &) {
                                 return tr("revoked the session %1").arg(Records::tokenHint(sessionToken));
                             });
    }
    const QStringList secrets = d->connection ? d->connection->secrets() : QStringList();
    d->act(QStringLiteral("revokeSession"), [sessionToken, secrets](const std::shared_ptr<SqlAdapter> &store) {
        const std::optional<AdapterSession> ended = store->deleteSession(sessionToken).result();
        if (!ended)
            throw AdminError(tr("the session %1 does not exist any more").arg(Records::sessionHint(sessionToken)));
        // Named by its token's hash, as the API's sessionEnd names it: never the token.
        recordAdminChange(*store, QStringLiteral("sessionEnd"), ended->userId, {{QStringLiteral("session"), sessionId(sessionToken)}});
        // Its OpenID Provider clients are told by a running server (a configuration file names the secret).
        queueBackchannelLogoutsOfSession(store, secrets, sessionToken).waitForFinished();
        return tr("revoked the session %1").arg(Records::sessionHint(sessionToken));
    });
}

void UserDetail::revokeAllSessions()
{
    if (d->overApi()) {
        return d->actOverApi(QStringLiteral("revokeAllSessions"), "DELETE", QStringLiteral("/sessions"), [](const QJsonObject &answer) {
            return tr("revoked %n session(s)", nullptr, answer.value(QLatin1String("sessionsEnded")).toInt());
        });
    }
    const QString userId = d->userId;
    d->act(QStringLiteral("revokeAllSessions"), [userId](SqlAdapter &store) {
        // The OpenID Provider's clients of the sessions are told by a running server's outbox.
        store.queueOidcLogoutsOfUser(userId, QString()).waitForFinished();
        const qint64 revoked = store.deleteUserSessions(userId).result();
        recordAdminChange(store, QStringLiteral("sessionsEndAll"), userId, {{QStringLiteral("sessionsEnded"), revoked}});
        return tr("revoked %n session(s)", nullptr, int(revoked));
    });
}

void UserDetail::removeAuthenticator(const QString &credentialID)
{
    if (d->overApi()) {
        QString apiId;
        for (const QVariantMap &passkey : d->authenticators->records()) {
            if (passkey.value(QStringLiteral("credentialID")) == credentialID)
                apiId = passkey.value(QStringLiteral("apiId")).toString();
        }
        if (apiId.isEmpty()) {
            Q_EMIT operationFinished(QStringLiteral("removeAuthenticator"), false,
                                     tr("the authenticator %1 does not exist any more").arg(credentialID));
            return;
        }
        return d->actOverApi(QStringLiteral("removeAuthenticator"), "DELETE", QStringLiteral("/passkeys") + segment(apiId),
                             [credentialID](const QJsonObject &) { return tr("removed the authenticator %1").arg(credentialID); });
    }
    const QString userId = d->userId;
    d->act(QStringLiteral("removeAuthenticator"), [credentialID, userId](SqlAdapter &store) {
        // Its name, read before it goes with it, for the event.
        QString name;
        for (const UserPasskeyRecord &record : store.userPasskeys(userId).result()) {
            if (record.authenticator.credentialID == credentialID && record.details)
                name = record.details->name;
        }
        const std::optional<AdapterAuthenticator> removed = store.deleteAuthenticator(credentialID).result();
        if (!removed)
            throw AdminError(tr("the authenticator %1 does not exist any more").arg(credentialID));
        // As the API's passkeyRemove: the id its passkey list gives (Account::passkeyId()), the
        // name, and the provider of its webauthn registration.
        AuditEvent event = adminChangeEvent(QStringLiteral("passkeyRemove"), removed->userId,
                                            {{QStringLiteral("passkey"), Account::passkeyId(credentialID)}, {QStringLiteral("name"), name}});
        std::optional<AdapterAccount> registration;
        for (const AdapterAccount &account : store.listAccounts(removed->userId).result()) {
            if (account.type == QLatin1String("webauthn") && account.providerAccountId == removed->providerAccountId)
                registration = account;
        }
        if (registration) {
            event.provider = registration->provider;
            // As the API's removal (Account::removePasskey()): the registration Auth.js links per
            // passkey goes with it, so the accounts list shows no link to a passkey that is gone.
            store.unlinkAccount(registration->provider, registration->providerAccountId).waitForFinished();
        }
        recordAdminChange(store, event);
        return tr("removed the authenticator %1").arg(credentialID);
    });
}

void UserDetail::removeTwoFactor()
{
    if (d->overApi()) {
        if (!d->twoFactorAvailable) {
            Q_EMIT operationFinished(QStringLiteral("removeTwoFactor"), false, tr("this database keeps no two-factor records"));
            return;
        }
        const int codes = d->twoFactor.recoveryCodesLeft;
        return d->actOverApi(QStringLiteral("removeTwoFactor"), "DELETE", QStringLiteral("/two-factor"), [codes](const QJsonObject &answer) {
            if (!answer.value(QLatin1String("removed")).toBool())
                throw AdminError(tr("there is no authenticator app to remove any more"));
            return tr("removed the authenticator app and %n recovery code(s); sign-in asks for no code until the "
                      "person sets it up again", nullptr, codes);
        });
    }
    const QString userId = d->userId;
    d->act(QStringLiteral("removeTwoFactor"), [userId](const std::shared_ptr<SqlAdapter> &store) {
        const TwoFactor twoFactor = adminTwoFactor(store);
        if (!twoFactor.isAvailable())
            throw AdminError(tr("this database keeps no two-factor records"));
        const TwoFactorStatus status = twoFactor.status(userId).result();
        // Audited by the removal itself (twoFactorRemove), with by and operator as every local change.
        const AuditEvent by = adminChangeEvent(QStringLiteral("twoFactorRemove"), userId);
        TwoFactorChange change;
        change.byAdministrator = true;
        change.by = by.detail.value(QLatin1String("by")).toString();
        change.operatorName = by.detail.value(QLatin1String("operator")).toString();
        if (!twoFactor.remove(userId, change).result())
            throw AdminError(tr("there is no authenticator app to remove any more"));
        return tr("removed the authenticator app and %n recovery code(s); sign-in asks for no code until the "
                  "person sets it up again", nullptr, status.recoveryCodesLeft);
    });
}

void UserDetail::unlock()
{
    if (!d->user) {
        Q_EMIT operationFinished(QStringLiteral("unlock"), false, tr("the user is not loaded"));
        return;
    }
    const AdapterUser user = d->user->user;
    if (d->overApi()) {
        return d->actOverApi(QStringLiteral("unlock"), "POST", QStringLiteral("/unlock"), [user](const QJsonObject &answer) {
            QStringList kinds;
            for (const QJsonValue &kind : answer.value(QLatin1String("cleared")).toArray())
                kinds.append(kindText(kind.toString()));
            if (kinds.isEmpty())
                return tr("nothing was counted against %1: no limit to lift").arg(user.email);
            return tr("cleared the counted failures of %1 (%2): the next attempt is allowed at once")
                .arg(user.email, kinds.join(QLatin1String(", ")));
        });
    }
    const QString operatorName = operatingUser();
    d->act(QStringLiteral("unlock"), [user, operatorName](const std::shared_ptr<SqlAdapter> &store) {
        const LockoutsLifted lifted = liftLockouts(store, user, operatorName).result();
        if (lifted.kinds.isEmpty())
            return tr("nothing was counted against %1: no limit to lift").arg(user.email);
        QStringList kinds;
        for (const LockoutKind kind : lifted.kinds)
            kinds.append(kindText(kind));
        return tr("cleared the counted failures of %1 (%2): the next attempt is allowed at once")
            .arg(user.email, kinds.join(QLatin1String(", ")));
    });
}

QString UserDetail::validateGroupName(const QString &group) const
{
    // The library's rule, the one gatehouse-server user groups add applies; translated words.
    const std::optional<GroupNameProblem> problem = groupNameProblem(group);
    if (!problem)
        return {};
    switch (*problem) {
    case GroupNameProblem::Empty:
        return tr("Enter a group name.");
    case GroupNameProblem::TooLong:
        return tr("A group name has at most %1 characters.").arg(kMaxGroupNameLength);
    case GroupNameProblem::Comma:
        return tr("A group name cannot contain a comma.");
    case GroupNameProblem::ControlCharacter:
        return tr("A group name cannot contain line breaks, tabs or other control characters.");
    case GroupNameProblem::OuterSpace:
        return tr("A group name cannot begin or end with a space.");
    }
    return describeGroupNameProblem(*problem);
}

void UserDetail::addGroup(const QString &group)
{
    const QString problem = validateGroupName(group);
    if (!problem.isEmpty()) {
        Q_EMIT operationFinished(QStringLiteral("addGroup"), false, problem);
        return;
    }
    if (d->overApi()) {
        return d->actOverApi(QStringLiteral("addGroup"), "PUT", QStringLiteral("/groups") + segment(group), [group](const QJsonObject &answer) {
            return answer.value(QLatin1String("added")).toBool() ? tr("added to %1").arg(group) : tr("already in %1").arg(group);
        });
    }
    const QString userId = d->userId;
    // The store's change, then the event the library's addUserToGroup() records (groupAdd,
    // group; nothing when unchanged) with the operator beside "by".
    d->act(QStringLiteral("addGroup"), [userId, group](SqlAdapter &store) {
        if (!store.addUserGroup(userId, group).result())
            return tr("already in %1").arg(group);
        recordAdminChange(store, QStringLiteral("groupAdd"), userId, {{QStringLiteral("group"), group}});
        return tr("added to %1").arg(group);
    });
}

void UserDetail::removeGroup(const QString &group)
{
    if (d->overApi()) {
        return d->actOverApi(QStringLiteral("removeGroup"), "DELETE", QStringLiteral("/groups") + segment(group), [group](const QJsonObject &answer) {
            if (!answer.value(QLatin1String("removed")).toBool())
                throw AdminError(tr("not in %1 any more").arg(group));
            return tr("removed from %1").arg(group);
        });
    }
    const QString userId = d->userId;
    d->act(QStringLiteral("removeGroup"), [userId, group](SqlAdapter &store) {
        if (!store.removeUserGroup(userId, group).result())
            throw AdminError(tr("not in %1 any more").arg(group));
        recordAdminChange(store, QStringLiteral("groupRemove"), userId, {{QStringLiteral("group"), group}});
        return tr("removed from %1").arg(group);
    });
}

} // namespace Gatehouse::Admin
