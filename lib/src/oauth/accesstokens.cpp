#include <gatehouse/tokens.h>
#include <gatehouse/errors.h>

#include "oauth/oauthclient.h"
#include "oauth/waiters.h"

#include <gatehouse/adapter.h>

#include <QHash>
#include <QMutex>
#include <QPromise>

namespace Gatehouse {

AccountTokenStore::~AccountTokenStore() = default;

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
    bool ok = expiresIn.isDouble();
    const qint64 seconds = ok ? qint64(expiresIn.toDouble()) : expiresIn.toString().toLongLong(&ok);
    account.expiresAt = ok ? std::optional<qint64>(now + seconds) : std::nullopt;
    account.expiresIn.reset();
    return account;
}

template<typename T>
QFuture<T> failed(std::exception_ptr error)
{
    QPromise<T> promise;
    promise.start();
    promise.setException(error);
    promise.finish();
    return promise.future();
}

QFuture<AdapterAccount> refresh(const std::shared_ptr<AccessTokensPrivate> &self, const OAuth::ProviderSettings &settings,
                                const AdapterAccount &current)
{
    using namespace OAuth;
    return self->client.endpoints(settings, Need::Token)
        .then(QtFuture::Launch::Sync, [self, settings, current](const Endpoints &endpoints) {
            return self->client.requestTokens(settings, endpoints,
                                              {{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                                               {QStringLiteral("refresh_token"), *current.refreshToken}});
        })
        .unwrap()
        .onFailed([](const AuthError &error) -> QJsonObject {
            throw RefreshAccessTokenError(error.message(), error.cause());
        })
        .then(QtFuture::Launch::Sync, [self, current](const QJsonObject &tokens) {
            return self->store->updateAccountTokens(rotated(current, tokens, QDateTime::currentSecsSinceEpoch()));
        })
        .unwrap();
}

QFuture<AdapterAccount> validAccount(const std::shared_ptr<AccessTokensPrivate> &self, const QString &userId,
                                     const QString &providerId)
{
    const Provider *provider = nullptr;
    for (const Provider &p : self->config.providers) {
        if (p.id == providerId && (p.type == QLatin1String("oauth") || p.type == QLatin1String("oidc")))
            provider = &p;
    }
    if (!provider)
        throw InvalidProvider(QStringLiteral("no oauth or oidc provider with id \"%1\"").arg(providerId));
    const auto settings = OAuth::ProviderSettings::fromProvider(*provider, self->config.redirectProxyUrl);
    // Storage may answer on one of its own threads: the refresh starts back on this one, whose
    // event loop serves the network requests.
    auto *context = new QObject;
    QFuture<AdapterAccount> result = self->store->getAccountByUser(userId, providerId)
        .then(context, [self, settings, userId, providerId](const std::optional<AdapterAccount> &found) {
            if (!found)
                throw AuthError(QStringLiteral("AccountNotLinked"),
                                QStringLiteral("user \"%1\" has no account with provider \"%2\"").arg(userId, providerId));
            if (usable(*found, QDateTime::currentSecsSinceEpoch()))
                return QtFuture::makeReadyFuture(*found);
            if (!found->refreshToken || found->refreshToken->isEmpty())
                throw AuthError(QStringLiteral("RefreshAccessTokenError"),
                                QStringLiteral("the access token of user \"%1\" with provider \"%2\" has expired and there is no refresh_token")
                                    .arg(userId, providerId));
            return refresh(self, settings, *found);
        })
        .unwrap();
    result.then(QtFuture::Launch::Sync, [context](const QFuture<AdapterAccount> &) { context->deleteLater(); });
    return result;
}

} // namespace

AccessTokens::AccessTokens(const Config &config, std::shared_ptr<AccountTokenStore> store)
    : d(std::make_shared<AccessTokensPrivate>())
{
    d->config = config;
    if (!store)
        store = std::dynamic_pointer_cast<AccountTokenStore>(config.adapter);
    if (!store)
        throw AuthError(QStringLiteral("MissingAdapterMethods"),
                        QStringLiteral("access-token refresh needs a store that implements AccountTokenStore "
                                       "(getAccountByUser, updateAccountTokens); the adapter does not"));
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
        work = failed<AdapterAccount>(std::current_exception());
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
