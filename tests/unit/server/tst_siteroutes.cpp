// SiteRoutes in-process: what gatehouse-server answers outside the auth base path.
#include "liveengine.h"
#include "siteroutes.h"

#include <gatehouse/config.h>

#include <QTest>

using namespace Gatehouse;

namespace {

Config configWith(const QString &basePath)
{
    Config config;
    config.secret = {QStringLiteral("a-secret-that-is-long-enough-for-the-tests-0123")};
    config.basePath = basePath;
    config.trustHost = true;
    return config;
}

AuthRequest requestFor(const QByteArray &method, const QString &path, const QByteArray &language = {},
                       const QByteArray &accept = "text/html,application/xhtml+xml,*/*;q=0.8")
{
    AuthRequest request;
    request.method = method;
    request.url = QUrl(QStringLiteral("http://127.0.0.1:3000") + path);
    request.headers.append({QByteArrayLiteral("host"), QByteArrayLiteral("127.0.0.1:3000")});
    if (!accept.isEmpty())
        request.headers.append({QByteArrayLiteral("accept"), accept});
    if (!language.isEmpty())
        request.headers.append({QByteArrayLiteral("accept-language"), language});
    return request;
}

} // namespace

class TestSiteRoutes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void routes_data()
    {
        QTest::addColumn<QString>("basePath");
        QTest::addColumn<QString>("home");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("location");  // or, for the engine, "engine"

        const QByteArray engine("engine");
        QTest::newRow("root to the account page") << "/auth" << "" << QByteArray("GET") << "/" << 302 << QByteArray("/auth/account");
        QTest::newRow("HEAD of the root") << "/auth" << "" << QByteArray("HEAD") << "/" << 302 << QByteArray("/auth/account");
        QTest::newRow("another base path") << "/api/auth" << "" << QByteArray("GET") << "/" << 302 << QByteArray("/api/auth/account");
        QTest::newRow("home elsewhere") << "/auth" << "https://app.example.test/start" << QByteArray("GET") << "/" << 302
                                        << QByteArray("https://app.example.test/start");
        QTest::newRow("home a path") << "/auth" << "/app/" << QByteArray("GET") << "/" << 302 << QByteArray("/app/");
        QTest::newRow("POST to the root") << "/auth" << "" << QByteArray("POST") << "/" << 404 << QByteArray();
        QTest::newRow("unknown path") << "/auth" << "" << QByteArray("GET") << "/wp-login.php" << 404 << QByteArray();
        QTest::newRow("a prefix of the base path") << "/auth" << "" << QByteArray("GET") << "/authx" << 404 << QByteArray();
        QTest::newRow("under the base path") << "/auth" << "" << QByteArray("GET") << "/auth/nothing" << 0 << engine;
        QTest::newRow("the base path itself") << "/auth" << "" << QByteArray("GET") << "/auth" << 0 << engine;
        QTest::newRow("base path /: the engine owns all") << "/" << "" << QByteArray("GET") << "/" << 0 << engine;
    }

    void routes()
    {
        QFETCH(QString, basePath);
        QFETCH(QString, home);
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        QFETCH(QByteArray, location);

        const LiveEngine engine{Auth(configWith(basePath))};
        bool passedOn = false;
        const SiteRoutes site(engine, home, [&passedOn](const AuthRequest &) {
            passedOn = true;
            AuthResponse response;
            response.status = 299;
            return QtFuture::makeReadyFuture(response);
        });
        const AuthResponse response = site.handle(requestFor(method, path)).result();
        if (location == "engine") {
            QVERIFY(passedOn);
            QCOMPARE(response.status, 299);
            return;
        }
        QVERIFY(!passedOn);
        QCOMPARE(response.status, status);
        QCOMPARE(response.header("location"), location);
        if (status == 404) {
            QVERIFY(response.header("content-type").startsWith("text/html"));
            QVERIFY(response.header("content-security-policy").contains("frame-ancestors 'none'"));
            QVERIFY(response.body.contains("Page not found"));
            QVERIFY(response.body.contains("http://127.0.0.1:3000"));  // a way back to the site
        }
    }

    void homeFollowsThePagesAccountOption()
    {
        Config config = configWith(QStringLiteral("/auth"));
        QCOMPARE(SiteRoutes::homeUrl({}, config), QStringLiteral("/auth/account"));
        QCOMPARE(SiteRoutes::homeUrl(QStringLiteral("/app"), config), QStringLiteral("/app"));
        config.pages.account = QStringLiteral("/me");
        QCOMPARE(SiteRoutes::homeUrl({}, config), QStringLiteral("/me"));
        config.pages.account = QStringLiteral("https://app.example.test/profile");
        QCOMPARE(SiteRoutes::homeUrl({}, config), QStringLiteral("https://app.example.test/profile"));
        config.pages.account.clear();
        config.pages.accountPage = false;   // no account page: the sign-in page
        QCOMPARE(SiteRoutes::homeUrl({}, config), QStringLiteral("/auth/signin"));
        const LiveEngine engine{Auth(config)};
        const SiteRoutes site(engine, {}, [](const AuthRequest &) { return QtFuture::makeReadyFuture(AuthResponse()); });
        QCOMPARE(site.handle(requestFor("GET", QStringLiteral("/"))).result().header("location"), QByteArray("/auth/signin"));
    }

    void programsGetTheEnginesAnswer()
    {
        // Without text/html in Accept: Auth.js's 400 from the engine, as its transcript has it.
        const LiveEngine engine{Auth(configWith(QStringLiteral("/auth")))};
        const SiteRoutes site(engine, {}, [&engine](const AuthRequest &request) { return engine.handle(request); });
        for (const QByteArray &accept : {QByteArray(), QByteArray("*/*"), QByteArray("application/json")}) {
            const AuthResponse response = site.handle(requestFor("GET", QStringLiteral("/other"), {}, accept)).result();
            QCOMPARE(response.status, 400);
            QCOMPARE(response.body, QByteArray("\"Bad request.\""));
        }
        // The root redirects whatever the client accepts.
        QCOMPARE(site.handle(requestFor("GET", QStringLiteral("/"), {}, "*/*")).result().status, 302);
    }

    void notFoundInTheVisitorsLanguage()
    {
        const LiveEngine engine{Auth(configWith(QStringLiteral("/auth")))};
        const SiteRoutes site(engine, {}, [](const AuthRequest &) { return QtFuture::makeReadyFuture(AuthResponse()); });
        const AuthResponse response = site.handle(requestFor("GET", QStringLiteral("/x"), "de-DE,de;q=0.9")).result();
        QCOMPARE(response.status, 404);
        QVERIFY(response.body.contains("Seite nicht gefunden"));
    }

    void notFoundForAnUntrustedHostNamesNoSite()
    {
        Config config = configWith(QStringLiteral("/auth"));
        config.trustHost = false;
        const LiveEngine engine{Auth(config)};
        const SiteRoutes site(engine, {}, [](const AuthRequest &) { return QtFuture::makeReadyFuture(AuthResponse()); });
        const AuthResponse response = site.handle(requestFor("GET", QStringLiteral("/x"))).result();
        QCOMPARE(response.status, 404);
        QVERIFY(!response.body.contains("127.0.0.1"));
    }
};

QTEST_GUILESS_MAIN(TestSiteRoutes)
#include "tst_siteroutes.moc"
