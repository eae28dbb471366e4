#include <gatehouse/passwordcredentials.h>

#include "core/futures.h"
#include "crypto/password.h"
#include "passwords/logging.h"
#include "passwords/storedpasswordcheck.h"
#include "storage/auditwriter.h"
#include "storage/stores.h"

#include <gatehouse/errors.h>

#include <QJsonArray>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace Gatehouse {

namespace {

UserStateStore &storeOf(const std::shared_ptr<Adapter> &adapter)
{
    UserStateStore *store = Stores::of(adapter).userState.get();
    if (!store)
        throw InvalidConfiguration(QStringLiteral("built-in passwords need an adapter that implements UserStateStore"));
    return *store;
}

//! Argon2id work runs here: two threads for the whole process, so sign-in floods cannot starve
//! the server. Never destroyed: the last reference to a pool of its own would go in a
//! continuation run on one of the pool's threads, and a pool destroyed there waits for itself
//! for ever (one stuck thread per password set).
QThreadPool *hashingPool()
{
    static QThreadPool *const pool = [] {
        auto *threads = new QThreadPool;
        threads->setMaxThreadCount(2);
        return threads;
    }();
    return pool;
}

//! What a sign-in's check found: the user, and a foreign hash's replacement when it matched one.
struct Verified
{
    std::optional<QString> userId;
    QString foreignScheme;  //!< the matched hash's scheme; empty for Gatehouse's own
    QString foreignHash;    //!< the matched hash, to replace only if it is still the one stored
    QString argon2idHash;   //!< the same password in Gatehouse's Argon2id
};

//! Runs on the hashing pool: checks \a password, and hashes it again when a foreign hash matched.
Verified verify(const std::optional<PasswordCredential> &stored, const QByteArray &password)
{
    if (!stored) {
        Crypto::burnPasswordVerification(password);
        return {};
    }
    const StoredPasswordCheck check = checkStoredPassword(password, stored->hash);
    if (!check.matches || stored->disabled)
        return {};
    Verified verified{stored->userId, {}, {}, {}};
    if (!check.foreignScheme.isEmpty()) {
        try {
            verified.argon2idHash = Crypto::hashPassword(password);
            verified.foreignScheme = check.foreignScheme;
            verified.foreignHash = stored->hash;
        } catch (const std::exception &error) {
            // The person still signs in with the hash they have; the next sign-in tries again.
            qCWarning(lcPasswords) << "rehashing a foreign password hash failed:" << error.what();
        }
    }
    return verified;
}

/*!
 * Stores \a verified's Argon2id hash in place of the foreign one and audits \c passwordRehash
 * with the old scheme's name. The credential is read again first: a password set since the
 * check is left alone. Never fails: a sign-in does not depend on it (the old hash still works).
 */
QFuture<void> replaceForeignHash(const std::shared_ptr<Adapter> &adapter, UserStateStore *store, const QString &email,
                                 const Verified &verified, const QString &providerId)
{
    const QString userId = *verified.userId;
    std::shared_ptr<AuditStore> audit = Stores::of(adapter).audit;
    return continueWith(store->passwordHash(email), [store, userId, verified, audit, providerId](
                                                        const std::optional<PasswordCredential> &current) {
               if (!current || current->userId != userId || current->hash != verified.foreignHash)
                   return QtFuture::makeReadyFuture();
               return store->setPassword(userId, verified.argon2idHash)
                   .then(QtFuture::Launch::Sync, [audit, userId, verified, providerId] {
                       AuditEvent event;
                       event.time = QDateTime::currentDateTimeUtc();
                       event.type = QStringLiteral("passwordRehash");
                       event.userId = userId;
                       event.provider = providerId;
                       event.detail = {{QStringLiteral("from"), verified.foreignScheme},
                                       {QStringLiteral("to"), QStringLiteral("argon2id")}};
                       writeAudit(audit.get(), event);
                   });
           })
        .onFailed([] { qCWarning(lcPasswords) << "storing the Argon2id hash of a foreign password hash failed"; });
}

} // namespace

Provider passwordCredentialsProvider(std::shared_ptr<Adapter> adapter, const QString &id, const QString &name)
{
    UserStateStore &store = storeOf(adapter);
    Provider provider;
    provider.id = id;
    provider.name = name;
    provider.type = QStringLiteral("credentials");
    provider.options = {
        {QStringLiteral("authorize"), QStringLiteral("builtin")},
        {QStringLiteral("credentials"), QJsonArray{
             QJsonObject{{QStringLiteral("name"), QStringLiteral("email")}, {QStringLiteral("label"), QStringLiteral("Email")},
                         {QStringLiteral("type"), QStringLiteral("email")}, {QStringLiteral("autocomplete"), QStringLiteral("username")}},
             QJsonObject{{QStringLiteral("name"), QStringLiteral("password")}, {QStringLiteral("label"), QStringLiteral("Password")},
                         {QStringLiteral("type"), QStringLiteral("password")},
                         {QStringLiteral("autocomplete"), QStringLiteral("current-password")}}}},
    };
    UserStateStore *storePtr = &store;
    provider.authorize = [adapter, storePtr, id](const QJsonObject &credentials, const AuthRequest &) {
        const QString email = credentials.value(QStringLiteral("email")).toString().trimmed().toLower();
        const QByteArray password = credentials.value(QStringLiteral("password")).toString().toUtf8();
        return storePtr->passwordHash(email)
            .then(QtFuture::Launch::Sync, [adapter, password](const std::optional<PasswordCredential> &stored) {
                // Verify (or burn the same time) on the hashing pool.
                return QtConcurrent::run(hashingPool(), [stored, password]() { return verify(stored, password); });
            })
            .unwrap()
            .then(QtFuture::Launch::Sync, [adapter, storePtr, email, id](const Verified &verified) {
                // A foreign hash that matched is replaced before the sign-in answers, so the
                // next one finds Argon2id.
                if (!verified.userId || verified.argon2idHash.isEmpty())
                    return QtFuture::makeReadyFuture(verified.userId);
                return replaceForeignHash(adapter, storePtr, email, verified, id)
                    .then(QtFuture::Launch::Sync, [userId = verified.userId] { return userId; });
            })
            .unwrap()
            .then(QtFuture::Launch::Sync, [adapter](const std::optional<QString> &userId) -> QFuture<std::optional<QJsonObject>> {
                if (!userId)
                    return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
                return adapter->getUser(*userId).then(QtFuture::Launch::Sync, [](const std::optional<AdapterUser> &user) {
                    return user ? std::optional<QJsonObject>(user->toJson()) : std::optional<QJsonObject>();
                });
            })
            .unwrap();
    };
    return provider;
}

QFuture<void> setUserPassword(std::shared_ptr<Adapter> adapter, const QString &userId, const QString &password)
{
    UserStateStore *store = &storeOf(adapter);
    const QByteArray bytes = password.toUtf8();
    // The adapter is let go of before the future finishes (see continueWith()).
    return continueWith(QtConcurrent::run(hashingPool(), [bytes]() { return Crypto::hashPassword(bytes); }),
                        [adapter = std::move(adapter), store, userId](const QString &hash) {
                            return store->setPassword(userId, hash);
                        });
}

NewPasswordProblem newPasswordProblem(const QString &password, const QString &email)
{
    if (password.isEmpty())
        return NewPasswordProblem::Empty;
    if (password.size() < kMinimumPasswordLength)
        return NewPasswordProblem::TooShort;
    if (password.size() > kMaximumPasswordLength)
        return NewPasswordProblem::TooLong;
    if (!email.isEmpty() && password.compare(email, Qt::CaseInsensitive) == 0)
        return NewPasswordProblem::IsEmailAddress;
    return NewPasswordProblem::None;
}

namespace {

//! The stored credential of \a userId: the user's address names it, and it must be theirs.
QFuture<std::optional<PasswordCredential>> credentialOf(const std::shared_ptr<Adapter> &adapter, UserStateStore *store,
                                                         const QString &userId)
{
    return continueWith(adapter->getUser(userId), [store, userId](const std::optional<AdapterUser> &user) {
        if (!user || user->email.isEmpty())
            return QtFuture::makeReadyFuture(std::optional<PasswordCredential>());
        return store->passwordHash(user->email.trimmed().toLower())
            .then(QtFuture::Launch::Sync, [userId](const std::optional<PasswordCredential> &stored) {
                return stored && stored->userId == userId ? stored : std::optional<PasswordCredential>();
            });
    });
}

} // namespace

QFuture<bool> checkUserPassword(std::shared_ptr<Adapter> adapter, const QString &userId, const QString &password)
{
    UserStateStore *store = &storeOf(adapter);
    const QByteArray bytes = password.toUtf8();
    return continueWith(credentialOf(adapter, store, userId), [bytes](const std::optional<PasswordCredential> &stored) {
        return QtConcurrent::run(hashingPool(), [stored, bytes]() {
            if (!stored) {
                Crypto::burnPasswordVerification(bytes);
                return false;
            }
            return checkStoredPassword(bytes, stored->hash).matches && !stored->disabled;
        });
    });
}

QFuture<bool> hasUserPassword(std::shared_ptr<Adapter> adapter, const QString &userId)
{
    UserStateStore *store = Stores::of(adapter).userState.get();
    if (!store)
        return QtFuture::makeReadyFuture(false);
    return continueWith(credentialOf(adapter, store, userId),
                        [adapter](const std::optional<PasswordCredential> &stored) { return stored.has_value(); });
}

} // namespace Gatehouse
