// The engine while its store fails (issue: a database outage signed everyone out). Reading a
// session that the store cannot look up is not a sign-out: GET /session answers 503 with
// Retry-After and leaves the cookie; Auth::session() and route protection say "unavailable";
// sign-ins end on the error page without counting against the person; no mail leaves for a
// token that was not stored; sign-out still clears the cookie. The engine does not log per
// request (the store logs its outage once).
#include "support/engineclient.h"

#include "support/outageadapter.h"

#include <gatehouse/errors.h>
#include <gatehouse/passwordcredentials.h>

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;
using namespace Gatehouse::Testing;

namespace {

const QString kCookie = QStringLiteral("authjs.session-token");

struct Fixture
{
    std::shared_ptr<OutageAdapter> store = std::make_shared<OutageAdapter>();
    QList<VerificationRequest> mails;
    QStringList authorizedCalls;
    Config config;
    QString userId;

    Fixture()
    {
        config.secret = {QStringLiteral("outage-secret-outage-secret-outage-01")};
        config.trustHost = true;
        config.adapter = store;
        config.providers = {passwordCredentialsProvider(store)};
        Provider email;
        email.id = QStringLiteral("email");
        email.name = QStringLiteral("Email");
        email.type = QStringLiteral("email");
        email.options = QJsonObject{{"from", "Gatehouse <no-reply@example.test>"}};
        email.sendVerificationRequest = [this](const VerificationRequest &request) {
            mails.append(request);
            return QtFuture::makeReadyFuture();
        };
        config.providers.append(email);
        Provider corp;
        corp.id = corp.name = QStringLiteral("corp");
        corp.type = QStringLiteral("oauth");
        corp.options = QJsonObject{{"clientId", "gatehouse"},         {"clientSecret", "corp-secret"},
                                   {"authorization", "http://127.0.0.1:1/authorize"}, {"token", "http://127.0.0.1:1/token"},
                                   {"userinfo", "http://127.0.0.1:1/userinfo"},    {"accessTokenEndpoint", true}};
        config.providers.append(corp);
        config.session.strategy = SessionOptions::Strategy::Database;
        AdapterUser alice;
        alice.email = QStringLiteral("alice@example.test");
        alice.name = QStringLiteral("Alice");
        userId = store->memory->createUser(alice).result().id;
        setUserPassword(store->memory, userId, QStringLiteral("alice-password")).waitForFinished();
    }

    Reply signIn(EngineClient &client, const QString &password = QStringLiteral("alice-password"))
    {
        const QString csrf = client.csrfToken();
        return client.postForm("/auth/callback/credentials",
                               {{"csrfToken", csrf}, {"email", "alice@example.test"}, {"password", password}});
    }
};

AuthRequest requestWith(const EngineClient &client, const QByteArray &accept)
{
    AuthRequest request;
    request.method = "GET";
    request.url = QUrl(QStringLiteral("http://127.0.0.1:9300/dashboard"));
    request.remoteAddress = QHostAddress::LocalHost;
    QByteArray cookies;
    for (auto it = client.cookies.cbegin(); it != client.cookies.cend(); ++it)
        cookies += (cookies.isEmpty() ? "" : "; ") + it.key().toUtf8() + '=' + it.value().toUtf8();
    request.headers = {{"host", "127.0.0.1:9300"}, {"cookie", cookies}, {"accept", accept}};
    return request;
}

} // namespace

class TestStoreOutage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        // Not one warning per request: the store logs its outage (StoreHealth), the engine not.
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
    }

    void sessionWhileTheStoreFails_data()
    {
        QTest::addColumn<AdapterError::Reason>("reason");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        QTest::newRow("refused") << AdapterError::Reason::Unavailable
                                 << "cannot connect to postgresql://db/gatehouse: Connection refused" << 503 << "Unavailable";
        QTest::newRow("timed out") << AdapterError::Reason::Unavailable
                                   << "cannot connect to postgresql://db/gatehouse: timeout expired" << 503 << "Unavailable";
        QTest::newRow("shutting down") << AdapterError::Reason::Unavailable
                                       << "getSessionAndUserState: the database connection was lost: FATAL: terminating "
                                          "connection due to administrator command"
                                       << 503 << "Unavailable";
        QTest::newRow("broken") << AdapterError::Reason::Failed
                                << "getSessionAndUserState: database error: no such table: sessions" << 500 << "Configuration";
    }
    void sessionWhileTheStoreFails()
    {
        QFETCH(AdapterError::Reason, reason);
        QFETCH(QString, message);
        QFETCH(int, status);
        QFETCH(QString, error);
        Fixture f;
        // A broken store is a server problem: logged as one, for each of the 21 requests below.
        for (int i = 0; status == 500 && i < 21; ++i)
            QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("no such table: sessions")));
        Auth auth(f.config);
        EngineClient client(auth);
        QCOMPARE(f.signIn(client).location(), QByteArray("http://127.0.0.1:9300"));
        const QString token = client.cookies.value(kCookie);
        QVERIFY(!token.isEmpty());

        f.store->failure = AdapterError(reason, message);
        for (int i = 0; i < 20; ++i) {
            const Reply r = client.get("/auth/session");
            QCOMPARE(r.response.status, status);
            QCOMPARE(r.response.header("retry-after"), status == 503 ? QByteArray("5") : QByteArray());
            QCOMPARE(r.response.header("cache-control"), QByteArray("private, no-cache, no-store"));
            QCOMPARE(r.json().object().value("error").toString(), error);
            QVERIFY2(!r.response.body.contains("postgresql"), r.response.body.constData());  // no detail for the client
            QVERIFY2(!r.cookieNames().contains(kCookie), qPrintable(r.cookieNames().join(", ")));
        }
        // POST session (an update) fails the same way and leaves the cookie alone.
        const QString csrf = client.csrfToken();
        const Reply update = client.postJson("/auth/session", {{"csrfToken", csrf}, {"data", QJsonObject{{"x", 1}}}});
        QCOMPARE(update.response.status, status);
        QVERIFY(!update.cookieNames().contains(kCookie));
        QCOMPARE(client.cookies.value(kCookie), token);

        f.store->comeBack();
        const Reply back = client.get("/auth/session");
        QCOMPARE(back.response.status, 200);
        QCOMPARE(back.json().object().value("user").toObject().value("email").toString(), QStringLiteral("alice@example.test"));
    }

    void unknownAndExpiredSessionsStillSignOut()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        client.cookies.insert(kCookie, QStringLiteral("00000000-0000-4000-8000-00000000dead"));
        Reply unknown = client.get("/auth/session");
        QCOMPARE(unknown.response.status, 200);
        QCOMPARE(unknown.response.body, QByteArray("null"));
        QCOMPARE(unknown.cookie(kCookie)->options.maxAge.value_or(-1), 0);

        f.signIn(client);
        const QString token = client.cookies.value(kCookie);
        const AdapterSessionUpdate past = AdapterSessionUpdate(token).setExpires(QDateTime::currentDateTimeUtc().addSecs(-1));
        f.store->memory->updateSession(past).waitForFinished();
        Reply expired = client.get("/auth/session");
        QCOMPARE(expired.response.body, QByteArray("null"));
        QCOMPARE(expired.cookie(kCookie)->options.maxAge.value_or(-1), 0);
    }

    void authSessionTellsUnavailableFromSignedOut()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        QVERIFY(!auth.session(requestWith(client, "application/json")).result());  // signed out
        f.signIn(client);
        QVERIFY(auth.session(requestWith(client, "application/json")).result());
        f.store->goDown();
        try {
            auth.session(requestWith(client, "application/json")).waitForFinished();
            QFAIL("Auth::session() answered during the outage");
        } catch (const SessionUnavailable &e) {
            QCOMPARE(e.type(), QStringLiteral("SessionUnavailable"));
            QCOMPARE(e.kind(), QStringLiteral("Unavailable"));
        }
        try {
            getSession(requestWith(client, "application/json"), f.config).waitForFinished();
            QFAIL("getSession() answered during the outage");
        } catch (const SessionUnavailable &) {
        }
    }

    void routeProtectionAnswers503()
    {
        Fixture f;
        f.config.callbacks.authorized = [&f](const AuthorizedParams &) {
            f.authorizedCalls.append(QStringLiteral("asked"));
            return QtFuture::makeReadyFuture(AuthorizedDecision{true, std::nullopt});
        };
        Auth auth(f.config);
        EngineClient client(auth);
        f.signIn(client);
        f.store->goDown();

        const Authorization page = auth.authorize(requestWith(client, "text/html,application/xhtml+xml")).result();
        QCOMPARE(page.status, SessionStatus::Unavailable);
        QVERIFY(!page.session);
        QVERIFY(page.denied);
        QCOMPARE(page.denied->status, 503);
        QCOMPARE(page.denied->header("retry-after"), QByteArray("5"));
        QVERIFY(page.denied->body.contains("Service unavailable"));
        QVERIFY(page.denied->cookies.isEmpty());

        const Authorization api = auth.authorize(requestWith(client, "application/json")).result();
        QCOMPARE(api.status, SessionStatus::Unavailable);
        QCOMPARE(api.denied->status, 503);
        QCOMPARE(api.denied->header("retry-after"), QByteArray("5"));
        QCOMPARE(QJsonDocument::fromJson(api.denied->body).object().value("error").toString(), QStringLiteral("Unavailable"));
        QCOMPARE(f.authorizedCalls, QStringList());  // nobody is sent to a sign-in that cannot work

        f.store->comeBack();
        const Authorization back = auth.authorize(requestWith(client, "text/html")).result();
        QCOMPARE(back.status, SessionStatus::SignedIn);
        QVERIFY(!back.denied);
        EngineClient stranger(auth);
        const Authorization out = auth.authorize(requestWith(stranger, "text/html")).result();
        QCOMPARE(out.status, SessionStatus::SignedOut);
    }

    void signInEndsOnTheErrorPageAndCountsNothing_data()
    {
        QTest::addColumn<QStringList>("failing");
        QTest::newRow("everything") << QStringList();
        QTest::newRow("the password lookup") << QStringList{"passwordHash"};
        QTest::newRow("the session") << QStringList{"createSession"};
    }
    void signInEndsOnTheErrorPageAndCountsNothing()
    {
        QFETCH(QStringList, failing);
        Fixture f;
        f.config.rateLimit.maxFailuresPerIdentifier = 2;
        Auth auth(f.config);
        EngineClient client(auth);
        f.store->methods = QSet<QString>(failing.cbegin(), failing.cend());
        f.store->goDown();
        for (int attempt = 0; attempt < 4; ++attempt) {
            const Reply r = f.signIn(client);
            QCOMPARE(r.location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Unavailable"));
            QVERIFY(!client.cookies.contains(kCookie));
        }
        // Each attempt was counted before its check, and given back when the store failed: no
        // count is left for Alice or the address (one attempt allowed at a limit of one).
        using namespace std::chrono_literals;
        for (const char *key : {"credentials:credentials:id:alice@example.test", "credentials:credentials:ip:127.0.0.1"})
            QVERIFY2(f.store->memory->rateLimitAllows(QString::fromLatin1(key), 900s, 1).result(), key);
        const Reply page = client.get("/auth/error?error=Unavailable");
        QCOMPARE(page.response.status, 503);
        QCOMPARE(page.response.header("retry-after"), QByteArray("5"));
        QVERIFY(page.response.body.contains("The sign-in service is temporarily unavailable."));

        // Back: the failed attempts did not count against Alice (limit 2).
        f.store->comeBack();
        QCOMPARE(f.signIn(client).location(), QByteArray("http://127.0.0.1:9300"));
    }

    void noMailForATokenThatWasNotStored()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        f.store->methods = {QStringLiteral("createVerificationToken")};
        f.store->goDown();
        const QString csrf = client.csrfToken();
        const Reply r = client.postForm("/auth/signin/email", {{"csrfToken", csrf}, {"email", "alice@example.test"}});
        QCOMPARE(r.location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Unavailable"));
        QCOMPARE(f.store->failedCalls(), QStringList{"createVerificationToken"});
        QVERIFY(f.mails.isEmpty());
    }

    void signOutClearsTheCookieAndTheSessionStays()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        f.signIn(client);
        const QString token = client.cookies.value(kCookie);
        f.store->goDown();
        const QString csrf = client.csrfToken();
        const Reply out = client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(out.response.status, 302);
        QCOMPARE(out.cookie(kCookie)->options.maxAge.value_or(-1), 0);
        QVERIFY(!client.cookies.contains(kCookie));
        // As documented: the session outlives the sign-out until the store is back and it ends.
        QVERIFY(f.store->memory->getSessionAndUser(token).result());
    }

    void accessTokenEndpointAnswers503()
    {
        Fixture f;
        Auth auth(f.config);
        EngineClient client(auth);
        f.signIn(client);
        f.store->goDown();
        const Reply r = client.get("/auth/token/corp", {{"x-gatehouse-access-token", "1"}});
        QCOMPARE(r.response.status, 503);
        QCOMPARE(r.response.header("retry-after"), QByteArray("5"));
        QCOMPARE(r.json().object().value("error").toString(), QStringLiteral("Unavailable"));
        QVERIFY(!r.cookieNames().contains(kCookie));
        f.store->comeBack();
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("AccountNotLinked")));
        const Reply back = client.get("/auth/token/corp", {{"x-gatehouse-access-token", "1"}});
        QCOMPARE(back.response.status, 404);  // signed in, no corp account: AccountNotLinked
    }
};

QTEST_GUILESS_MAIN(TestStoreOutage)
#include "tst_storeoutage.moc"
