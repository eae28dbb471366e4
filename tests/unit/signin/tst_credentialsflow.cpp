// Credentials sign-in beyond the transcript: rate limits, callbacks, events, large and rotated
// sessions, lazy configuration, custom pages, asynchronous authorize.
#include "support/engineclient.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>
#include <QPromise>
#include <QTest>
#include <QTimer>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

Provider credentialsProvider(AuthorizeFunction authorize)
{
    Provider p;
    p.id = QStringLiteral("credentials");
    p.name = QStringLiteral("Credentials");
    p.type = QStringLiteral("credentials");
    p.options.insert(QStringLiteral("credentials"), QJsonObject{
        {QStringLiteral("username"), QJsonObject{{"label", "Username"}, {"type", "text"}}},
        {QStringLiteral("password"), QJsonObject{{"label", "Password"}, {"type", "password"}}}});
    p.authorize = std::move(authorize);
    return p;
}

AuthorizeFunction alice()
{
    return [](const QJsonObject &c, const AuthRequest &) {
        if (c.value("username").toString() == "alice" && c.value("password").toString() == "alice-password")
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(
                QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}}));
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
    };
}

Config baseConfig(AuthorizeFunction authorize = alice())
{
    Config config;
    config.secret = {QStringLiteral("a-secret-of-more-than-thirty-two-characters")};
    config.trustHost = true;
    config.providers = {credentialsProvider(std::move(authorize))};
    return config;
}

Reply signIn(EngineClient &client, const QString &user = "alice", const QString &password = "alice-password")
{
    const QString csrf = client.csrfToken();
    return client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", user}, {"password", password}});
}

} // namespace

class TestCredentialsFlow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rateLimitPerIdentifier()
    {
        int calls = 0;
        Config config = baseConfig([&calls](const QJsonObject &c, const AuthRequest &r) {
            ++calls;
            return alice()(c, r);
        });
        config.rateLimit.maxFailuresPerIdentifier = 3;
        Auth auth(config);
        EngineClient client(auth);
        for (int i = 0; i < 3; ++i)
            QVERIFY(signIn(client, "alice", "wrong").location().endsWith("code=credentials"));
        QCOMPARE(calls, 3);
        // Limited: even the right password fails, and authorize is not called.
        Reply limited = signIn(client, "ALICE ", "alice-password");
        QCOMPARE(limited.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=rate_limited"));
        QCOMPARE(calls, 3);
        // Another identifier from the same address is still allowed.
        QVERIFY(signIn(client, "bob", "x").location().endsWith("code=credentials"));
        QCOMPARE(calls, 4);
    }

    void rateLimitPerAddress()
    {
        Config config = baseConfig();
        config.rateLimit.maxFailuresPerAddress = 4;
        Auth auth(config);
        EngineClient client(auth);
        for (int i = 0; i < 4; ++i)
            signIn(client, QStringLiteral("user%1").arg(i), "wrong");
        QVERIFY(signIn(client).location().endsWith("code=rate_limited"));
        EngineClient elsewhere(auth);
        elsewhere.address = QHostAddress("127.0.0.2");
        QCOMPARE(signIn(elsewhere).location(), QByteArray("http://127.0.0.1:9300"));
    }

    void concurrentGuessesStayWithinTheLimit()
    {
        // Each check is held open (as a slow Argon2id hash is) until the guesses have all
        // arrived: every guess is counted before it is checked, so no more than the limit are
        // checked, and the others are answered at once without one.
        QMutex lock;
        QList<std::shared_ptr<QPromise<std::optional<QJsonObject>>>> checks;
        Config config = baseConfig([&](const QJsonObject &, const AuthRequest &) {
            auto check = std::make_shared<QPromise<std::optional<QJsonObject>>>();
            check->start();
            QMutexLocker locker(&lock);
            checks.append(check);
            return check->future();
        });
        config.rateLimit.maxFailuresPerIdentifier = 5;
        Auth auth(config);
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        QList<QFuture<AuthResponse>> answers;
        for (int i = 0; i < 20; ++i) {
            client.address = QHostAddress(QStringLiteral("198.51.100.%1").arg(i + 1));  // no address limit applies
            answers.append(client.startForm("/auth/callback/credentials",
                                            {{"csrfToken", csrf}, {"username", "alice"}, {"password", QStringLiteral("guess %1").arg(i)}}));
        }
        const auto finished = [&] {
            int n = 0;
            for (const QFuture<AuthResponse> &answer : std::as_const(answers))
                n += answer.isFinished() ? 1 : 0;
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(finished(), 15, 5000);
        {
            QMutexLocker locker(&lock);
            QCOMPARE(checks.size(), 5);
            for (const auto &check : std::as_const(checks)) {
                check->addResult(std::optional<QJsonObject>());   // wrong
                check->finish();
            }
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished(), 20, 5000);
        QMap<QByteArray, int> codes;
        for (const QFuture<AuthResponse> &answer : std::as_const(answers))
            ++codes[answer.result().header("location")];
        const QByteArray signInPage("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=");
        QCOMPARE(codes.value(signInPage + "credentials"), 5);
        QCOMPARE(codes.value(signInPage + "rate_limited"), 15);
        // The right password inside the window is refused too, from yet another address.
        client.address = QHostAddress(QStringLiteral("198.51.100.200"));
        QCOMPARE(signIn(client, "alice", "alice-password").location(), signInPage + "rate_limited");
        QCOMPARE(checks.size(), 5);
    }

    void successesUseUpNoLimit()
    {
        // Attempts are counted before the check; a success gives its count back (the address's
        // attempt refunded, the identifier's count cleared), failures stay counted.
        Config config = baseConfig();
        config.rateLimit.maxFailuresPerAddress = 3;
        config.rateLimit.maxFailuresPerIdentifier = 3;
        Auth auth(config);
        EngineClient client(auth);
        for (int i = 0; i < 2; ++i)
            QVERIFY(signIn(client, "alice", "wrong").location().endsWith("code=credentials"));
        // Many people behind one address sign in: no success uses up the address's limit.
        for (int i = 0; i < 6; ++i)
            QCOMPARE(signIn(client).location(), QByteArray("http://127.0.0.1:9300"));
        // The two failures still count: a third fills the address's limit.
        QVERIFY(signIn(client, "bob", "wrong").location().endsWith("code=credentials"));
        QVERIFY(signIn(client).location().endsWith("code=rate_limited"));
    }

    void rateLimitPerAddressBehindTrustedProxy()
    {
        // Behind a proxy every client arrives from the proxy's address: without trustedProxies
        // one client's failures would lock everybody out.
        Config config = baseConfig();
        config.rateLimit.maxFailuresPerAddress = 3;
        config.trustedProxies = {QHostAddress::parseSubnet(QStringLiteral("127.0.0.1"))};
        Auth auth(config);
        EngineClient attacker(auth);
        const QList<QPair<QByteArray, QByteArray>> fromAttacker = {{"X-Forwarded-For", "198.51.100.66"}};
        const auto attempt = [&](EngineClient &client, const QString &user, const QString &password,
                                 const QList<QPair<QByteArray, QByteArray>> &headers) {
            const QString csrf = client.csrfToken();
            return client.postForm("/auth/callback/credentials",
                                   {{"csrfToken", csrf}, {"username", user}, {"password", password}}, headers);
        };
        for (int i = 0; i < 3; ++i)
            attempt(attacker, QStringLiteral("user%1").arg(i), "wrong", fromAttacker);
        QVERIFY(attempt(attacker, "alice", "alice-password", fromAttacker).location().endsWith("code=rate_limited"));
        // A header the attacker sends itself comes first; the proxy appends the real address.
        QVERIFY(attempt(attacker, "alice", "alice-password", {{"X-Forwarded-For", "192.0.2.1, 198.51.100.66"}})
                    .location().endsWith("code=rate_limited"));

        EngineClient someoneElse(auth);  // same proxy, another client
        QCOMPARE(attempt(someoneElse, "alice", "alice-password", {{"X-Forwarded-For", "198.51.100.7"}}).location(),
                 QByteArray("http://127.0.0.1:9300"));

        // An untrusted peer's header is not believed: it is limited by its own address.
        Config untrusted = baseConfig();
        untrusted.rateLimit.maxFailuresPerAddress = 3;
        Auth direct(untrusted);
        EngineClient client(direct);
        for (int i = 0; i < 3; ++i)
            attempt(client, QStringLiteral("user%1").arg(i), "wrong", {{"X-Forwarded-For", QByteArray::number(i) + ".1.1.1"}});
        QVERIFY(attempt(client, "alice", "alice-password", {{"X-Forwarded-For", "198.51.100.8"}})
                    .location().endsWith("code=rate_limited"));
    }

    void rateLimitCanBeDisabled()
    {
        Config config = baseConfig();
        config.rateLimit.enabled = false;
        config.rateLimit.maxFailuresPerIdentifier = 1;
        Auth auth(config);
        EngineClient client(auth);
        signIn(client, "alice", "wrong");
        signIn(client, "alice", "wrong");
        QCOMPARE(signIn(client).location(), QByteArray("http://127.0.0.1:9300"));
    }

    void authorizeErrors()
    {
        Auth coded(baseConfig([](const QJsonObject &, const AuthRequest &) -> QFuture<std::optional<QJsonObject>> {
            throw CredentialsSignin(QStringLiteral("account_locked"), QStringLiteral("details for the log only"));
        }));
        EngineClient client(coded);
        QCOMPARE(signIn(client).location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=account_locked"));

        Auth broken(baseConfig([](const QJsonObject &, const AuthRequest &) -> QFuture<std::optional<QJsonObject>> {
            throw std::runtime_error("database down");
        }));
        EngineClient other(broken);
        QCOMPARE(signIn(other).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
    }

    void asynchronousAuthorize()
    {
        Auth auth(baseConfig([](const QJsonObject &c, const AuthRequest &) {
            auto promise = std::make_shared<QPromise<std::optional<QJsonObject>>>();
            QFuture<std::optional<QJsonObject>> future = promise->future();
            promise->start();
            const bool ok = c.value("password").toString() == "alice-password";
            QTimer::singleShot(20, [promise, ok] {
                promise->addResult(ok ? std::optional<QJsonObject>(QJsonObject{{"id", "7"}, {"name", "Later"}})
                                      : std::optional<QJsonObject>());
                promise->finish();
            });
            return future;
        }));
        EngineClient client(auth);
        QVERIFY(signIn(client, "x", "wrong").location().endsWith("code=credentials"));
        QCOMPARE(signIn(client).location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("name").toString(), QStringLiteral("Later"));
    }

    void signInCallback()
    {
        Config refuse = baseConfig();
        refuse.callbacks.signIn = [](const SignInParams &p) {
            return QtFuture::makeReadyFuture(SignInDecision{p.user.value("email").toString() != "alice@example.test", {}});
        };
        Auth denied(refuse);
        EngineClient client(denied);
        QCOMPARE(signIn(client).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied"));
        QVERIFY(!client.cookies.contains("authjs.session-token"));

        Config redirect = baseConfig();
        redirect.callbacks.signIn = [](const SignInParams &) {
            return QtFuture::makeReadyFuture(SignInDecision{true, QStringLiteral("http://127.0.0.1:9300/welcome")});
        };
        Auth redirecting(redirect);
        EngineClient other(redirecting);
        QCOMPARE(signIn(other).location(), QByteArray("http://127.0.0.1:9300/welcome"));
        QVERIFY(!other.cookies.contains("authjs.session-token"));

        Config throwing = baseConfig();
        throwing.callbacks.signIn = [](const SignInParams &) -> QFuture<SignInDecision> {
            throw std::runtime_error("no");
        };
        Auth thrower(throwing);
        EngineClient third(thrower);
        QCOMPARE(signIn(third).location(), QByteArray("http://127.0.0.1:9300/auth/error?error=AccessDenied"));
    }

    void jwtAndSessionCallbacksAndEvents()
    {
        QStringList events;
        QStringList triggers;
        Config config = baseConfig();
        config.callbacks.jwt = [&triggers](const JwtParams &p) {
            triggers << (p.trigger.isEmpty() ? QStringLiteral("-") : p.trigger);
            QJsonObject token = p.token;
            if (p.trigger == "signIn")
                token.insert("role", "admin");
            if (p.trigger == "update" && p.session.toObject().contains("name"))
                token.insert("name", p.session.toObject().value("name"));
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(token));
        };
        config.callbacks.session = [](const SessionParams &p) {
            QJsonObject session = p.session;
            session.insert("role", p.token.value("role"));
            return QtFuture::makeReadyFuture(session);
        };
        config.events.signIn = [&events](const QJsonObject &m) { events << "signIn:" + m.value("user").toObject().value("id").toString(); };
        config.events.session = [&events](const QJsonObject &) { events << "session"; };
        config.events.signOut = [&events](const QJsonObject &m) { events << "signOut:" + m.value("token").toObject().value("sub").toString(); };
        Auth auth(config);
        EngineClient client(auth);
        signIn(client);
        QCOMPARE(client.get("/auth/session").json().object().value("role").toString(), QStringLiteral("admin"));
        const QString csrf = client.csrfToken();
        Reply updated = client.postJson("/auth/session", QJsonObject{{"csrfToken", csrf}, {"data", QJsonObject{{"name", "Alice Updated"}}}});
        QCOMPARE(updated.json().object().value("user").toObject().value("name").toString(), QStringLiteral("Alice Updated"));
        QCOMPARE(client.get("/auth/session").json().object().value("user").toObject().value("name").toString(), QStringLiteral("Alice Updated"));
        client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(triggers, (QStringList{"signIn", "-", "update", "-"}));
        QCOMPARE(events, (QStringList{"signIn:1", "session", "session", "session", "signOut:1"}));
    }

    void largeSessionIsChunked()
    {
        Config config = baseConfig();
        config.callbacks.jwt = [](const JwtParams &p) {
            QJsonObject token = p.token;
            if (p.trigger == "signIn")
                token.insert("blob", QString(6000, QLatin1Char('x')));
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(token));
        };
        config.callbacks.session = [](const SessionParams &p) {
            QJsonObject session = p.session;
            session.insert("blobSize", p.token.value("blob").toString().size());
            return QtFuture::makeReadyFuture(session);
        };
        Auth auth(config);
        EngineClient client(auth);
        Reply r = signIn(client);
        QVERIFY2(r.cookieNames().contains("authjs.session-token.0") && r.cookieNames().contains("authjs.session-token.1"),
                 qPrintable(r.cookieNames().join(',')));
        QVERIFY(!client.cookies.contains("authjs.session-token"));
        QCOMPARE(client.get("/auth/session").json().object().value("blobSize").toInt(), 6000);
    }

    void secretRotation()
    {
        Config oldConfig = baseConfig();
        oldConfig.secret = {QStringLiteral("old-secret-old-secret-old-secret-0001")};
        Auth oldAuth(oldConfig);
        EngineClient client(oldAuth);
        signIn(client);
        const QString oldToken = client.cookies.value("authjs.session-token");

        Config rotated = baseConfig();
        rotated.secret = {QStringLiteral("new-secret-new-secret-new-secret-0002"), oldConfig.secret.first()};
        Auth newAuth(rotated);
        EngineClient after(newAuth);
        after.cookies = client.cookies;
        Reply r = after.get("/auth/session");
        QCOMPARE(r.json().object().value("user").toObject().value("name").toString(), QStringLiteral("Alice"));
        QVERIFY(after.cookies.value("authjs.session-token") != oldToken);  // re-issued under the new secret

        Config dropped = baseConfig();
        dropped.secret = {rotated.secret.first()};
        Auth droppedAuth(dropped);
        EngineClient stale(droppedAuth);
        stale.cookies.insert("authjs.session-token", oldToken);
        QCOMPARE(stale.get("/auth/session").response.body, QByteArray("null"));
    }

    void lazyConfiguration()
    {
        int calls = 0;
        Auth auth([&calls](const AuthRequest *request) {
            if (request)
                ++calls;
            Config config = baseConfig();
            if (request && request->header("x-tenant") == "b")
                config.basePath = QStringLiteral("/tenant-b/auth");
            return config;
        });
        EngineClient client(auth);
        QCOMPARE(client.get("/auth/csrf").response.status, 200);
        QCOMPARE(client.get("/tenant-b/auth/csrf", {{"X-Tenant", "b"}}).response.status, 200);
        QCOMPARE(client.get("/auth/csrf", {{"X-Tenant", "b"}}).response.status, 400);
        QCOMPARE(calls, 3);
        Auth broken([](const AuthRequest *) { return Config(); });
        EngineClient other(broken);
        QCOMPARE(other.get("/auth/session").response.status, 500);
    }

    void customPagesAndSkipCsrf()
    {
        Config config = baseConfig();
        config.pages.signIn = QStringLiteral("/login");
        config.pages.error = QStringLiteral("/oops");
        config.skipCSRFCheck = true;
        Auth auth(config);
        EngineClient client(auth);
        QCOMPARE(client.get("/auth/signin?callbackUrl=%2Fx").location(),
                 QByteArray("http://127.0.0.1:9300/login?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fx"));
        QCOMPARE(client.get("/auth/error?error=AccessDenied").location(), QByteArray("http://127.0.0.1:9300/oops?error=AccessDenied"));
        QCOMPARE(client.get("/auth/csrf").response.status, 404);
        Reply bad = client.postForm("/auth/callback/credentials", {{"username", "alice"}, {"password", "wrong"}});
        QCOMPARE(bad.location(), QByteArray("http://127.0.0.1:9300/login?error=CredentialsSignin&code=credentials"));
        Reply good = client.postForm("/auth/callback/credentials", {{"username", "alice"}, {"password", "alice-password"}});
        QVERIFY(client.cookies.contains("authjs.session-token"));
        QCOMPARE(good.response.status, 302);
    }

    void germanPages()
    {
        Auth auth(baseConfig());
        EngineClient client(auth);
        Reply page = client.get("/auth/signin?error=CredentialsSignin", {{"Accept-Language", "de-DE,de;q=0.9,en;q=0.5"}});
        QVERIFY(page.response.body.contains("lang=\"de\""));
        Reply english = client.get("/auth/signin", {{"Accept-Language", "fr"}});
        QVERIFY(english.response.body.contains("lang=\"en\""));
    }
};

QTEST_GUILESS_MAIN(TestCredentialsFlow)
#include "tst_credentialsflow.moc"
