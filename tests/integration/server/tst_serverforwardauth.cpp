// Forward authentication through gatehouse-server as a reverse proxy would use it: the
// proxy's sub-requests to authz/auth-request (nginx), authz/forward-auth (Traefik, Caddy) and
// authz/oauth2-proxy (oauth2-proxy's /oauth2/auth)
// with the original request in X-Original-* or X-Forwarded-* headers, for JWT and database
// sessions; every answer (200 + identity, 401/302 to sign-in, 403, 400), hostile original
// URLs and spoofed identity headers.
#include "serverharness.h"

#include <gatehouse/sqladapter.h>

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace Gatehouse::Testing;

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

// bob's name and groups are hostile: a header injection and a group with a comma.
QByteArray callbacksScript()
{
    return groupsCallbacksScript(QJsonObject{
        {"alice", QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"},
                              {"groups", QJsonArray{"admins", "staff"}}}},
        {"bob", QJsonObject{{"id", "2"}, {"name", "Bob\r\nRemote-User: alice@example.test"}, {"email", "bob@example.test"},
                            {"groups", QJsonArray{"staff", "admins,x"}}}},
    });
}

QJsonObject accessRules()
{
    const auto rule = [](const QJsonObject &r) { return r; };
    return QJsonObject{
        {"default", "deny"},
        {"rules", QJsonArray{
            rule({{"hosts", QJsonArray{"app.example.test"}}, {"paths", QJsonArray{"/public/*"}}, {"methods", QJsonArray{"GET"}}, {"policy", "bypass"}}),
            rule({{"hosts", QJsonArray{"admin.example.test"}}, {"policy", QJsonObject{{"groups", QJsonArray{"admins"}}}}}),
            rule({{"hosts", QJsonArray{"*.example.test", "partner.other.test"}}, {"policy", "signed-in"}}),
        }},
    };
}

// (No raw string literal with URLs: moc would take the "//" for a comment.)
QByteArray jwtConfig(qint64 updateAge = 86400)
{
    QJsonObject config{{"url", "http://auth.example.test/auth"},
                       {"session", QJsonObject{{"strategy", "jwt"}, {"updateAge", updateAge}}},
                       {"callbacksScript", "callbacks.js"},
                       {"callbacks", QJsonObject{{"jwt", "jwt"}}},
                       {"redirectDomains", QJsonArray{".example.test"}},
                       {"access", accessRules()},
                       {"providers", QJsonArray{scriptCredentialsProvider()}}};
    return QJsonDocument(config).toJson();
}

QByteArray databaseConfig(const QString &databaseFile, qint64 updateAge, const QString &strategy = QStringLiteral("database"),
                          const QJsonObject &groups = {})
{
    QJsonObject provider{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"}, {"authorize", "builtin"}};
    QJsonObject access = accessRules();
    if (!groups.isEmpty())
        access.insert("groups", groups);
    QJsonObject config{{"url", "http://auth.example.test/auth"},
                       {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + databaseFile}}},
                       {"session", QJsonObject{{"strategy", strategy}, {"updateAge", updateAge}}},
                       {"redirectDomains", QJsonArray{".example.test"}},
                       {"access", access},
                       {"providers", QJsonArray{provider}}};
    return QJsonDocument(config).toJson();
}

//! `gatehouse-server user groups ACTION EMAIL GROUP` on the database of \a config.
CommandResult groupsCommand(const QString &config, const QString &action, const QString &email, const QString &group)
{
    return runServerCommand({QStringLiteral("user"), QStringLiteral("groups"), action, email, group,
                             QStringLiteral("--config"), config});
}

struct Answer
{
    int status = 0;
    QByteArray body;
    Headers headers;     //!< lower-case names
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key == name)
                return value;
        }
        return {};
    }
    bool has(const QByteArray &name) const
    {
        return std::any_of(headers.begin(), headers.end(), [&name](const auto &h) { return h.first == name; });
    }
};

//! The proxy's side: sub-requests with the original request's headers and the client's cookies.
class Proxy
{
public:
    explicit Proxy(QString baseUrl) : m_base(std::move(baseUrl)) {}

    Answer ask(const QString &endpoint, const Headers &headers, const QString &cookie = {}, const QByteArray &verb = "GET")
    {
        QNetworkRequest request(QUrl(m_base + QStringLiteral("/auth/authz/") + endpoint));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        if (!cookie.isEmpty())
            request.setRawHeader("Cookie", cookie.toUtf8());
        QNetworkReply *reply = verb == "HEAD" ? m_nam.head(request) : m_nam.sendCustomRequest(request, verb);
        waitForReply(reply);
        Answer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        for (const auto &[name, value] : reply->rawHeaderPairs())
            answer.headers.append({name.toLower(), value});
        reply->deleteLater();
        return answer;
    }
    //! nginx: auth_request with X-Original-Method and X-Original-URL.
    Answer nginx(const QByteArray &url, const QString &cookie = {}, const QByteArray &method = "GET", const Headers &extra = {})
    {
        return ask(QStringLiteral("auth-request"), Headers{{"X-Original-Method", method}, {"X-Original-URL", url}} + extra, cookie);
    }

private:
    QString m_base;
    QNetworkAccessManager m_nam;
};

QString cookieHeader(const Browser &browser)
{
    QStringList pairs;
    for (const QNetworkCookie &c : browser.cookies())
        pairs.append(QString::fromUtf8(c.name() + '=' + c.value()));
    return pairs.join(QStringLiteral("; "));
}

QString signInLocation(const QString &callback)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("callbackUrl"), QString::fromLatin1(QUrl::toPercentEncoding(callback)));
    return QStringLiteral("http://auth.example.test/auth/signin?") + query.toString(QUrl::FullyEncoded);
}

} // namespace

class TestServerForwardAuth : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QString m_alice;  //!< Cookie header of alice's JWT session
    QString m_bob;

    QString signIn(const QString &baseUrl, const QString &username, QString *location = nullptr,
                   const QString &callbackUrl = {})
    {
        Browser browser(baseUrl);
        QList<std::pair<QString, QString>> fields{{QStringLiteral("username"), username}, {QStringLiteral("password"), QStringLiteral("good-password")}};
        if (!callbackUrl.isEmpty())
            fields.append({QStringLiteral("callbackUrl"), callbackUrl});
        const QString to = browser.signIn(QStringLiteral("credentials"), fields);
        if (location)
            *location = to;
        return cookieHeader(browser);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(replaceFile(m_dir.filePath(QStringLiteral("callbacks.js")), callbacksScript()));
        QVERIFY(replaceFile(m_dir.filePath(QStringLiteral("gatehouse.json")), jwtConfig()));
        const CommandResult check = runServerCommand({QStringLiteral("check-config"), QStringLiteral("--config"), m_dir.filePath(QStringLiteral("gatehouse.json"))});
        QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
        QVERIFY2(m_server.start(m_dir.filePath(QStringLiteral("gatehouse.json")), m_dir.path()), qPrintable(m_server.log()));
        m_alice = signIn(m_server.baseUrl(), QStringLiteral("alice"));
        m_bob = signIn(m_server.baseUrl(), QStringLiteral("bob"));
        QVERIFY2(m_alice.contains(QLatin1String("authjs.session-token=")), qPrintable(m_alice));
        QVERIFY2(m_bob.contains(QLatin1String("authjs.session-token=")), qPrintable(m_bob));
    }

    void notSignedInNginxGets401WithLocation()
    {
        Proxy proxy(m_server.baseUrl());
        const Answer a = proxy.nginx("http://app.example.test/private/report?year=2026");
        QCOMPARE(a.status, 401);
        QCOMPARE(QString::fromUtf8(a.header("location")), signInLocation(QStringLiteral("http://app.example.test/private/report?year=2026")));
        // No work a session read does not need: no CSRF or callback-url cookie, no identity.
        QVERIFY(!a.has("set-cookie"));
        QVERIFY(!a.has("remote-user"));
    }

    void notSignedInTraefikGets302()
    {
        Proxy proxy(m_server.baseUrl());
        const Answer a = proxy.ask(QStringLiteral("forward-auth"), {{"X-Forwarded-Method", "GET"}, {"X-Forwarded-Proto", "http"},
                                                                   {"X-Forwarded-Host", "files.example.test"}, {"X-Forwarded-Uri", "/a/b"}});
        QCOMPARE(a.status, 302);
        QCOMPARE(QString::fromUtf8(a.header("location")), signInLocation(QStringLiteral("http://files.example.test/a/b")));
        QVERIFY(!a.has("set-cookie"));
    }

    void signedInGets200WithIdentity()
    {
        Proxy proxy(m_server.baseUrl());
        const Answer a = proxy.nginx("http://app.example.test/private", m_alice);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.header("remote-user"), QByteArray("alice@example.test"));
        QCOMPARE(a.header("remote-email"), QByteArray("alice@example.test"));
        QCOMPARE(a.header("remote-name"), QByteArray("Alice"));
        QCOMPARE(a.header("remote-groups"), QByteArray("admins,staff"));
        QCOMPARE(a.header("x-auth-request-user"), QByteArray("alice@example.test"));
        QCOMPARE(a.header("x-auth-request-email"), QByteArray("alice@example.test"));
        QCOMPARE(a.header("x-auth-request-groups"), QByteArray("admins,staff"));
        QVERIFY(!a.has("set-cookie"));  // the JWT is fresh: not rolled
        const Answer traefik = proxy.ask(QStringLiteral("forward-auth"), {{"X-Forwarded-Host", "files.example.test"}, {"X-Forwarded-Uri", "/"}}, m_alice);
        QCOMPARE(traefik.status, 200);
        QCOMPARE(traefik.header("remote-user"), QByteArray("alice@example.test"));
    }

    void groupsDecide()
    {
        Proxy proxy(m_server.baseUrl());
        QCOMPARE(proxy.nginx("https://admin.example.test/", m_alice).status, 200);
        const Answer bob = proxy.nginx("https://admin.example.test/", m_bob);
        QCOMPARE(bob.status, 403);
        QVERIFY(!bob.has("remote-user"));
        QVERIFY(!bob.has("location"));
        const Answer traefik = proxy.ask(QStringLiteral("forward-auth"), {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "admin.example.test"}}, m_bob);
        QCOMPARE(traefik.status, 403);
        QCOMPARE(traefik.body, QByteArray("Forbidden"));  // a program gets the plain word
    }

    // Traefik and Caddy pass the 403's body to the client: a browser gets a page saying who is
    // signed in and where they may not go, and a way to sign in as someone else.
    void aBrowserKeptOutSeesWhoAndWhere()
    {
        Proxy proxy(m_server.baseUrl());
        const Headers browser{{"X-Forwarded-Proto", "http"}, {"X-Forwarded-Host", "admin.example.test"},
                              {"X-Forwarded-Uri", "/reports?year=2026"},
                              {"Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}};
        const Answer page = proxy.ask(QStringLiteral("forward-auth"), browser, m_bob);
        QCOMPARE(page.status, 403);
        QVERIFY(page.header("content-type").startsWith("text/html"));
        QCOMPARE(page.header("cache-control"), QByteArray("no-store"));
        QVERIFY(page.has("content-security-policy"));
        QVERIFY(!page.has("remote-user"));
        const QString html = QString::fromUtf8(page.body);
        QVERIFY2(html.contains(QLatin1String("<h1>Access Denied</h1>")), qPrintable(html));
        QVERIFY(html.contains(QLatin1String("You are signed in as bob@example.test, who may not open admin.example.test.")));
        const QString back = signInLocation(QStringLiteral("http://admin.example.test/reports?year=2026"));
        QVERIFY2(html.contains(QStringLiteral("href=\"%1\">Sign in as someone else</a>").arg(back)), qPrintable(html));
        // In the person's language.
        const Answer german = proxy.ask(QStringLiteral("forward-auth"), browser + Headers{{"Accept-Language", "de-DE,de;q=0.9"}}, m_bob);
        QVERIFY(QString::fromUtf8(german.body).contains(
            QStringLiteral("Sie sind als bob@example.test angemeldet und dürfen admin.example.test nicht öffnen.")));
        // nginx shows its own page for a 403, and oauth2-proxy's contract is nginx's too.
        const Answer nginx = proxy.nginx("http://admin.example.test/", m_bob, "GET", {{"Accept", "text/html"}});
        QCOMPARE(nginx.status, 403);
        QCOMPARE(nginx.body, QByteArray());
        // Nobody signed in is sent to sign in, page or not.
        QCOMPARE(proxy.ask(QStringLiteral("forward-auth"), browser).status, 302);
        // A host no rule opens (the default, deny) is closed to everyone: the page says so,
        // signed in or not, with no sign-in that would help; a program still gets the word.
        const Headers closedSite{{"X-Forwarded-Proto", "http"}, {"X-Forwarded-Host", "example.test"},
                                 {"X-Forwarded-Uri", "/"}, {"Accept", "text/html"}};
        for (const QString &cookie : {QString(), m_alice}) {
            const Answer closed = proxy.ask(QStringLiteral("forward-auth"), closedSite, cookie);
            QCOMPARE(closed.status, 403);
            QVERIFY(closed.header("content-type").startsWith("text/html"));
            const QString closedHtml = QString::fromUtf8(closed.body);
            QVERIFY2(closedHtml.contains(QLatin1String("<p>No one may open example.test.</p>")), qPrintable(closedHtml));
            QVERIFY(!closedHtml.contains(QLatin1String("/auth/signin")));
            QVERIFY(!closed.has("remote-user"));
        }
        const Answer closedForAProgram = proxy.ask(QStringLiteral("forward-auth"),
                                                   {{"X-Forwarded-Host", "example.test"}, {"X-Forwarded-Uri", "/"}}, m_alice);
        QCOMPARE(closedForAProgram.status, 403);
        QCOMPARE(closedForAProgram.body, QByteArray("Forbidden"));
    }

    void identityValuesAreSafe()
    {
        Proxy proxy(m_server.baseUrl());
        const Answer a = proxy.nginx("http://app.example.test/", m_bob);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.header("remote-user"), QByteArray("bob@example.test"));
        // The CR LF of the name is gone (no second Remote-User); "admins,x" is left out, not split.
        QCOMPARE(a.header("remote-name"), QByteArray("BobRemote-User: alice@example.test"));
        QCOMPARE(a.header("remote-groups"), QByteArray("staff"));
        int remoteUsers = 0;
        for (const auto &h : a.headers)
            remoteUsers += h.first == "remote-user";
        QCOMPARE(remoteUsers, 1);
    }

    void spoofedIdentityHeadersChangeNothing()
    {
        Proxy proxy(m_server.baseUrl());
        const Headers spoofed{{"Remote-User", "alice@example.test"}, {"Remote-Groups", "admins"},
                              {"X-Auth-Request-User", "alice@example.test"}, {"X-Forwarded-User", "alice@example.test"}};
        // Anonymous with alice's identity claimed: still not signed in.
        const Answer anonymous = proxy.nginx("http://app.example.test/private", {}, "GET", spoofed);
        QCOMPARE(anonymous.status, 401);
        QVERIFY(!anonymous.has("remote-user"));
        // bob claiming to be alice in the admins group: bob, denied.
        QCOMPARE(proxy.nginx("http://admin.example.test/", m_bob, "GET", spoofed).status, 403);
        const Answer asBob = proxy.nginx("http://app.example.test/", m_bob, "GET", spoofed);
        QCOMPARE(asBob.status, 200);
        QCOMPARE(asBob.header("remote-user"), QByteArray("bob@example.test"));
        QCOMPARE(asBob.header("remote-groups"), QByteArray("staff"));
    }

    void bypassAndDefault()
    {
        Proxy proxy(m_server.baseUrl());
        const Answer open = proxy.nginx("http://app.example.test/public/logo.png");
        QCOMPARE(open.status, 200);
        // Sent empty (QNetworkReply drops empty fields; tst_caddyforwardauth sees them arrive).
        QCOMPARE(open.header("remote-user"), QByteArray());
        QCOMPARE(proxy.nginx("http://app.example.test/public/form", {}, "POST").status, 401);  // bypass is GET only
        QCOMPARE(proxy.nginx("http://app.example.test/public/../private").status, 401);
        QCOMPARE(proxy.nginx("http://app.example.test/public/%2e%2e/private").status, 401);
        // No rule for the host: the default, deny, even signed in.
        QCOMPARE(proxy.nginx("http://example.test/", m_alice).status, 403);
        QCOMPARE(proxy.nginx("http://unrelated.test/").status, 403);
    }

    // A path servers may read in more than one way (lib/src/access/README.md) meets no path
    // rule: every endpoint answers 403, signed in or not, the way nginx (X-Original-URL) and
    // Traefik (X-Forwarded-Uri) send it; a path inside the bypass under every reading stays open.
    void ambiguousPathsAreRefusedEverywhere_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<int>("anonymous");  // 200: bypassed (202 from oauth2-proxy's contract)
        for (const char *path : {"/public/..;/private", "/public/%2e%2e;/private", "/public/..%3b/private", "/public;x/a.css",
                                 "/public/%252e%252e/private", "/public/..%2fprivate", "/public/..%5cprivate",
                                 "/public/a.css%00/../../private", "/public/%c0%ae%c0%ae/private", "/public/%2E%2e;/private"})
            QTest::newRow(path) << QByteArray(path) << 403;
        QTest::newRow("/public/a.css") << QByteArray("/public/a.css") << 200;
        QTest::newRow("/public/x%20y.css") << QByteArray("/public/x%20y.css") << 200;
        QTest::newRow("/public/a.css;jsessionid=x") << QByteArray("/public/a.css;jsessionid=x") << 200;
    }
    void ambiguousPathsAreRefusedEverywhere()
    {
        QFETCH(QByteArray, path);
        QFETCH(int, anonymous);
        Proxy proxy(m_server.baseUrl());
        const Headers traefik{{"X-Forwarded-Proto", "http"}, {"X-Forwarded-Host", "app.example.test"}, {"X-Forwarded-Uri", path}};
        const Headers nginx{{"X-Original-URL", "http://app.example.test" + path}};
        for (const QString &cookie : {QString(), m_alice}) {
            const int expected = anonymous == 200 && !cookie.isEmpty() ? 200 : anonymous;
            QCOMPARE(proxy.ask(QStringLiteral("auth-request"), nginx, cookie).status, expected);
            QCOMPARE(proxy.ask(QStringLiteral("auth-request"), traefik, cookie).status, expected);
            QCOMPARE(proxy.ask(QStringLiteral("forward-auth"), traefik, cookie).status, expected);
            QCOMPARE(proxy.ask(QStringLiteral("forward-auth"), nginx, cookie).status, expected);
            const Answer oauth2 = proxy.ask(QStringLiteral("oauth2-proxy"), nginx, cookie);
            QCOMPARE(oauth2.status, expected == 200 ? 202 : expected);
            QVERIFY(!oauth2.has("location"));
        }
    }

    void anyMethodIsAccepted()
    {
        Proxy proxy(m_server.baseUrl());
        const Headers original{{"X-Original-URL", "http://app.example.test/"}};
        for (const QByteArray verb : {"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"})
            QCOMPARE(proxy.ask(QStringLiteral("auth-request"), original, m_alice, verb).status, 200);
        QCOMPARE(proxy.ask(QStringLiteral("auth-request"), original, m_alice, "HEAD").status, 200);
        // The sub-request's own method stands for the original one when none is named.
        QCOMPARE(proxy.ask(QStringLiteral("auth-request"), {{"X-Original-URL", "http://app.example.test/public/x"}}, {}, "POST").status, 401);
        QCOMPARE(proxy.ask(QStringLiteral("auth-request"), {{"X-Original-URL", "http://app.example.test/public/x"}}, {}, "GET").status, 200);
    }

    void hostileOriginalUrls()
    {
        Proxy proxy(m_server.baseUrl());
        // Not under redirectDomains: the sign-in page returns to Gatehouse's origin, not there.
        const Answer partner = proxy.nginx("http://partner.other.test/x");
        QCOMPARE(partner.status, 401);
        QCOMPARE(QString::fromUtf8(partner.header("location")), signInLocation(QStringLiteral("http://auth.example.test")));
        // Unusable originals: a proxy misconfiguration or an attack, never a redirect.
        for (const QByteArray url : {QByteArray("javascript:alert(1)"), QByteArray("/relative"),
                                     QByteArray("http://app.example.test@evil.test/"), QByteArray("http://evil.test\\@app.example.test/")}) {
            const Answer a = proxy.nginx(url);
            QVERIFY2(a.status == 400, url.constData());
            QVERIFY(!a.has("location"));
        }
        QCOMPARE(proxy.ask(QStringLiteral("auth-request"), {}).status, 400);
        QCOMPARE(proxy.ask(QStringLiteral("forward-auth"), {{"X-Forwarded-Host", "evil.test/x@app.example.test"}}).status, 400);
        // A host that only ends like a protected one.
        QCOMPARE(proxy.nginx("http://evilexample.test/").status, 403);
        QCOMPARE(proxy.nginx("http://app.example.test.evil.test/").status, 403);
    }

    // nginx's auth_request never reads the sub-request's body, and closes an upstream connection
    // whose body it left unread: the nginx endpoints answer with none (Content-Length: 0), so
    // the connection goes back to nginx's keepalive pool. forward-auth keeps the bodies Traefik
    // and Caddy pass to the client.
    void bodiesOnlyWhereSomeoneReadsThem_data()
    {
        QTest::addColumn<QString>("endpoint");
        QTest::addColumn<QByteArray>("url");
        QTest::addColumn<QString>("who");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        const QString nginx = QStringLiteral("auth-request");
        const QString oauth2Proxy = QStringLiteral("oauth2-proxy");
        const QString traefik = QStringLiteral("forward-auth");
        QTest::newRow("nginx, allowed") << nginx << QByteArray("http://app.example.test/") << "alice" << 200 << QByteArray();
        QTest::newRow("nginx, bypass") << nginx << QByteArray("http://app.example.test/public/a.png") << "" << 200 << QByteArray();
        QTest::newRow("nginx, sign in") << nginx << QByteArray("http://app.example.test/") << "" << 401 << QByteArray();
        QTest::newRow("nginx, kept out") << nginx << QByteArray("https://admin.example.test/") << "bob" << 403 << QByteArray();
        QTest::newRow("nginx, closed site") << nginx << QByteArray("http://example.test/") << "" << 403 << QByteArray();
        QTest::newRow("oauth2-proxy, allowed") << oauth2Proxy << QByteArray("http://app.example.test/") << "alice" << 202 << QByteArray();
        QTest::newRow("oauth2-proxy, sign in") << oauth2Proxy << QByteArray("http://app.example.test/") << "" << 401 << QByteArray();
        QTest::newRow("oauth2-proxy, kept out") << oauth2Proxy << QByteArray("https://admin.example.test/") << "bob" << 403 << QByteArray();
        QTest::newRow("forward-auth, allowed") << traefik << QByteArray("http://app.example.test/") << "alice" << 200 << QByteArray();
        QTest::newRow("forward-auth, sign in") << traefik << QByteArray("http://app.example.test/") << "" << 302 << QByteArray("Found");
        QTest::newRow("forward-auth, kept out") << traefik << QByteArray("https://admin.example.test/") << "bob" << 403 << QByteArray("Forbidden");
        // A proxy's mistake is worth reading, whoever reads it.
        QTest::newRow("nginx, no original URL") << nginx << QByteArray() << "alice" << 400
                                                << QByteArray("No original URL: the proxy must send X-Original-URL or X-Forwarded-Host");
    }

    void bodiesOnlyWhereSomeoneReadsThem()
    {
        QFETCH(QString, endpoint);
        QFETCH(QByteArray, url);
        QFETCH(QString, who);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        Proxy proxy(m_server.baseUrl());
        Headers original{{"X-Original-Method", "GET"}};
        if (!url.isEmpty())
            original.append({"X-Original-URL", url});
        const QString cookie = who == QLatin1String("alice") ? m_alice : who == QLatin1String("bob") ? m_bob : QString();
        const Answer a = proxy.ask(endpoint, original, cookie);
        QCOMPARE(a.status, status);
        QCOMPARE(a.body, body);
        QCOMPARE(a.header("content-length"), QByteArray::number(body.size()));
        QCOMPARE(a.has("content-type"), !body.isEmpty());
        QCOMPARE(a.header("connection"), QByteArray());  // kept alive: HTTP/1.1's default
        QCOMPARE(a.header("cache-control"), QByteArray("no-store"));
    }

    // authz/oauth2-proxy: oauth2-proxy's /oauth2/auth. 202 with the identity, 401 without a
    // Location, 403; allowed_groups / allowed_emails narrow what the rules allow.
    void oauth2ProxyContract()
    {
        Proxy proxy(m_server.baseUrl());
        const Headers app{{"X-Original-Method", "GET"}, {"X-Original-URL", "http://app.example.test/private"}};
        const Answer anonymous = proxy.ask(QStringLiteral("oauth2-proxy"), app);
        QCOMPARE(anonymous.status, 401);
        QVERIFY(!anonymous.has("location"));
        QVERIFY(!anonymous.has("set-cookie"));  // no CSRF or callback-url cookie either
        const Answer alice = proxy.ask(QStringLiteral("oauth2-proxy"), app, m_alice);
        QCOMPARE(alice.status, 202);
        QCOMPARE(alice.header("x-auth-request-user"), QByteArray("alice@example.test"));
        QCOMPARE(alice.header("x-auth-request-email"), QByteArray("alice@example.test"));
        QCOMPARE(alice.header("x-auth-request-groups"), QByteArray("admins,staff"));
        QVERIFY(!alice.has("set-cookie"));
        const auto status = [&](const QString &query, const QString &cookie, const Headers &original) {
            return proxy.ask(QStringLiteral("oauth2-proxy") + query, original, cookie).status;
        };
        // allowed_groups: one group in common; allowed_emails: the email (any case); both: both.
        QCOMPARE(status("?allowed_groups=admins", m_alice, app), 202);
        QCOMPARE(status("?allowed_groups=admins", m_bob, app), 403);
        QCOMPARE(status("?allowed_groups=ops,staff", m_bob, app), 202);
        QCOMPARE(status("?allowed_emails=bob@example.test", m_alice, app), 403);
        QCOMPARE(status("?allowed_emails=alice@example.test,BOB%40Example.test", m_bob, app), 202);
        QCOMPARE(status("?allowed_groups=staff&allowed_emails=alice@example.test", m_alice, app), 202);
        QCOMPARE(status("?allowed_groups=staff&allowed_emails=alice@example.test", m_bob, app), 403);
        // "admins,x" is no group: bob cannot pass as a member of "admins" or of "x" through it.
        QCOMPARE(status("?allowed_groups=x", m_bob, app), 403);
        // Not signed in stays 401 with a list.
        QCOMPARE(status("?allowed_groups=admins", {}, app), 401);
        // The lists only narrow: the rules still decide first.
        QCOMPARE(status("?allowed_emails=bob@example.test", m_bob, {{"X-Original-URL", "https://admin.example.test/"}}), 403);
        QCOMPARE(status("?allowed_groups=admins", m_alice, {{"X-Original-URL", "http://unrelated.test/"}}), 403);
        // A bypassed path is open to anyone, unless a list asks for someone.
        const Headers open{{"X-Original-Method", "GET"}, {"X-Original-URL", "http://app.example.test/public/logo.png"}};
        QCOMPARE(status({}, {}, open), 202);
        QCOMPARE(status("?allowed_groups=admins", {}, open), 401);
        QCOMPARE(status("?allowed_groups=admins", m_bob, open), 403);
        QCOMPARE(status("?allowed_groups=admins", m_alice, open), 202);
        // Any method; no original URL is the proxy's mistake.
        QCOMPARE(proxy.ask(QStringLiteral("oauth2-proxy"), app, m_alice, "POST").status, 202);
        QCOMPARE(proxy.ask(QStringLiteral("oauth2-proxy"), {}, m_alice).status, 400);
    }

    void signInComesBackToTheApp()
    {
        // What the sign-in page does with the callbackUrl of the 401's Location: the app's URL
        // passes (redirectDomains), another site's does not.
        QString location;
        signIn(m_server.baseUrl(), QStringLiteral("alice"), &location, QStringLiteral("http://app.example.test/private"));
        QCOMPARE(location, QStringLiteral("http://app.example.test/private"));
        signIn(m_server.baseUrl(), QStringLiteral("alice"), &location, QStringLiteral("http://evil.test/private"));
        QCOMPARE(location, QStringLiteral("http://auth.example.test"));
    }

    void forgedOrSignedOutSessions()
    {
        Proxy proxy(m_server.baseUrl());
        QCOMPARE(proxy.nginx("http://app.example.test/", QStringLiteral("authjs.session-token=forged")).status, 401);
        // alice's token with one character of its ciphertext changed.
        const QString name = QStringLiteral("authjs.session-token=");
        const qsizetype start = m_alice.indexOf(name) + name.size();
        QVERIFY(start >= name.size());
        qsizetype end = m_alice.indexOf(u';', start);
        QString token = m_alice.mid(start, end < 0 ? -1 : end - start);
        const qsizetype middle = token.size() / 2;
        token[middle] = token[middle] == u'A' ? u'B' : u'A';
        QCOMPARE(proxy.nginx("http://app.example.test/", name + token).status, 401);
        QCOMPARE(proxy.nginx("http://app.example.test/", m_alice).status, 200);
    }

    void jwtRolledOncePerUpdateAge()
    {
        // updateAge 0: every check re-issues the token, and the answer carries it; the new
        // token works and still carries the groups.
        const QString config = m_dir.filePath(QStringLiteral("rolling-jwt.json"));
        QVERIFY(replaceFile(config, jwtConfig(0)));
        ServerUnderTest server;
        QVERIFY2(server.start(config, m_dir.path()), qPrintable(server.log()));
        Proxy proxy(server.baseUrl());
        const Answer a = proxy.nginx("http://admin.example.test/", m_alice);
        QCOMPARE(a.status, 200);
        const QByteArray cookie = a.header("set-cookie");
        QVERIFY2(cookie.startsWith("authjs.session-token="), cookie.constData());
        const QString rolled = QString::fromLatin1(cookie.left(cookie.indexOf(';')));
        QVERIFY(!m_alice.contains(rolled));
        const Answer again = proxy.nginx("http://admin.example.test/", rolled);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.header("remote-groups"), QByteArray("admins,staff"));
        // A denied request rolls too: the session is as valid as before.
        QVERIFY(proxy.nginx("http://admin.example.test/", m_bob).header("set-cookie").startsWith("authjs.session-token="));
    }

    void databaseSessions()
    {
        const QString config = m_dir.filePath(QStringLiteral("database.json"));
        const QString rolling = m_dir.filePath(QStringLiteral("rolling.json"));
        const QString database = m_dir.filePath(QStringLiteral("gatehouse.db"));
        QVERIFY(replaceFile(config, databaseConfig(database, 86400)));
        QVERIFY(replaceFile(rolling, databaseConfig(database, 0)));
        // check-config compares the rules' groups with the stored ones when it can, and never
        // creates the database to do so.
        const QStringList checkConfig{QStringLiteral("check-config"), QStringLiteral("--config"), config};
        CommandResult r = runServerCommand(checkConfig);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.endsWith(QLatin1String("note: the access rules' groups were not compared with the database: it does not exist yet\n"
                                              "configuration OK\n")), qPrintable(r.out));
        QVERIFY(!QFile::exists(database));
        r = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runServerCommand(checkConfig);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.endsWith(QLatin1String("warning: access.rules[1].policy.groups[0]: no stored user is in the group \"admins\" "
                                              "(gatehouse-server user groups add EMAIL GROUP)\nconfiguration OK\n")), qPrintable(r.out));
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("carol@example.test"),
                              QStringLiteral("--password-stdin"), QStringLiteral("--config"), config}, "good-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        QString carol;
        {
            ServerUnderTest server;
            QVERIFY2(server.start(config, m_dir.path()), qPrintable(server.log()));
            Browser browser(server.baseUrl());
            browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("carol@example.test")},
                                                           {QStringLiteral("password"), QStringLiteral("good-password")}});
            carol = cookieHeader(browser);
            QVERIFY2(carol.contains(QLatin1String("authjs.session-token=")), qPrintable(carol));
            Proxy proxy(server.baseUrl());
            const Answer a = proxy.nginx("http://app.example.test/", carol);
            QCOMPARE(a.status, 200);
            QCOMPARE(a.header("remote-user"), QByteArray("carol@example.test"));
            QCOMPARE(a.header("remote-groups"), QByteArray());  // read only where a rule names groups
            QVERIFY(!a.has("set-cookie"));     // not due for an extension
            QCOMPARE(proxy.nginx("http://admin.example.test/", carol).status, 403);
            // Stored groups decide at once: database sessions read them at each check that needs them.
            r = groupsCommand(config, QStringLiteral("add"), QStringLiteral("carol@example.test"), QStringLiteral("admins"));
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const Answer admin = proxy.nginx("http://admin.example.test/", carol);
            QCOMPARE(admin.status, 200);
            QCOMPARE(admin.header("remote-groups"), QByteArray("admins"));
            QVERIFY(!admin.has("set-cookie"));
            r = runServerCommand(checkConfig);
            QVERIFY2(r.exitCode == 0 && !r.out.contains(QLatin1String("group")), qPrintable(r.out));
            // oauth2-proxy's allowed_groups reads the stored groups too.
            const Headers app{{"X-Original-URL", "http://app.example.test/"}};
            QCOMPARE(proxy.ask(QStringLiteral("oauth2-proxy?allowed_groups=admins"), app, carol).status, 202);
            QCOMPARE(proxy.ask(QStringLiteral("oauth2-proxy?allowed_groups=ops"), app, carol).status, 403);
            QCOMPARE(proxy.nginx("http://app.example.test/", carol).header("remote-groups"), QByteArray());
            r = groupsCommand(config, QStringLiteral("remove"), QStringLiteral("carol@example.test"), QStringLiteral("admins"));
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QCOMPARE(proxy.nginx("http://admin.example.test/", carol).status, 403);
            QCOMPARE(proxy.ask(QStringLiteral("oauth2-proxy?allowed_groups=admins"), app, carol).status, 403);
            // The session JSON keeps Auth.js's shape: no groups unless access.groups.session.
            const QJsonObject user = browser.sessionUser();
            QCOMPARE(user.value(QLatin1String("email")).toString(), QStringLiteral("carol@example.test"));
            QVERIFY2(!user.contains(QLatin1String("groups")), QJsonDocument(user).toJson().constData());
            QCOMPARE(proxy.nginx("http://app.example.test/", QStringLiteral("authjs.session-token=unknown")).status, 401);
            QCOMPARE(proxy.ask(QStringLiteral("forward-auth"), {{"X-Forwarded-Host", "app.example.test"}}).status, 302);
        }
        {
            // updateAge 0: every read extends the session, and the answer carries its cookie.
            ServerUnderTest server;
            QVERIFY2(server.start(rolling, m_dir.path()), qPrintable(server.log()));
            Proxy proxy(server.baseUrl());
            const Answer a = proxy.nginx("http://app.example.test/", carol);
            QCOMPARE(a.status, 200);
            QVERIFY2(a.header("set-cookie").startsWith("authjs.session-token="), a.header("set-cookie").constData());
        }
    }

    void jwtCarriesStoredGroups()
    {
        // JWT sessions with a database: the stored groups go into the token at sign-in; a
        // change reaches the token when its groups are read again, session.updateAge later.
        const QString config = m_dir.filePath(QStringLiteral("jwt-groups.json"));
        const QString rolling = m_dir.filePath(QStringLiteral("jwt-groups-rolling.json"));
        const QString shown = m_dir.filePath(QStringLiteral("jwt-groups-shown.json"));
        const QString database = m_dir.filePath(QStringLiteral("jwt-groups.db"));
        QVERIFY(replaceFile(config, databaseConfig(database, 86400, QStringLiteral("jwt"))));
        QVERIFY(replaceFile(rolling, databaseConfig(database, 0, QStringLiteral("jwt"))));
        QVERIFY(replaceFile(shown, databaseConfig(database, 86400, QStringLiteral("jwt"), QJsonObject{{"session", true}})));
        CommandResult r = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString erin = QStringLiteral("erin@example.test");
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), erin, QStringLiteral("--password-stdin"),
                              QStringLiteral("--config"), config}, "good-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(groupsCommand(config, QStringLiteral("add"), erin, QStringLiteral("admins")).exitCode, 0);
        QCOMPARE(groupsCommand(config, QStringLiteral("add"), erin, QStringLiteral("staff")).exitCode, 0);
        const auto signInErin = [&erin](Browser &browser) {
            browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), erin},
                                                           {QStringLiteral("password"), QStringLiteral("good-password")}});
            return cookieHeader(browser);
        };

        QString session;
        {
            ServerUnderTest server;
            QVERIFY2(server.start(config, m_dir.path()), qPrintable(server.log()));
            Browser browser(server.baseUrl());
            session = signInErin(browser);
            Proxy proxy(server.baseUrl());
            const Answer a = proxy.nginx("http://admin.example.test/", session);
            QCOMPARE(a.status, 200);
            QCOMPARE(a.header("remote-groups"), QByteArray("admins,staff"));
            QVERIFY(!a.has("set-cookie"));
            // Every host sees them (they are in the token), and the session JSON does not.
            QCOMPARE(proxy.nginx("http://app.example.test/", session).header("remote-groups"), QByteArray("admins,staff"));
            const QJsonObject user = browser.sessionUser();
            QCOMPARE(user.value(QLatin1String("email")).toString(), erin);
            QVERIFY2(!user.contains(QLatin1String("groups")), QJsonDocument(user).toJson().constData());
            // Removed: the token still carries the group until it is read again.
            QCOMPARE(groupsCommand(config, QStringLiteral("remove"), erin, QStringLiteral("admins")).exitCode, 0);
            QCOMPARE(proxy.nginx("http://admin.example.test/", session).status, 200);
        }
        {
            // updateAge 0: the groups are read again at each check; the token is re-issued with them.
            ServerUnderTest server;
            QVERIFY2(server.start(rolling, m_dir.path()), qPrintable(server.log()));
            Proxy proxy(server.baseUrl());
            const Answer denied = proxy.nginx("http://admin.example.test/", session);
            QCOMPARE(denied.status, 403);
            const Answer app = proxy.nginx("http://app.example.test/", session);
            QCOMPARE(app.status, 200);
            QCOMPARE(app.header("remote-groups"), QByteArray("staff"));
            QVERIFY2(app.header("set-cookie").startsWith("authjs.session-token="), app.header("set-cookie").constData());
        }
        {
            // access.groups.session: the session JSON shows them.
            ServerUnderTest server;
            QVERIFY2(server.start(shown, m_dir.path()), qPrintable(server.log()));
            Browser browser(server.baseUrl());
            signInErin(browser);
            QCOMPARE(browser.sessionUser().value(QLatin1String("groups")).toArray(), QJsonArray{"staff"});
        }
    }

    void jwtSignedOutEverywhereIsSignedOut()
    {
        // JWT sessions with a database: "sign out everywhere" on the account page ends the
        // session for the protected apps too, as for the session endpoint.
        const QString config = m_dir.filePath(QStringLiteral("jwt-database.json"));
        const QString database = m_dir.filePath(QStringLiteral("jwt.db"));
        QVERIFY(replaceFile(config, databaseConfig(database, 86400, QStringLiteral("jwt"))));
        CommandResult r = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("dave@example.test"),
                              QStringLiteral("--password-stdin"), QStringLiteral("--config"), config}, "good-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        ServerUnderTest server;
        QVERIFY2(server.start(config, m_dir.path()), qPrintable(server.log()));
        const auto signInDave = [&server](Browser &browser) {
            browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("dave@example.test")},
                                                           {QStringLiteral("password"), QStringLiteral("good-password")}});
            return cookieHeader(browser);
        };
        Browser laptop(server.baseUrl());
        Browser phone(server.baseUrl());
        const QString onLaptop = signInDave(laptop);
        const QString onPhone = signInDave(phone);
        Proxy proxy(server.baseUrl());
        QCOMPARE(proxy.nginx("http://app.example.test/", onLaptop).status, 200);
        QCOMPARE(proxy.nginx("http://app.example.test/", onPhone).status, 200);

        QTest::qWait(1100);  // a token's iat has whole seconds: the "not before" must be later
        QCOMPARE(laptop.postForm(QStringLiteral("/auth/account"), {{QStringLiteral("action"), QStringLiteral("endAll")}}), 302);
        QCOMPARE(proxy.nginx("http://app.example.test/", onPhone).status, 401);
        QCOMPARE(proxy.nginx("http://app.example.test/", onLaptop).status, 401);
        // Signed in again, the app lets the person in.
        Browser again(server.baseUrl());
        QCOMPARE(proxy.nginx("http://app.example.test/", signInDave(again)).status, 200);
    }

    void databaseSessionsEndedElsewhereAreRefusedAtOnce()
    {
        // Two servers on one SQLite file, database sessions: B's checks read the database (no
        // cache), so a session ended through A, by another program or by `user disable` is
        // refused by B's very next check.
        const QString config = m_dir.filePath(QStringLiteral("shared.json"));
        const QString database = m_dir.filePath(QStringLiteral("shared.db"));
        QVERIFY(replaceFile(config, databaseConfig(database, 86400)));
        CommandResult r = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("add"), QStringLiteral("erin@example.test"),
                              QStringLiteral("--password-stdin"), QStringLiteral("--config"), config}, "good-password\n");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        ServerUnderTest a;
        ServerUnderTest b;
        QVERIFY2(a.start(config, m_dir.path()), qPrintable(a.log()));
        QVERIFY2(b.start(config, m_dir.path()), qPrintable(b.log()));
        Proxy proxy(b.baseUrl());
        const QByteArray app = "http://app.example.test/";
        const auto signInOnA = [](Browser &browser) {
            browser.signIn(QStringLiteral("credentials"), {{QStringLiteral("email"), QStringLiteral("erin@example.test")},
                                                           {QStringLiteral("password"), QStringLiteral("good-password")}});
            return cookieHeader(browser);
        };

        Browser signedOut(a.baseUrl());
        const QString first = signInOnA(signedOut);
        QCOMPARE(proxy.nginx(app, first).status, 200);
        QCOMPARE(signedOut.signOut(), 302);
        QCOMPARE(proxy.nginx(app, first).status, 401);

        // Another program sets the session's expiry in the past.
        Browser expired(a.baseUrl());
        const QString second = signInOnA(expired);
        QCOMPARE(proxy.nginx(app, second).status, 200);
        QString error;
        std::shared_ptr<Gatehouse::SqlAdapter> adapter = Gatehouse::SqlAdapter::fromUrl(QStringLiteral("sqlite://") + database, &error);
        QVERIFY2(adapter, qPrintable(error));
        const QString token = expired.cookie(QStringLiteral("authjs.session-token"));
        QVERIFY(!token.isEmpty());
        QFuture<std::optional<Gatehouse::AdapterSession>> update = adapter->updateSession(
            Gatehouse::AdapterSessionUpdate(token).setExpires(QDateTime::currentDateTimeUtc().addSecs(-1)));
        update.waitForFinished();
        QVERIFY(update.result());
        QCOMPARE(proxy.nginx(app, second).status, 401);

        Browser disabled(a.baseUrl());
        const QString third = signInOnA(disabled);
        QCOMPARE(proxy.nginx(app, third).status, 200);
        r = runServerCommand({QStringLiteral("user"), QStringLiteral("disable"), QStringLiteral("erin@example.test"),
                              QStringLiteral("--config"), config});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(proxy.nginx(app, third).status, 401);
    }
};

QTEST_GUILESS_MAIN(TestServerForwardAuth)
#include "tst_serverforwardauth.moc"
