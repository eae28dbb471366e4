#include <gatehouse/tokens.h>
#include <gatehouse/errors.h>

#include "core/futures.h"
#include "core/jsonnumber.h"
#include "storage/stores.h"
#include "oauth/oauthclient.h"
#include "oauth/waiters.h"

#include <gatehouse/adapter.h>

#include <QHash>
#include <QMutex>
#include <QPromise>
#include <QTimer>

namespace Gatehouse {

class AccessTokensPrivate
{
public:
    Config config;
    std::shared_ptr<AccountTokenStore> store;
    OAuth::OAuthClient client;
    QMutex mutex;
    //! "<provider>\n<userId>" -> the callers of the lookup (and refresh) under way
    QHash<QString, std::shared_ptr<OAuth::Waiters<AdapterAccount>>> inflight;
};

namespace {

//! A token this close to its expiry (seconds) is refreshed rather than handed out.
constexpr qint64 kExpiryMargin = 60;

bool usable(const AdapterAccount &account, qint64 now)
{
    return account.accessToken && !account.accessToken->isEmpty()
        && (!account.expiresAt || *account.expiresAt - kExpiryMargin > now);
}

//! \a account with the token set of a refresh response; what the response leaves out stays.
AdapterAccount rotated(AdapterAccount account, const QJsonObject &tokens, qint64 now)
{
    const auto text = [&](const char *key) { return tokens.value(QLatin1String(key)).toString(); };
    account.accessToken = text("access_token");
    if (!text("refresh_token").isEmpty())
        account.refreshToken = text("refresh_token");
    if (!text("id_token").isEmpty())
        account.idToken = text("id_token");
    if (!text("scope").isEmpty())
        account.scope = text("scope");
    if (!text("token_type").isEmpty())
        account.tokenType = text("token_type").toLower();
    const QJsonValue expiresIn = tokens.value(QLatin1String("expires_in"));
    bool ok = false;
    const std::optional<qint64> seconds = expiresIn.isDouble()
        ? jsonSeconds(expiresIn)
        : jsonInteger(QJsonValue(double(expiresIn.toString().toLongLong(&ok))));
    account.expiresAt = seconds && (expiresIn.isDouble() || ok) ? std::optional<qint64>(now + *seconds) : std::nullopt;
    account.expiresIn.reset();
    return account;
}

//! True when \a found holds a token set newer than \a seen that has not expired yet (another
//! refresher's result, which is taken even when it is within the refresh margin already).
bool refreshedMeanwhile(const AdapterAccount &found, const AdapterAccount &seen, qint64 now)
{
    return found.accessToken && !found.accessToken->isEmpty() && found.accessToken != seen.accessToken
        && (!found.expiresAt || *found.expiresAt > now);
}

/*!
 * How long a claim on refreshing an account lasts: longer than a token request may take (the
 * HTTP time-out), so that a refresher that vanished leaves the account refreshable again.
 */
constexpr std::chrono::milliseconds kClaimLease{30000};
//! How often a caller whose refresh another server runs looks for the new tokens.
constexpr int kPollMs = 200;

//! What one refresh of one account needs, shared by its steps.
struct Refresh
{
    std::shared_ptr<AccessTokensPrivate> self;
    OAuth::ProviderSettings settings;
    QString userId;
    QObject *context = nullptr;   //!< lives in the calling thread, whose event loop serves the steps
    qint64 deadline = 0;          //!< ms since the epoch: give up waiting for another refresher then
};

QFuture<void> delay(QObject *context, int ms)
{
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QTimer::singleShot(ms, context, [promise] { promise->finish(); });
    return promise->future();
}

RefreshAccessTokenError refreshFailed(const QString &message, const QString &cause = {})
{
    return RefreshAccessTokenError(message, cause);
}

QFuture<AdapterAccount> refreshOrWait(const Refresh &r, const AdapterAccount &current);

//! The token request, then the compare-and-swap of the rotated token set.
QFuture<AdapterAccount> refreshNow(const Refresh &r, const AdapterAccount &current)
{
    using namespace OAuth;
    const QString previous = current.refreshToken.value_or(QString());
    const auto release = [r, current] {
        r.self->store->releaseTokenRefresh(current.provider, current.providerAccountId);
    };
    return r.self->client.endpoints(r.settings, Need::Token)
        .then(QtFuture::Launch::Sync, [r, previous](const Endpoints &endpoints) {
            return r.self->client.requestTokens(r.settings, endpoints,
                                                {{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                                                 {QStringLiteral("refresh_token"), previous}});
        })
        .unwrap()
        .onFailed([release](const AuthError &error) -> QJsonObject {
            release();
            throw refreshFailed(error.message(), error.cause());
        })
        .then(QtFuture::Launch::Sync, [r, current, previous](const QJsonObject &tokens) {
            return r.self->store->updateAccountTokens(rotated(current, tokens, QDateTime::currentSecsSinceEpoch()), previous);
        })
        .unwrap()
        .then(r.context, [r, current](const std::optional<AdapterAccount> &stored) -> QFuture<AdapterAccount> {
            if (stored)
                return QtFuture::makeReadyFuture(*stored);
            // Someone else stored a newer token set after our claim expired: theirs wins.
            return r.self->store->getAccountByUser(r.userId, current.provider)
                .then(QtFuture::Launch::Sync, [current](const std::optional<AdapterAccount> &found) {
                    const qint64 now = QDateTime::currentSecsSinceEpoch();
                    if (!found || !(usable(*found, now) || refreshedMeanwhile(*found, current, now)))
                        throw refreshFailed(QStringLiteral("the tokens of account \"%1\" changed during the refresh")
                                                .arg(current.providerAccountId));
                    return *found;
                });
        })
        .unwrap();
}

//! Waits for the refresher that holds the claim, then reads the account again.
QFuture<AdapterAccount> waitForOther(const Refresh &r, const AdapterAccount &current)
{
    if (QDateTime::currentMSecsSinceEpoch() > r.deadline)
        throw refreshFailed(QStringLiteral("another server's refresh of account \"%1\" did not finish")
                                .arg(current.providerAccountId));
    return delay(r.context, kPollMs)
        .then(QtFuture::Launch::Sync, [r, current] { return r.self->store->getAccountByUser(r.userId, current.provider); })
        .unwrap()
        .then(r.context, [r, current](const std::optional<AdapterAccount> &found) -> QFuture<AdapterAccount> {
            if (!found)
                throw AccountNotLinked(QStringLiteral("the account of user \"%1\" was removed during the refresh").arg(r.userId));
            const qint64 now = QDateTime::currentSecsSinceEpoch();
            if (usable(*found, now) || refreshedMeanwhile(*found, current, now))
                return QtFuture::makeReadyFuture(*found);
            return refreshOrWait(r, *found);
        })
        .unwrap();
}

//! Refreshes \a current when no one else (no other server) is doing so; otherwise waits for them.
QFuture<AdapterAccount> refreshOrWait(const Refresh &r, const AdapterAccount &current)
{
    return r.self->store->claimTokenRefresh(current.provider, current.providerAccountId, kClaimLease)
        .then(r.context, [r, current](bool claimed) {
            return claimed ? refreshNow(r, current) : waitForOther(r, current);
        })
        .unwrap();
}

QFuture<AdapterAccount> validAccount(const std::shared_ptr<AccessTokensPrivate> &self, const QString &userId,
                                     const QString &providerId)
{
    const Provider *provider = nullptr;
    for (const Provider &p : self->config.providers) {
        if (p.id == providerId && p.isOAuth())
            provider = &p;
    }
    if (!provider)
        throw InvalidProvider(QStringLiteral("no oauth or oidc provider with id \"%1\"").arg(providerId));
    Refresh r;
    r.self = self;
    r.settings = OAuth::ProviderSettings::fromProvider(*provider, self->config.redirectProxyUrl);
    r.userId = userId;
    // Storage may answer on one of its own threads: every step that uses the network or a
    // timer continues on this thread, whose event loop serves them.
    r.context = new QObject;
    r.deadline = QDateTime::currentMSecsSinceEpoch() + 2 * kClaimLease.count();
    QFuture<AdapterAccount> result = self->store->getAccountByUser(userId, providerId)
        .then(r.context, [r, userId, providerId](const std::optional<AdapterAccount> &found) {
            if (!found)
                throw AccountNotLinked(QStringLiteral("user \"%1\" has no account with provider \"%2\"").arg(userId, providerId));
            if (usable(*found, QDateTime::currentSecsSinceEpoch()))
                return QtFuture::makeReadyFuture(*found);
            if (!found->refreshToken || found->refreshToken->isEmpty())
                throw refreshFailed(QStringLiteral("the access token of user \"%1\" with provider \"%2\" has expired and there is no refresh_token")
                                        .arg(userId, providerId));
            return refreshOrWait(r, *found);
        })
        .unwrap();
    QObject *context = r.context;
    // Chained, not a second continuation of result (a QFuture keeps only one).
    return result.then(QtFuture::Launch::Sync, [context](QFuture<AdapterAccount> finished) {
        context->deleteLater();
        return finished.result();
    });
}

} // namespace

AccessTokens::AccessTokens(const Config &config, std::shared_ptr<AccountTokenStore> store)
    : d(std::make_shared<AccessTokensPrivate>())
{
    d->config = config;
    if (!store)
        store = Stores::of(config.adapter).accountTokens;
    if (!store)
        throw MissingAdapterMethods(QStringLiteral("access-token refresh needs a store that implements AccountTokenStore "
                                                   "(SqlAdapter and MemoryAdapter do); the adapter does not"));
    d->store = std::move(store);
}

AccessTokens::~AccessTokens() = default;
AccessTokens::AccessTokens(const AccessTokens &) = default;
AccessTokens &AccessTokens::operator=(const AccessTokens &) = default;

QFuture<AdapterAccount> AccessTokens::account(const QString &userId, const QString &provider) const
{
    const QString key = provider + QLatin1Char('\n') + userId;
    QFuture<AdapterAccount> mine;
    {
        QMutexLocker lock(&d->mutex);
        if (const auto running = d->inflight.value(key))
            return running->add();
        auto waiters = std::make_shared<OAuth::Waiters<AdapterAccount>>();
        mine = waiters->add();
        d->inflight.insert(key, waiters);
    }
    const std::shared_ptr<AccessTokensPrivate> self = d;
    const auto settle = [self, key](std::exception_ptr error, const AdapterAccount &account) {
        std::shared_ptr<OAuth::Waiters<AdapterAccount>> waiters;
        {
            QMutexLocker lock(&self->mutex);
            waiters = self->inflight.take(key);
        }
        waiters->settle(error, account);
    };
    QFuture<AdapterAccount> work;
    try {
        work = validAccount(self, userId, provider);
    } catch (...) {
        work = failedFuture<AdapterAccount>(std::current_exception());
    }
    work.then(QtFuture::Launch::Sync, [settle](const QFuture<AdapterAccount> &done) {
        try {
            settle(nullptr, done.result());
        } catch (...) {
            settle(std::current_exception(), {});
        }
    });
    return mine;
}

QFuture<QString> AccessTokens::accessToken(const QString &userId, const QString &provider) const
{
    return account(userId, provider).then(QtFuture::Launch::Sync, [](const AdapterAccount &account) {
        return account.accessToken.value_or(QString());
    });
}

} // namespace Gatehouse
