// The database session strategy over the adapter contract (MemoryAdapter): credentials with
// database sessions (which Auth.js refuses), user creation and linking, expiry, updateAge, sign-out.
#include "support/engineclient.h"

#include <gatehouse/memoryadapter.h>

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

struct Fixture
{
    std::shared_ptr<MemoryAdapter> adapter = std::make_shared<MemoryAdapter>();
    QStringList events;
    Config config;

    Fixture()
    {
        config.secret = {QStringLiteral("database-secret-database-secret-00001")};
        config.trustHost = true;
        config.adapter = adapter;
        Provider p;
        p.id = p.name = QStringLiteral("credentials");
        p.type = QStringLiteral("credentials");
        p.authorize = [](const QJsonObject &c, const AuthRequest &) {
            std::optional<QJsonObject> user;
            const QString name = c.value("username").toString();
            if (c.value("password").toString() == "pw")
                user = QJsonObject{{"id", "ext-" + name}, {"name", name}, {"email", name + "@example.test"}};
            return QtFuture::makeReadyFuture(user);
        };
        config.providers = {p};
        config.events.createUser = [this](const QJsonObject &m) { events << "createUser:" + m.value("user").toObject().value("email").toString(); };
        config.events.linkAccount = [this](const QJsonObject &m) { events << "linkAccount:" + m.value("account").toObject().value("provider").toString(); };
        config.events.signIn = [this](const QJsonObject &m) { events << (m.value("isNewUser").toBool() ? QStringLiteral("signIn:true") : QStringLiteral("signIn:false")); };
        config.events.signOut = [this](const QJsonObject &m) { events << "signOut:" + QString(m.value("session").isObject() ? "session" : "null"); };
    }
};

Reply signIn(EngineClient &client, const QString &user = "alice")
{
    const QString csrf = client.csrfToken();
    return client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", user}, {"password", "pw"}});
}

/*!
 * The race of two first sign-ins of one person at once: over \a store, another sign-in stores
 * the same user and account right after this one looked them up (once), by account or by email.
 */
class RacingAdapter final : public Adapter
{
public:
    enum class After { AccountLookup, EmailLookup };
    RacingAdapter(std::shared_ptr<MemoryAdapter> store, After moment, QString email)
        : m_store(std::move(store)), m_moment(moment), m_email(std::move(email))
    {
    }

    QStringList implementedMethods() const override { return m_store->implementedMethods(); }
    QFuture<AdapterUser> createUser(const AdapterUser &user) override { return m_store->createUser(user); }
    QFuture<std::optional<AdapterUser>> getUser(const QString &id) override { return m_store->getUser(id); }
    QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email) override
    {
        auto found = m_store->getUserByEmail(email);
        if (m_moment == After::EmailLookup)
            race();
        return found;
    }
    QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider, const QString &id) override
    {
        m_provider = provider;
        m_providerAccountId = id;
        auto found = m_store->getUserByAccount(provider, id);
        if (m_moment == After::AccountLookup)
            race();
        return found;
    }
    QFuture<AdapterAccount> linkAccount(const AdapterAccount &account) override { return m_store->linkAccount(account); }
    QFuture<AdapterSession> createSession(const AdapterSession &session) override { return m_store->createSession(session); }
    QFuture<std::optional<SessionAndUser>> getSessionAndUser(const QString &token) override
    {
        return m_store->getSessionAndUser(token);
    }
    QFuture<std::optional<AdapterSession>> updateSession(const AdapterSessionUpdate &update) override
    {
        return m_store->updateSession(update);
    }
    QFuture<std::optional<AdapterSession>> deleteSession(const QString &token) override { return m_store->deleteSession(token); }
    QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &user, const AdapterAccount &account) override
    {
        return m_store->createUserAndLinkAccount(user, account);
    }

    QString racerId;  //!< the user the other sign-in stored

private:
    void race()
    {
        if (!racerId.isEmpty())
            return;
        AdapterUser user;
        user.email = m_email;
        AdapterAccount account;
        account.provider = m_provider;
        account.providerAccountId = m_providerAccountId;
        account.type = QStringLiteral("credentials");
        racerId = m_store->createUserAndLinkAccount(user, account).result().user.id;
    }

    std::shared_ptr<MemoryAdapter> m_store;
    const After m_moment;
    const QString m_email;
    QString m_provider;
    QString m_providerAccountId;
};

} // namespace

class TestDatabaseSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void credentialsGetADatabaseSession()
    {
        Fixture f;
        QCOMPARE(f.config.sessionStrategy(), SessionOptions::Strategy::Database);
        Auth auth(f.config);
        EngineClient client(auth);
        Reply r = signIn(client);
        QCOMPARE(r.response.status, 302);
        const QString token = client.cookies.value("authjs.session-token");
        QCOMPARE(token.size(), 36);  // a UUID, not a JWE
        const auto stored = f.adapter->getSessionAndUser(token).result();
        QVERIFY(stored);
        QCOMPARE(stored->user.email, QStringLiteral("alice@example.test"));
        QVERIFY(f.adapter->getUserByAccount("credentials", "ext-alice").result());

        Reply session = client.get("/auth/session");
        QVERIFY(session.response.body.startsWith("{\"user\":{\"name\":\"alice\",\"email\":\"alice@example.test\",\"image\":null},\"expires\":\""));
        QCOMPARE(session.cookieNames(), QStringList{"authjs.session-token"});

        // A second sign-in finds the same user; only the first created one.
        EngineClient again(auth);
        signIn(again);
        QCOMPARE(f.events, (QStringList{"createUser:alice@example.test", "linkAccount:credentials", "signIn:true", "signIn:false"}));
    }

    void signOutDeletesTheRow()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        signIn(client);
        const QString token = client.cookies.value("authjs.session-token");
        const QString csrf = client.csrfToken();
        Reply out = client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(out.response.status, 302);
        QCOMPARE(out.cookie("authjs.session-token")->options.maxAge.value_or(-1), 0);
        QVERIFY(!f.adapter->getSessionAndUser(token).result());
        QVERIFY(f.events.contains("signOut:session"));
        // Replaying the old cookie finds nothing and deletes it.
        EngineClient replay(auth);
        replay.cookies.insert("authjs.session-token", token);
        Reply r = replay.get("/auth/session");
        QCOMPARE(r.response.body, QByteArray("null"));
        QVERIFY(r.cookieNames().contains("authjs.session-token"));
        QVERIFY(!replay.cookies.contains("authjs.session-token"));
    }

    void signOutWithoutASessionCookie()
    {
        // As Auth.js: without a session cookie there is nothing to end. The redirect alone: no
        // deletion of a cookie the browser does not have, no signOut event.
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        Reply out = client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(out.response.status, 302);
        QCOMPARE(out.location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY2(!out.cookieNames().contains("authjs.session-token"), qPrintable(out.cookieNames().join(", ")));
        QCOMPARE(f.events, QStringList());

        // A cookie whose row is gone still ends in the deletion and a signOut event without a session.
        client.cookies.insert("authjs.session-token", "00000000-0000-4000-8000-000000000000");
        Reply stale = client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(stale.cookie("authjs.session-token")->options.maxAge.value_or(-1), 0);
        QCOMPARE(f.events, QStringList{"signOut:null"});
    }

    void expiredSessionIsDeletedWhenSeen()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        signIn(client);
        const QString token = client.cookies.value("authjs.session-token");
        f.adapter->updateSession(AdapterSessionUpdate(token).setExpires(QDateTime::currentDateTimeUtc().addSecs(-1)))
            .waitForFinished();
        QCOMPARE(client.get("/auth/session").response.body, QByteArray("null"));
        QVERIFY(!f.adapter->getSessionAndUser(token).result());
    }

    void updateAgeThrottlesExtension_data()
    {
        QTest::addColumn<qint64>("updateAge");
        QTest::addColumn<bool>("extended");
        QTest::newRow("default day") << qint64(86400) << false;
        QTest::newRow("every access") << qint64(0) << true;
    }
    void updateAgeThrottlesExtension()
    {
        QFETCH(qint64, updateAge);
        QFETCH(bool, extended);
        Fixture f;
        f.config.session.updateAge = updateAge;
        Auth auth(f.config);
        EngineClient client(auth);
        signIn(client);
        const QString token = client.cookies.value("authjs.session-token");
        // Pretend the session was created an hour ago.
        const QDateTime createdAnHourAgo = QDateTime::currentDateTimeUtc().addSecs(f.config.session.maxAge - 3600);
        f.adapter->updateSession(AdapterSessionUpdate(token).setExpires(createdAnHourAgo)).waitForFinished();
        client.get("/auth/session");
        const QDateTime expires = f.adapter->getSessionAndUser(token).result()->session.expires;
        const qint64 left = QDateTime::currentDateTimeUtc().secsTo(expires);
        QVERIFY2(extended ? left > f.config.session.maxAge - 10 : left < f.config.session.maxAge - 3500, qPrintable(QString::number(left)));
    }

    void sameFirstSignInTwiceAtOnce_data()
    {
        QTest::addColumn<bool>("afterEmailLookup");
        QTest::newRow("stored after the account lookup") << false;
        QTest::newRow("stored after the email lookup") << true;
    }

    void sameFirstSignInTwiceAtOnce()
    {
        // Both sign-ins find no account; the other one stores the user first. This one signs in
        // as that user: no OAuthAccountNotLinked, no error, no second user.
        QFETCH(bool, afterEmailLookup);
        Fixture f;
        auto racing = std::make_shared<RacingAdapter>(
            f.adapter, afterEmailLookup ? RacingAdapter::After::EmailLookup : RacingAdapter::After::AccountLookup,
            QStringLiteral("alice@example.test"));
        f.config.adapter = racing;
        Auth auth(f.config);
        EngineClient client(auth);
        Reply r = signIn(client);
        QCOMPARE(r.location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(!racing->racerId.isEmpty());
        const auto stored = f.adapter->getSessionAndUser(client.cookies.value("authjs.session-token")).result();
        QVERIFY(stored);
        QCOMPARE(stored->user.id, racing->racerId);
        QCOMPARE(f.events, QStringList{"signIn:false"});  // the other sign-in created the user
    }

    void emailOfAnotherUserIsNotLinked()
    {
        Fixture f;
        AdapterUser existing;
        existing.email = QStringLiteral("alice@example.test");
        f.adapter->createUser(existing).waitForFinished();
        Auth auth(f.config);
        EngineClient client(auth);
        Reply r = signIn(client);
        QCOMPARE(r.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthAccountNotLinked"));
        QVERIFY(!client.cookies.contains("authjs.session-token"));
    }

    void forcedJwtDoesNotStoreCredentialsUsers()
    {
        Fixture f;
        f.config.session.strategy = SessionOptions::Strategy::Jwt;
        Auth auth(f.config);
        EngineClient client(auth);
        signIn(client);
        QVERIFY(client.cookies.value("authjs.session-token").startsWith("eyJ"));
        QVERIFY(!f.adapter->getUserByEmail("alice@example.test").result());
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("name").toString(), QStringLiteral("alice"));
    }

    void rateLimitIsSharedThroughStorage()
    {
        Fixture f;
        f.config.rateLimit.maxFailuresPerIdentifier = 3;
        Auth serverA(f.config);
        Auth serverB(f.config);  // a second server on the same database
        EngineClient a(serverA);
        for (int i = 0; i < 3; ++i) {
            const QString csrf = a.csrfToken();
            a.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", "alice"}, {"password", "wrong"}});
        }
        EngineClient b(serverB);
        b.address = QHostAddress("127.0.0.9");
        QVERIFY(signIn(b).location().endsWith("code=rate_limited"));
        QVERIFY(signIn(b, "bob").location() == QByteArray("http://127.0.0.1:9300"));
    }

    void sessionCallbackSeesTheUser()
    {
        Fixture f;
        f.config.callbacks.session = [](const SessionParams &p) {
            QJsonObject session = p.session;
            QJsonObject user = session.value("user").toObject();
            user.insert("id", p.user.value("id"));
            session.insert("user", user);
            return QtFuture::makeReadyFuture(session);
        };
        Auth auth(f.config);
        EngineClient client(auth);
        signIn(client);
        const QString id = client.get("/auth/session").json().object().value("user").toObject().value("id").toString();
        QVERIFY(!id.isEmpty());
        QCOMPARE(f.adapter->getUser(id).result()->email, QStringLiteral("alice@example.test"));
    }
};

QTEST_GUILESS_MAIN(TestDatabaseSession)
#include "tst_databasesession.moc"
