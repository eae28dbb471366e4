// The engine against the behaviour of the Auth.js reference transcript (transcript-jwt.txt):
// one test per scenario group, asserting status, Location, cookies and bodies.
#include "support/engineclient.h"
#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kSecret = QStringLiteral("gatehouse-reference-test-secret-0123456789");

Config referenceConfig(bool trustHost = true)
{
    Config config;
    config.secret = {kSecret};
    config.trustHost = trustHost;
    Provider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.options.insert(QStringLiteral("credentials"), QJsonObject{
        {QStringLiteral("username"), QJsonObject{{"label", "Username"}, {"type", "text"}}},
        {QStringLiteral("password"), QJsonObject{{"label", "Password"}, {"type", "password"}}}});
    credentials.authorize = [](const QJsonObject &c, const AuthRequest &) {
        if (c.value("username").toString() == "alice" && c.value("password").toString() == "alice-password")
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(
                QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}}));
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
    };
    Provider idp;
    idp.id = QStringLiteral("local-idp");
    idp.name = QStringLiteral("Local IdP");
    idp.type = QStringLiteral("oidc");
    idp.options = {{"issuer", "http://127.0.0.1:9400"}, {"clientId", "gatehouse-test"}, {"clientSecret", "gatehouse-test-secret"}};
    config.providers = {credentials, idp};
    return config;
}

QList<QPair<QString, QString>> goodCredentials(const QString &csrf)
{
    return {{"csrfToken", csrf}, {"username", "alice"}, {"password", "alice-password"}};
}

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void discovery()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);

        Reply providers = client.get("/auth/providers");
        QCOMPARE(providers.response.status, 200);
        QCOMPARE(providers.response.header("content-type"), QByteArray("application/json"));
        QVERIFY(providers.response.cookies.isEmpty());
        QCOMPARE(providers.response.body,
                 QByteArray("{\"credentials\":{\"id\":\"credentials\",\"name\":\"Credentials\",\"type\":\"credentials\","
                            "\"signinUrl\":\"http://127.0.0.1:9300/auth/signin/credentials\","
                            "\"callbackUrl\":\"http://127.0.0.1:9300/auth/callback/credentials\"},"
                            "\"local-idp\":{\"id\":\"local-idp\",\"name\":\"Local IdP\",\"type\":\"oidc\","
                            "\"signinUrl\":\"http://127.0.0.1:9300/auth/signin/local-idp\","
                            "\"callbackUrl\":\"http://127.0.0.1:9300/auth/callback/local-idp\"}}"));

        Reply csrf = client.get("/auth/csrf");
        QCOMPARE(csrf.response.status, 200);
        QCOMPARE(csrf.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url"}));
        QCOMPARE(csrf.response.header("cache-control"), QByteArray("private, no-cache, no-store"));
        const QString token = csrf.json().object().value("csrfToken").toString();
        QCOMPARE(token.size(), 64);
        QCOMPARE(client.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300"));
        QCOMPARE(csrf.cookie("authjs.csrf-token")->toHeaderValue().size(), qsizetype(QByteArray("authjs.csrf-token=").size() + 131 + QByteArray("; Path=/; HttpOnly; SameSite=Lax").size()));

        Reply again = client.get("/auth/csrf");
        QVERIFY(again.response.cookies.isEmpty());
        QCOMPARE(again.json().object().value("csrfToken").toString(), token);

        EngineClient fresh(auth);
        Reply session = fresh.get("/auth/session");
        QCOMPARE(session.response.status, 200);
        QCOMPARE(session.response.body, QByteArray("null"));
        QCOMPARE(session.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url"}));

        Reply signin = client.get("/auth/signin");
        QCOMPARE(signin.response.status, 200);
        QCOMPARE(signin.response.header("content-type"), QByteArray("text/html"));
        QVERIFY(!signin.response.header("content-security-policy").isEmpty());
        QVERIFY(signin.response.body.contains("action=\"http://127.0.0.1:9300/auth/callback/credentials\""));
        QVERIFY(signin.response.body.contains("action=\"http://127.0.0.1:9300/auth/signin/local-idp\""));
        QVERIFY(signin.response.body.contains(token.toLatin1()));

        Reply error = client.get("/auth/signin?error=CredentialsSignin");
        QVERIFY(error.response.body.contains("Sign in failed. Check the details you provided are correct."));

        QCOMPARE(client.get("/auth/signin/credentials").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        Reply signout = client.get("/auth/signout");
        QCOMPARE(signout.response.status, 200);
        QVERIFY(signout.response.body.contains("action=\"http://127.0.0.1:9300/auth/signout\""));
        QCOMPARE(client.get("/auth/verify-request?provider=email&type=email").response.status, 200);
    }

    void credentialsSignInAndSession()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        Reply signIn = client.postForm("/auth/callback/credentials", goodCredentials(csrf));
        QCOMPARE(signIn.response.status, 302);
        QCOMPARE(signIn.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(signIn.cookieNames(), QStringList{"authjs.session-token"});
        const SetCookie *session = signIn.cookie("authjs.session-token");
        QVERIFY(session->options.expires);
        QVERIFY(qAbs(QDateTime::currentDateTimeUtc().secsTo(*session->options.expires) - 2592000) < 5);
        QVERIFY(session->value.startsWith("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoi"));

        Reply got = client.get("/auth/session");
        QCOMPARE(got.response.status, 200);
        QCOMPARE(got.response.header("cache-control"), QByteArray("private, no-cache, no-store"));
        const QJsonObject body = got.json().object();
        QCOMPARE(body.value("user").toObject(), (QJsonObject{{"name", "Alice"}, {"email", "alice@example.test"}}));
        QVERIFY(got.response.body.startsWith("{\"user\":{\"name\":\"Alice\",\"email\":\"alice@example.test\"},\"expires\":\""));
        const QDateTime expires = QDateTime::fromString(body.value("expires").toString(), Qt::ISODateWithMs);
        QVERIFY(qAbs(QDateTime::currentDateTimeUtc().secsTo(expires) - 2592000) < 5);
        QCOMPARE(got.cookieNames(), QStringList{"authjs.session-token"});

        // Update: JSON and form-encoded csrfToken; without or with a wrong token: 400 null.
        Reply update = client.postJson("/auth/session", QJsonObject{{"csrfToken", csrf}, {"data", QJsonObject{{"name", "Alice Updated"}}}});
        QCOMPARE(update.response.status, 200);
        QVERIFY(update.response.header("cache-control").isEmpty());
        QCOMPARE(update.json().object().value("user").toObject().value("name").toString(), QStringLiteral("Alice"));
        Reply noCsrf = client.postJson("/auth/session", QJsonObject{{"data", QJsonObject{{"name", "x"}}}});
        QCOMPARE(noCsrf.response.status, 400);
        QCOMPARE(noCsrf.response.body, QByteArray("null"));
        QCOMPARE(client.postJson("/auth/session", QJsonObject{{"csrfToken", QString(64, 'a')}}).response.status, 400);
        QCOMPARE(client.postForm("/auth/session", {{"csrfToken", csrf}}).response.status, 200);

        EngineClient anonymous(auth);
        const QString otherCsrf = anonymous.csrfToken();
        Reply none = anonymous.postJson("/auth/session", QJsonObject{{"csrfToken", otherCsrf}, {"data", QJsonObject{{"a", 1}}}});
        QCOMPARE(none.response.status, 200);
        QCOMPARE(none.response.body, QByteArray("null"));
    }

    void badCredentialsAndCsrf()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        const QByteArray failed("http://127.0.0.1:9300/auth/signin?error=CredentialsSignin&code=credentials");
        Reply bad = client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", "alice"}, {"password", "wrong"}});
        QCOMPARE(bad.response.status, 302);
        QCOMPARE(bad.location(), failed);
        QVERIFY(bad.response.cookies.isEmpty());
        QCOMPARE(client.get("/auth/session").response.body, QByteArray("null"));
        Reply unknownJson = client.postJson("/auth/callback/credentials", QJsonObject{{"csrfToken", csrf}, {"username", "mallory"}, {"password", "x"}});
        QCOMPARE(unknownJson.location(), failed);

        const QByteArray missingCsrf("http://127.0.0.1:9300/auth/signin?error=MissingCSRF");
        QCOMPARE(client.postForm("/auth/callback/credentials", {{"username", "alice"}, {"password", "alice-password"}}).location(), missingCsrf);
        QCOMPARE(client.postForm("/auth/callback/credentials", goodCredentials(QString(64, 'f'))).location(), missingCsrf);
        EngineClient noCookie(auth);
        QCOMPARE(noCookie.postForm("/auth/callback/credentials", goodCredentials(csrf)).location(), missingCsrf);
        noCookie.cookies.insert("authjs.csrf-token", csrf + "|" + QString(64, '0'));
        QCOMPARE(noCookie.postForm("/auth/callback/credentials", goodCredentials(csrf)).location(), missingCsrf);

        Reply json = client.postForm("/auth/callback/credentials", goodCredentials(csrf), {{"X-Auth-Return-Redirect", "1"}});
        QCOMPARE(json.response.status, 200);
        QCOMPARE(json.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(json.json().object().value("url").toString(), QStringLiteral("http://127.0.0.1:9300"));
        QCOMPARE(json.cookieNames(), QStringList{"authjs.session-token"});
        Reply jsonBad = client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", "alice"}, {"password", "nope"}},
                                        {{"X-Auth-Return-Redirect", "1"}});
        QCOMPARE(jsonBad.response.status, 200);
        QCOMPARE(jsonBad.json().object().value("url").toString().toLatin1(), failed);

        QCOMPARE(client.postForm("/auth/signin/credentials", goodCredentials(csrf)).location(), QByteArray("http://127.0.0.1:9300/auth/signin"));
        QCOMPARE(client.get("/auth/callback/credentials").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
    }

    void tamperedSessionCookie()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        client.cookies.insert("authjs.session-token", "garbage.not.a.jwe.token");
        Reply r = client.get("/auth/session");
        QCOMPARE(r.response.status, 200);
        QCOMPARE(r.response.body, QByteArray("null"));
        QCOMPARE(r.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url", "authjs.session-token"}));
        QCOMPARE(r.cookie("authjs.session-token")->toHeaderValue(),
                 QByteArray("authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax"));
    }

    void signOut()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        client.postForm("/auth/callback/credentials", goodCredentials(csrf));
        const QString token = client.cookies.value("authjs.session-token");
        QVERIFY(!token.isEmpty());
        QCOMPARE(client.postForm("/auth/signout", {}).location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        Reply out = client.postForm("/auth/signout", {{"csrfToken", csrf}});
        QCOMPARE(out.response.status, 302);
        QCOMPARE(out.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(out.cookieNames(), QStringList{"authjs.session-token"});
        QCOMPARE(out.cookie("authjs.session-token")->options.maxAge.value_or(-1), 0);
        QCOMPARE(client.get("/auth/session").response.body, QByteArray("null"));
    }

    void callbackUrlHandling()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        Reply evil = client.get("/auth/signin?callbackUrl=http%3A%2F%2Fevil.example%2F");
        QCOMPARE(evil.response.status, 200);
        QCOMPARE(client.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300"));
        client.get("/auth/signin?callbackUrl=%2Fdashboard");
        QCOMPARE(client.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/dashboard"));
        client.get("/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300%2Fprofile%3Fx%3D1");
        QCOMPARE(client.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/profile?x=1"));

        // Deliberately better than Auth.js (which answers 500): a hostile callbackUrl is ignored.
        EngineClient js(auth);
        Reply javascript = js.get("/auth/signin?callbackUrl=javascript%3Aalert(1)");
        QCOMPARE(javascript.response.status, 200);
        QVERIFY(!javascript.response.body.contains("javascript:alert(1)\""));
        QCOMPARE(js.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300"));

        // A page's favicon behind forward authentication follows the redirect to the sign-in
        // page too: a request the browser marks as an image (or script, style...) leaves the
        // callback-url cookie alone, so the person still lands where they were going.
        EngineClient browser(auth);
        browser.get("/auth/signin?callbackUrl=%2Fadmin", {{"Sec-Fetch-Dest", "document"}});
        QCOMPARE(browser.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/admin"));
        Reply favicon = browser.get("/auth/signin?callbackUrl=%2Ffavicon.ico", {{"Sec-Fetch-Dest", "image"}});
        QCOMPARE(favicon.response.status, 200);
        QVERIFY(!favicon.cookieNames().contains("authjs.callback-url"));
        QCOMPARE(browser.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/admin"));
        browser.get("/auth/signin?callbackUrl=%2Fapp.js", {{"Sec-Fetch-Dest", "script"}});
        QCOMPARE(browser.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/admin"));
        // A page, a frame and a fetch() still choose it.
        browser.get("/auth/signin?callbackUrl=%2Freports", {{"Sec-Fetch-Dest", "iframe"}});
        QCOMPARE(browser.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/reports"));
        browser.get("/auth/signin?callbackUrl=%2Fsettings", {{"Sec-Fetch-Dest", "empty"}});
        QCOMPARE(browser.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300/settings"));

        EngineClient slashes(auth);
        slashes.get("/auth/session?callbackUrl=%2F%2Fevil.example%2Fx");
        QCOMPARE(slashes.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300//evil.example/x"));

        const QString csrf = client.csrfToken();
        client.cookies.insert("authjs.callback-url", "http://127.0.0.1:9300");
        Reply toEvil = client.postForm("/auth/callback/credentials", goodCredentials(csrf) << qMakePair(QString("callbackUrl"), QString("http://evil.example/")));
        QCOMPARE(toEvil.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(toEvil.cookieNames(), QStringList{"authjs.session-token"});
        Reply toDashboard = client.postForm("/auth/callback/credentials", goodCredentials(csrf) << qMakePair(QString("callbackUrl"), QString("/dashboard")));
        QCOMPARE(toDashboard.location(), QByteArray("http://127.0.0.1:9300/dashboard"));
        QCOMPARE(toDashboard.cookieNames(), (QStringList{"authjs.callback-url", "authjs.session-token"}));
        Reply signOutEvil = client.postForm("/auth/signout", {{"csrfToken", csrf}, {"callbackUrl", "http://evil.example/"}});
        QCOMPARE(signOutEvil.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(signOutEvil.cookieNames(), (QStringList{"authjs.callback-url", "authjs.session-token"}));

        EngineClient cookieOnly(auth);
        cookieOnly.cookies.insert("authjs.callback-url", "http://evil.example/");
        Reply reset = cookieOnly.get("/auth/csrf");
        QCOMPARE(reset.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url"}));
        QCOMPARE(cookieOnly.cookies.value("authjs.callback-url"), QStringLiteral("http://127.0.0.1:9300"));
    }

    void errorPage_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("status");
        QTest::newRow("AccessDenied") << "?error=AccessDenied" << 403;
        QTest::newRow("Configuration") << "?error=Configuration" << 500;
        QTest::newRow("Verification") << "?error=Verification" << 403;
        QTest::newRow("Bogus") << "?error=Bogus" << 200;
        QTest::newRow("none") << "" << 200;
    }
    void errorPage()
    {
        QFETCH(QString, query);
        QFETCH(int, status);
        Auth auth(referenceConfig());
        EngineClient client(auth);
        Reply r = client.get("/auth/error" + query);
        QCOMPARE(r.response.status, status);
        QCOMPARE(r.response.header("content-type"), QByteArray("text/html"));
        QCOMPARE(r.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url"}));
    }

    void unknownActions_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<QByteArray>("body");
        const QByteArray bad("\"Bad request.\"");
        const QByteArray config("http://127.0.0.1:9300/auth/error?error=Configuration");
        QTest::newRow("unknown action") << QByteArray("GET") << "/auth/unknown-action" << 400 << QByteArray() << bad;
        QTest::newRow("base path") << QByteArray("GET") << "/auth" << 400 << QByteArray() << bad;
        QTest::newRow("base path slash") << QByteArray("GET") << "/auth/" << 400 << QByteArray() << bad;
        QTest::newRow("signin unknown provider") << QByteArray("GET") << "/auth/signin/unknown-provider" << 302 << config << QByteArray();
        QTest::newRow("callback unknown provider") << QByteArray("GET") << "/auth/callback/unknown-provider" << 302 << config << QByteArray();
        QTest::newRow("session extra") << QByteArray("GET") << "/auth/session/extra" << 400 << QByteArray() << bad;
        QTest::newRow("deep path") << QByteArray("GET") << "/auth/signin/a/b" << 400 << QByteArray() << bad;
        QTest::newRow("put") << QByteArray("PUT") << "/auth/session" << 400 << QByteArray() << bad;
        QTest::newRow("head") << QByteArray("HEAD") << "/auth/csrf" << 400 << QByteArray() << QByteArray();
        QTest::newRow("outside") << QByteArray("GET") << "/other" << 400 << QByteArray() << bad;
        QTest::newRow("prefix only") << QByteArray("GET") << "/authx/session" << 400 << QByteArray() << bad;
    }
    void unknownActions()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        QFETCH(QByteArray, location);
        QFETCH(QByteArray, body);
        Auth auth(referenceConfig());
        EngineClient client(auth);
        AuthRequest r;
        r.method = method;
        r.url = QUrl("http://127.0.0.1:9300" + path);
        Reply reply = client.send(r);
        QCOMPARE(reply.response.status, status);
        QCOMPARE(reply.location(), location);
        if (status == 400) {
            QCOMPARE(reply.response.body, body);
            QCOMPARE(reply.response.header("content-type"), QByteArray("application/json"));
        }
    }

    void postToReadOnlyActions()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        const QString csrf = client.csrfToken();
        QCOMPARE(client.postForm("/auth/providers", {{"csrfToken", csrf}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QCOMPARE(client.postForm("/auth/signin", {{"csrfToken", csrf}}).location(), QByteArray("http://127.0.0.1:9300/auth/signin"));
        QCOMPARE(client.postForm("/auth/signin/unknown-provider", {{"csrfToken", csrf}}).location(),
                 QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
    }

    void secureCookiesBehindProxy()
    {
        Auth auth(referenceConfig());
        EngineClient client(auth);
        const QList<QPair<QByteArray, QByteArray>> https{{"X-Forwarded-Proto", "https"}};
        Reply csrf = client.get("/auth/csrf", https);
        QCOMPARE(csrf.cookieNames(), (QStringList{"__Host-authjs.csrf-token", "__Secure-authjs.callback-url"}));
        QVERIFY(csrf.cookie("__Host-authjs.csrf-token")->options.secure);
        QCOMPARE(client.cookies.value("__Secure-authjs.callback-url"), QStringLiteral("https://127.0.0.1:9300"));
        const QString token = csrf.json().object().value("csrfToken").toString();
        Reply signIn = client.postForm("/auth/callback/credentials", goodCredentials(token), https);
        QCOMPARE(signIn.location(), QByteArray("https://127.0.0.1:9300"));
        QCOMPARE(signIn.cookieNames(), QStringList{"__Secure-authjs.session-token"});
        QVERIFY(signIn.cookie("__Secure-authjs.session-token")->toHeaderValue().contains("; HttpOnly; Secure; SameSite=Lax"));
        QVERIFY(client.get("/auth/session", https).json().isObject());
        // The same cookies over plain http are not the session.
        Reply plain = client.get("/auth/session");
        QCOMPARE(plain.response.body, QByteArray("null"));
        QCOMPARE(plain.cookieNames(), (QStringList{"authjs.csrf-token", "authjs.callback-url"}));
        Reply out = client.postForm("/auth/signout", {{"csrfToken", token}}, https);
        QCOMPARE(out.location(), QByteArray("https://127.0.0.1:9300"));
        QCOMPARE(out.cookieNames(), QStringList{"__Secure-authjs.session-token"});
    }

    void untrustedHost_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("contentType");
        QTest::newRow("csrf") << QByteArray("GET") << "/auth/csrf" << QByteArray("application/json");
        QTest::newRow("session") << QByteArray("GET") << "/auth/session" << QByteArray("application/json");
        QTest::newRow("providers") << QByteArray("GET") << "/auth/providers" << QByteArray("application/json");
        QTest::newRow("signin page") << QByteArray("GET") << "/auth/signin" << QByteArray("text/html");
        QTest::newRow("error page") << QByteArray("GET") << "/auth/error?error=AccessDenied" << QByteArray("text/html");
        QTest::newRow("signout") << QByteArray("POST") << "/auth/signout" << QByteArray("application/json");
    }
    void untrustedHost()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, contentType);
        Auth auth(referenceConfig(false));
        EngineClient client(auth, QStringLiteral("http://127.0.0.1:9302"));
        AuthRequest r;
        r.method = method;
        r.url = QUrl("http://127.0.0.1:9302" + path);
        Reply reply = client.send(r);
        QCOMPARE(reply.response.status, 500);
        QCOMPARE(reply.response.header("content-type"), contentType);
        QVERIFY(reply.response.cookies.isEmpty());
        if (contentType == "application/json")
            QCOMPARE(reply.response.body, QByteArray("{\"message\":\"There was a problem with the server configuration. Check the server logs for more information.\"}"));
        else
            QVERIFY(reply.response.body.contains("There is a problem with the server configuration."));
    }

    void authUrlMakesHostTrusted()
    {
        Config config = referenceConfig(false);
        config.url = QUrl("https://app.example.test/auth");
        Auth auth(config);
        EngineClient client(auth, QStringLiteral("http://10.0.0.1:8080"));
        Reply r = client.get("/auth/csrf");
        QCOMPARE(r.response.status, 200);
        QCOMPARE(r.cookieNames(), (QStringList{"__Host-authjs.csrf-token", "__Secure-authjs.callback-url"}));
        QCOMPARE(client.cookies.value("__Secure-authjs.callback-url"), QStringLiteral("https://app.example.test"));
    }

    //! Every provider once, its fields in Auth.js's order, also when its id is a field name or
    //! its name needs escaping.
    void providersListKeepsOrderAndFields()
    {
        Config config = referenceConfig();
        config.providers[1].id = QStringLiteral("name");
        config.providers[1].name = QStringLiteral("\"Local\" IdP \u00fc");
        Auth auth(config);
        EngineClient client(auth);
        const QByteArray base = "http://127.0.0.1:9300/auth";
        const QByteArray expected =
            "{\"credentials\":{\"id\":\"credentials\",\"name\":\"Credentials\",\"type\":\"credentials\","
            "\"signinUrl\":\"" + base + "/signin/credentials\",\"callbackUrl\":\"" + base + "/callback/credentials\"},"
            "\"name\":{\"id\":\"name\",\"name\":\"\\\"Local\\\" IdP \xc3\xbc\",\"type\":\"oidc\","
            "\"signinUrl\":\"" + base + "/signin/name\",\"callbackUrl\":\"" + base + "/callback/name\"}}";
        QCOMPARE(client.get("/auth/providers").response.body, expected);
    }

    void missingSecretThrows()
    {
        Config config = referenceConfig();
        config.secret.clear();
        try {
            Auth auth(config);
            QFAIL("an engine without a secret was constructed");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), QStringLiteral("MissingSecret"));
        }
    }

    void invalidConfigNamesEveryProblem()
    {
        Config config = referenceConfig();
        config.basePath = QStringLiteral("auth/");
        config.providers[1].id = QStringLiteral("credentials");
        config.providers[0].authorize = nullptr;
        try {
            Auth auth(config);
            QFAIL("an invalid configuration was accepted");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), QStringLiteral("InvalidConfiguration"));
            QVERIFY2(e.message().contains("basePath:"), qPrintable(e.message()));
            QVERIFY2(e.message().contains("providers[1].id:"), qPrintable(e.message()));
            QVERIFY2(e.message().contains("providers[0].authorize:"), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
