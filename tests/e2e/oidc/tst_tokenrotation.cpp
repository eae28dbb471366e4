// Refresh-token rotation against a real OpenID provider (idp.mjs), which issues refresh tokens,
// rotates them on use and refuses a used one: AccessTokens hands out the stored access token
// while it is valid, refreshes it once for any number of concurrent callers when it expires,
// and stores the rotated token set.
#include "browser.h"
#include "nodeprocess.h"

#include <gatehouse/memoryadapter.h>
#include <gatehouse/sqladapter.h>
#include <gatehouse/tokens.h>

#include <QEventLoop>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QTemporaryDir>
#include <QTimer>

#include <atomic>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

//! The MemoryAdapter's AccountTokenStore, counting the token sets stored.
class TestStore final : public AccountTokenStore
{
public:
    std::shared_ptr<MemoryAdapter> adapter = std::make_shared<MemoryAdapter>();
    std::atomic<int> updates = 0;

    QFuture<std::optional<AdapterAccount>> getAccountByUser(const QString &userId, const QString &provider) override
    {
        return adapter->getAccountByUser(userId, provider);
    }
    QFuture<bool> claimTokenRefresh(const QString &provider, const QString &id, std::chrono::milliseconds lease) override
    {
        return adapter->claimTokenRefresh(provider, id, lease);
    }
    QFuture<std::optional<AdapterAccount>> updateAccountTokens(const AdapterAccount &account, const QString &previous) override
    {
        ++updates;
        return adapter->updateAccountTokens(account, previous);
    }
    QFuture<void> releaseTokenRefresh(const QString &provider, const QString &id) override
    {
        return adapter->releaseTokenRefresh(provider, id);
    }

    //! Stores \a account (Auth.js's JSON shape) for a new user; returns the user id.
    QString store(const QJsonObject &account)
    {
        AdapterUser user;
        user.email = QStringLiteral("user%1@example.test").arg(adapter->countUsers({}).result());
        const QString userId = adapter->createUser(user).result().id;
        AdapterAccount a = AdapterAccount::fromJson(account);
        a.userId = userId;
        adapter->linkAccount(a).waitForFinished();
        return userId;
    }

    void replace(const AdapterAccount &account)
    {
        adapter->unlinkAccount(account.provider, account.providerAccountId).waitForFinished();
        adapter->linkAccount(account).waitForFinished();
    }
};

//! A future's value, or "<type>: <message>" of the AuthError it failed with.
template<typename T>
struct Outcome
{
    std::optional<T> value;
    QString error;
    QString errorType() const { return error.section(QLatin1Char(':'), 0, 0); }
};

//! Waits (at most 10 s) for \a future.
template<typename T>
Outcome<T> await(QFuture<T> future)
{
    if (!future.isFinished()) {
        QEventLoop loop;
        QFutureWatcher<T> watcher;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        if (!future.isFinished())
            loop.exec();
    }
    if (!future.isFinished())
        return {std::nullopt, QStringLiteral("(still running after 10 s)")};
    try {
        return {future.result(), {}};
    } catch (const AuthError &e) {
        return {std::nullopt, e.type() + QStringLiteral(": ") + e.message()};
    }
}

} // namespace

class TestTokenRotation : public QObject
{
    Q_OBJECT

    NodeProcess m_idp;
    QString m_issuer;

    Provider provider(const QString &id) const
    {
        Provider p;
        p.id = p.name = id;
        p.type = QStringLiteral("oidc");
        p.options = {{"issuer", m_issuer}, {"clientId", "gh-" + id}, {"clientSecret", "gh-" + id + "-secret"}};
        return p;
    }

    Config config() const
    {
        Config c;
        c.secret = {QStringLiteral("rotation-e2e-secret-rotation-e2e-0001")};
        c.trustHost = true;
        c.providers = {provider("short"), provider("long")};
        return c;
    }

    //! Signs in with \a providerId and returns the account the jwt callback saw.
    QJsonObject signIn(const QString &providerId) const
    {
        QJsonObject account;
        Config c = config();
        c.callbacks.jwt = [&account](const JwtParams &p) {
            if (!p.account.isEmpty())
                account = p.account;
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(p.token));
        };
        const Auth auth(c);
        Browser browser(auth);
        const Reply done = browser.signIn(providerId);
        if (done.location() != "http://127.0.0.1:9300")
            qWarning() << "sign-in failed:" << done.response.status << done.location() << done.response.body;
        return account;
    }

    int refreshGrants() const { return m_idp.getJson("/__stats").value("refreshGrants").toInt(); }

private Q_SLOTS:
    void initTestCase()
    {
        const QJsonArray clients = {
            QJsonObject{{"client_id", "gh-short"}, {"client_secret", "gh-short-secret"}, {"access_token_ttl", 30},
                        {"redirect_uris", QJsonArray{"http://127.0.0.1:9300/auth/callback/short"}}},
            QJsonObject{{"client_id", "gh-long"}, {"client_secret", "gh-long-secret"}, {"access_token_ttl", 600},
                        {"redirect_uris", QJsonArray{"http://127.0.0.1:9300/auth/callback/long"}}},
        };
        QProcessEnvironment env;
        env.insert(QStringLiteral("GH_IDP_CLIENTS"), QString::fromUtf8(QJsonDocument(clients).toJson(QJsonDocument::Compact)));
        QString error;
        QVERIFY2(m_idp.start(QStringLiteral(GATEHOUSE_OIDC_DIR "/idp.mjs"), env, &error), qPrintable(error));
        m_issuer = m_idp.url().toString();
        if (m_issuer.endsWith(QLatin1Char('/')))
            m_issuer.chop(1);
    }

    void cleanupTestCase() { m_idp.stop(); }

    void validTokenIsHandedOut()
    {
        const QJsonObject account = signIn("long");
        QVERIFY(!account.value("refresh_token").toString().isEmpty());
        auto store = std::make_shared<TestStore>();
        const QString userId = store->store(account);
        const AccessTokens tokens(config(), store);
        const int before = refreshGrants();
        const auto token = await(tokens.accessToken(userId, "long"));
        QVERIFY2(token.value, qPrintable(token.error));
        QCOMPARE(*token.value, account.value("access_token").toString());
        QCOMPARE(refreshGrants(), before);
        QCOMPARE(store->updates.load(), 0);
    }

    void expiringTokenIsRefreshedAndRotated()
    {
        const QJsonObject account = signIn("short");
        auto store = std::make_shared<TestStore>();
        const QString userId = store->store(account);
        const AccessTokens tokens(config(), store);
        const int before = refreshGrants();
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        const auto refreshed = await(tokens.account(userId, "short"));
        QVERIFY2(refreshed.value, qPrintable(refreshed.error));
        const AdapterAccount &a = *refreshed.value;
        QVERIFY(a.accessToken && *a.accessToken != account.value("access_token").toString());
        QVERIFY(a.refreshToken && *a.refreshToken != account.value("refresh_token").toString());
        QVERIFY(a.expiresAt && *a.expiresAt >= now + 25 && *a.expiresAt <= now + 35);
        QCOMPARE(a.tokenType, std::optional<QString>("bearer"));
        QCOMPARE(refreshGrants(), before + 1);
        // The rotated set is what is stored now.
        const auto stored = store->adapter->getAccount(a.providerAccountId, "short").result();
        QCOMPARE(stored->refreshToken, a.refreshToken);
        QCOMPARE(stored->accessToken, a.accessToken);
        QCOMPARE(stored->userId, userId);
    }

    void concurrentCallersShareOneRefresh()
    {
        const QJsonObject account = signIn("short");
        auto store = std::make_shared<TestStore>();
        const QString userId = store->store(account);
        const AccessTokens tokens(config(), store);
        const AccessTokens copy = tokens;
        const int before = refreshGrants();
        QFuture<QString> first = tokens.accessToken(userId, "short");
        QFuture<QString> second = copy.accessToken(userId, "short");
        QFuture<QString> third = tokens.accessToken(userId, "short");
        const auto a = await(first);
        const auto b = await(second);
        const auto c = await(third);
        QVERIFY2(a.value, qPrintable(a.error));
        QCOMPARE(b.value, a.value);
        QCOMPARE(c.value, a.value);
        QVERIFY(*a.value != account.value("access_token").toString());
        QCOMPARE(refreshGrants(), before + 1);
        QCOMPARE(store->updates.load(), 1);
    }

    void usedRefreshTokenIsRefused()
    {
        const QJsonObject account = signIn("short");
        auto store = std::make_shared<TestStore>();
        const QString userId = store->store(account);
        const AdapterAccount original = store->adapter->getAccount(account.value("providerAccountId").toString(), "short").result().value();
        const AccessTokens tokens(config(), store);
        QVERIFY(await(tokens.accessToken(userId, "short")).value);
        store->replace(original);  // as if the rotated token set had been lost
        const auto refused = await(tokens.accessToken(userId, "short"));
        QVERIFY(!refused.value);
        QVERIFY2(refused.error.startsWith("RefreshAccessTokenError: token request to " + m_issuer
                                          + "/token answered status 400: invalid_grant"),
                 qPrintable(refused.error));
    }

    void failures()
    {
        auto store = std::make_shared<TestStore>();
        const AccessTokens tokens(config(), store);
        QCOMPARE(await(tokens.accessToken("nobody", "short")).errorType(), QString("AccountNotLinked"));
        QCOMPARE(await(tokens.accessToken("nobody", "github")).errorType(), QString("InvalidProvider"));
        QJsonObject expired{{"provider", "short"}, {"type", "oidc"}, {"providerAccountId", "user-x"},
                            {"access_token", "old"}, {"expires_at", QDateTime::currentSecsSinceEpoch() - 10}};
        const QString userId = store->store(expired);
        QCOMPARE(await(tokens.accessToken(userId, "short")).errorType(), QString("RefreshAccessTokenError"));
        Config withoutStore = config();
        QVERIFY_THROWS_EXCEPTION(AuthError, AccessTokens{withoutStore});
    }

    // Two servers sharing one database: each has its own AccessTokens (its own in-process
    // sharing), yet the claim in storage makes the account refresh once, not twice.
    void serversSharingStorageRefreshOnce()
    {
        const QJsonObject account = signIn("short");
        auto store = std::make_shared<TestStore>();
        const QString userId = store->store(account);
        Config shared = config();
        shared.adapter = store->adapter;   // AccessTokens finds the MemoryAdapter's AccountTokenStore
        const AccessTokens serverA(shared);
        const AccessTokens serverB(shared);
        const int before = refreshGrants();
        QFuture<QString> a = serverA.accessToken(userId, "short");
        QFuture<QString> b = serverB.accessToken(userId, "short");
        const auto fromA = await(a);
        const auto fromB = await(b);
        QVERIFY2(fromA.value, qPrintable(fromA.error));
        QVERIFY2(fromB.value, qPrintable(fromB.error));
        QCOMPARE(*fromB.value, *fromA.value);
        QVERIFY(*fromA.value != account.value("access_token").toString());
        QCOMPARE(refreshGrants(), before + 1);
    }

    // GET /auth/token/<provider>: the signed-in user's valid access token, for same-origin scripts.
    void tokenEndpoint_data()
    {
        QTest::addColumn<QString>("storage");
        QTest::newRow("memory") << "memory";
        // SqlAdapter answers on its own threads: the refresh must still start from the serving one.
        QTest::newRow("sqlite") << "sqlite";
    }

    void tokenEndpoint()
    {
        QFETCH(QString, storage);
        QTemporaryDir dir;
        std::shared_ptr<Adapter> store = std::make_shared<MemoryAdapter>();
        if (storage == QLatin1String("sqlite")) {
            QString error;
            std::shared_ptr<SqlAdapter> sql = SqlAdapter::fromUrl("sqlite://" + dir.filePath("tokens.db"), &error);
            QVERIFY2(sql, qPrintable(error));
            sql->migrate().waitForFinished();
            store = sql;
        }
        Adapter *adapter = store.get();
        Config c = config();
        c.adapter = store;
        c.providers[0].options.insert("accessTokenEndpoint", true);   // "short"; "long" stays closed
        const Auth auth(c);
        Browser browser(auth);
        QCOMPARE(browser.signIn("short").location(), QByteArray("http://127.0.0.1:9300"));
        const AdapterAccount signedIn = adapter->getAccount("user-1", "short").result().value();
        const QList<QPair<QByteArray, QByteArray>> script = {{"X-Gatehouse-Access-Token", "1"}, {"Sec-Fetch-Site", "same-origin"}};

        // The token expires within the minute (TTL 30 s): it is refreshed, stored and handed out.
        const int before = refreshGrants();
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        const Reply ok = browser.engine.get("/auth/token/short", script);
        QCOMPARE(ok.response.status, 200);
        QCOMPARE(ok.response.header("cache-control"), QByteArray("no-store"));
        const QJsonObject token = ok.json().object();
        const AdapterAccount stored = adapter->getAccount("user-1", "short").result().value();
        QCOMPARE(token.value("accessToken").toString(), stored.accessToken.value());
        QVERIFY(token.value("accessToken").toString() != signedIn.accessToken.value());
        QVERIFY(stored.refreshToken != signedIn.refreshToken);
        QVERIFY(token.value("expiresAt").toInteger() >= now + 25 && token.value("expiresAt").toInteger() <= now + 35);
        QCOMPARE(token.value("tokenType").toString(), QString("bearer"));
        QVERIFY(token.value("scope").toString().contains("openid"));
        QCOMPARE(refreshGrants(), before + 1);
        // The C++ API (the 30 s token is within the refresh margin again: another rotation).
        const auto viaApi = await(auth.accessToken(stored.userId, "short"));
        QVERIFY2(viaApi.value, qPrintable(viaApi.error));
        QCOMPARE(*viaApi.value, adapter->getAccount("user-1", "short").result()->accessToken.value());

        const auto errorOf = [](const Reply &r) { return r.json().object().value("error").toString(); };
        const Reply noHeader = browser.engine.get("/auth/token/short");
        QCOMPARE(noHeader.response.status, 403);
        QCOMPARE(errorOf(noHeader), QString("AccessDenied"));
        const Reply crossSite = browser.engine.get("/auth/token/short", {{"X-Gatehouse-Access-Token", "1"}, {"Sec-Fetch-Site", "cross-site"}});
        QCOMPARE(crossSite.response.status, 403);
        const Reply otherOrigin = browser.engine.get("/auth/token/short", {{"X-Gatehouse-Access-Token", "1"}, {"Origin", "http://evil.test"}});
        QCOMPARE(otherOrigin.response.status, 403);
        const Reply closed = browser.engine.get("/auth/token/long", script);
        QCOMPARE(closed.response.status, 404);
        QCOMPARE(errorOf(closed), QString("NotFound"));
        QCOMPARE(browser.engine.get("/auth/token/nonesuch", script).response.status, 404);
        EngineClient stranger(auth);
        const Reply anonymous = stranger.get("/auth/token/short", script);
        QCOMPARE(anonymous.response.status, 401);
        QCOMPARE(errorOf(anonymous), QString("SessionRequired"));

        // A refresh the provider refuses: a clear identifier, and nothing handed out.
        AdapterAccount revoked = adapter->getAccount("user-1", "short").result().value();
        revoked.refreshToken = QStringLiteral("revoked");
        revoked.expiresAt = now - 10;
        adapter->unlinkAccount(revoked.provider, revoked.providerAccountId).waitForFinished();
        adapter->linkAccount(revoked).waitForFinished();
        const Reply refused = browser.engine.get("/auth/token/short", script);
        QCOMPARE(refused.response.status, 502);
        QCOMPARE(errorOf(refused), QString("RefreshAccessTokenError"));
        QVERIFY(!refused.json().object().contains("accessToken"));

        // A signed-in user without an account with the provider.
        adapter->unlinkAccount(revoked.provider, revoked.providerAccountId).waitForFinished();
        const Reply unlinked = browser.engine.get("/auth/token/short", script);
        QCOMPARE(unlinked.response.status, 404);
        QCOMPARE(errorOf(unlinked), QString("AccountNotLinked"));
    }

    // A refresh token the provider no longer accepts is replaced by signing in again: the
    // returning user's sign-in stores its new token set on the known account.
    void signingInAgainRenewsTheTokens()
    {
        auto adapter = std::make_shared<MemoryAdapter>();
        Config c = config();
        c.adapter = adapter;
        c.providers[0].options.insert("accessTokenEndpoint", true);
        const Auth auth(c);
        Browser browser(auth);
        QCOMPARE(browser.signIn("short").location(), QByteArray("http://127.0.0.1:9300"));
        AdapterAccount revoked = adapter->getAccount("user-1", "short").result().value();
        revoked.refreshToken = QStringLiteral("revoked");
        revoked.expiresAt = QDateTime::currentSecsSinceEpoch() - 10;
        adapter->unlinkAccount(revoked.provider, revoked.providerAccountId).waitForFinished();
        adapter->linkAccount(revoked).waitForFinished();
        const QList<QPair<QByteArray, QByteArray>> script = {{"X-Gatehouse-Access-Token", "1"}};
        QCOMPARE(browser.engine.get("/auth/token/short", script).response.status, 502);

        QCOMPARE(browser.signIn("short").location(), QByteArray("http://127.0.0.1:9300"));
        const AdapterAccount renewed = adapter->getAccount("user-1", "short").result().value();
        QVERIFY(renewed.refreshToken && *renewed.refreshToken != QStringLiteral("revoked"));
        QCOMPARE(renewed.userId, revoked.userId);
        QCOMPARE(adapter->countUsers({}).result(), 1);
        const Reply ok = browser.engine.get("/auth/token/short", script);
        QCOMPARE(ok.response.status, 200);
        QVERIFY(!ok.json().object().value("accessToken").toString().isEmpty());
    }

    // A refresh that fails releases its claim: the next caller may try again at once.
    void failedRefreshReleasesTheClaim()
    {
        const QJsonObject account = signIn("short");
        auto store = std::make_shared<TestStore>();
        AdapterAccount broken = AdapterAccount::fromJson(account);
        const QString userId = store->store(account);
        broken.userId = userId;
        broken.refreshToken = QStringLiteral("not-a-refresh-token");
        store->replace(broken);
        const AccessTokens tokens(config(), store);
        QCOMPARE(await(tokens.accessToken(userId, "short")).errorType(), QString("RefreshAccessTokenError"));
        QVERIFY(store->adapter->claimTokenRefresh("short", broken.providerAccountId, std::chrono::seconds(30)).result());
    }
};

QTEST_GUILESS_MAIN(TestTokenRotation)
#include "tst_tokenrotation.moc"
