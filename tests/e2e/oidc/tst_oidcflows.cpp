// OAuth 2.0 and OpenID Connect sign-in through a real OpenID provider (oidc-provider 9.13.3,
// idp.mjs) on loopback: discovery, explicit endpoints with userinfo, client authentication
// methods, the state/PKCE/nonce checks, refusals, and account linking with storage. The first
// test replays scenario group 8 of the Auth.js reference transcript (steps 41-61). The last one
// links an account from the account page.
#include "browser.h"
#include "nodeprocess.h"

#include "oauth/oauthclient.h"

#include <gatehouse/jwt.h>
#include <gatehouse/adaptererror.h>
#include <gatehouse/memoryadapter.h>
#include <gatehouse/passwordcredentials.h>
#include <gatehouse/sqladapter.h>

#include <gatehouse/auditstore.h>
#include <gatehouse/groupstore.h>

#include <QEventLoop>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QJsonObject>
#include <QPromise>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <stdexcept>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString secret = QStringLiteral("oidc-e2e-secret-oidc-e2e-secret-0001");
const QString callbackBase = QStringLiteral("http://127.0.0.1:9300/auth/callback/");

QJsonArray callbacks(const QStringList &providers)
{
    QJsonArray uris;
    for (const QString &p : providers)
        uris.append(callbackBase + p);
    return uris;
}

//! What a test observes of the engine: logged errors and the jwt callback's sign-in data.
struct Observed
{
    QStringList errors;          //!< "<type>: <message>"
    QJsonObject account;
    QJsonObject profile;
};

//! Storage whose user creation fails (a full disk, a lost database), otherwise a MemoryAdapter.
class FailingAdapter final : public Adapter
{
public:
    std::shared_ptr<MemoryAdapter> memory = std::make_shared<MemoryAdapter>();

    QStringList implementedMethods() const override { return memory->implementedMethods(); }
    QFuture<std::optional<AdapterUser>> getUser(const QString &id) override { return memory->getUser(id); }
    QFuture<std::optional<AdapterUser>> getUserByEmail(const QString &email) override { return memory->getUserByEmail(email); }
    QFuture<std::optional<AdapterUser>> getUserByAccount(const QString &provider, const QString &id) override
    {
        return memory->getUserByAccount(provider, id);
    }
    //! How createUserAndLinkAccount fails: a broken database, or one that cannot be reached.
    AdapterError::Reason failure = AdapterError::Reason::Failed;

    QFuture<UserAndAccount> createUserAndLinkAccount(const AdapterUser &, const AdapterAccount &) override
    {
        QPromise<UserAndAccount> failed;
        failed.start();
        failed.setException(AdapterError(failure, failure == AdapterError::Reason::Failed
                                                      ? QStringLiteral("createUserAndLinkAccount: the database is broken")
                                                      : QStringLiteral("createUserAndLinkAccount: the database is gone")));
        failed.finish();
        return failed.future();
    }
};

QString queryValue(const QByteArray &url, const QString &name)
{
    return QUrlQuery(QUrl(QString::fromUtf8(url))).queryItemValue(name, QUrl::FullyDecoded);
}

} // namespace

class TestOidcFlows : public QObject
{
    Q_OBJECT

    NodeProcess m_idp;
    QString m_issuer;

    Provider provider(const QString &id, const QString &type, const QString &clientId, QJsonObject options = {}) const
    {
        Provider p;
        p.id = id;
        p.name = id;
        p.type = type;
        options.insert(QStringLiteral("clientId"), clientId);
        if (!options.contains(QStringLiteral("clientSecret")) && clientId != QLatin1String("gh-public"))
            options.insert(QStringLiteral("clientSecret"), clientId + QStringLiteral("-secret"));
        if (type == QLatin1String("oidc") && !options.contains(QStringLiteral("issuer")))
            options.insert(QStringLiteral("issuer"), m_issuer);
        p.options = options;
        return p;
    }

    Config config(const QList<Provider> &providers, Observed *observed = nullptr) const
    {
        Config c;
        c.secret = {secret};
        c.trustHost = true;
        c.providers = providers;
        if (observed) {
            c.logger.error = [observed](const AuthError &e) { observed->errors << e.type() + QStringLiteral(": ") + e.message(); };
            c.callbacks.jwt = [observed](const JwtParams &p) {
                if (!p.account.isEmpty()) {
                    observed->account = p.account;
                    observed->profile = p.profile;
                }
                return QtFuture::makeReadyFuture(std::optional<QJsonObject>(p.token));
            };
        }
        return c;
    }

    //! Sets the extra claims the provider gives its account from the next login on (idp.mjs).
    void setClaims(const QJsonObject &claims) const
    {
        QNetworkAccessManager nam;
        QNetworkRequest request(QUrl(m_issuer + QStringLiteral("/__claims")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        QNetworkReply *reply = nam.put(request, QJsonDocument(claims).toJson(QJsonDocument::Compact));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 204)
            qFatal("the OpenID provider did not take the claims: %s", qPrintable(reply->errorString()));
        delete reply;
    }

    static QString sessionEmail(EngineClient &client)
    {
        return client.get(QStringLiteral("/auth/session")).json().object().value("user").toObject().value("email").toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QJsonArray clients = {
            QJsonObject{{"client_id", "gatehouse-test"}, {"client_secret", "gatehouse-test-secret"},
                        {"redirect_uris", callbacks({"local-idp", "other-idp", "plain-oauth", "checks"})
                                              + QJsonValue("http://127.0.0.1:9301/auth/callback/local-idp")},
                        {"post_logout_redirect_uris", QJsonArray{"http://127.0.0.1:9300/"}}},
            QJsonObject{{"client_id", "gh-post"}, {"client_secret", "gh-post-secret"},
                        {"token_endpoint_auth_method", "client_secret_post"}, {"redirect_uris", callbacks({"post-idp"})}},
            QJsonObject{{"client_id", "gh-public"}, {"token_endpoint_auth_method", "none"},
                        {"redirect_uris", callbacks({"public-idp"})}},
            QJsonObject{{"client_id", "gh-deny"}, {"client_secret", "gh-deny-secret"}, {"deny", true},
                        {"redirect_uris", callbacks({"deny-idp"})}},
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

    // Scenario group 8 of reference/authjs/transcript-jwt.txt, step by step.
    void transcriptGroup8()
    {
        Observed observed;
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})}, &observed));
        Browser browser(auth);
        EngineClient &client = browser.engine;

        // [41]-[42] csrf, then POST signin/local-idp with callbackUrl /dashboard.
        const QString csrf = client.csrfToken();
        const Reply start = client.postForm("/auth/signin/local-idp", {{"csrfToken", csrf}, {"callbackUrl", "/dashboard"}});
        QCOMPARE(start.response.status, 302);
        const QByteArray location = start.location();
        QVERIFY2(location.startsWith((m_issuer + "/auth?").toUtf8()), location);
        const QUrlQuery query(QUrl(QString::fromUtf8(location)));
        QStringList names;
        for (const auto &item : query.queryItems())
            names << item.first;
        QCOMPARE(names, QStringList({"response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "scope"}));
        QCOMPARE(queryValue(location, "response_type"), QString("code"));
        QCOMPARE(queryValue(location, "client_id"), QString("gatehouse-test"));
        QCOMPARE(queryValue(location, "redirect_uri"), QString("http://127.0.0.1:9300/auth/callback/local-idp"));
        QCOMPARE(queryValue(location, "code_challenge").size(), 43);
        QCOMPARE(queryValue(location, "code_challenge_method"), QString("S256"));
        QVERIFY(location.endsWith("&scope=openid+profile+email"));
        QCOMPARE(start.cookieNames(), QStringList({"authjs.callback-url", "authjs.pkce.code_verifier"}));
        const SetCookie *pkce = start.cookie("authjs.pkce.code_verifier");
        QCOMPARE(pkce->options.maxAge.value_or(0), 900);
        QVERIFY(pkce->options.expires.has_value());
        QVERIFY(pkce->toHeaderValue().contains("Max-Age=900; Path=/; Expires="));

        // [43]-[48] through the IdP and back: the session cookie, the verifier cookie deleted.
        const Reply done = browser.follow(location);
        QVERIFY2(done.response.status == 302, done.response.body);
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/dashboard"));
        QCOMPARE(done.cookieNames(), QStringList({"authjs.pkce.code_verifier", "authjs.session-token"}));
        QCOMPARE(done.cookie("authjs.pkce.code_verifier")->options.maxAge.value_or(-1), 0);
        QVERIFY(browser.visited.size() >= 6);
        QVERIFY(browser.visited.last().contains("iss="));
        const auto claims = Jwt::decode({client.cookies.value("authjs.session-token"), {secret}, "authjs.session-token"});
        QVERIFY(claims);
        QCOMPARE(claims->value("name").toString(), QString("Alice"));
        QCOMPARE(claims->value("email").toString(), QString("alice@example.test"));
        QCOMPARE(claims->value("sub").toString().size(), 36);  // a random UUID, as Auth.js without storage
        QVERIFY(!claims->contains("picture"));

        // [49] the session.
        const QJsonObject session = client.get("/auth/session").json().object();
        QCOMPARE(session.value("user").toObject(), QJsonObject({{"name", "Alice"}, {"email", "alice@example.test"}}));
        QVERIFY(session.contains("expires"));

        // [56] X-Auth-Return-Redirect: the authorization URL as JSON.
        const Reply asJson = client.postForm("/auth/signin/local-idp", {{"csrfToken", csrf}}, {{"X-Auth-Return-Redirect", "1"}});
        QCOMPARE(asJson.response.status, 200);
        QVERIFY(asJson.json().object().value("url").toString().startsWith(m_issuer + "/auth?response_type=code&client_id=gatehouse-test&"));
        QCOMPARE(asJson.cookieNames(), QStringList({"authjs.pkce.code_verifier"}));

        // [57] without csrfToken; [58] GET on signin/<provider>.
        QCOMPARE(client.postForm("/auth/signin/local-idp", {}).location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=MissingCSRF"));
        QCOMPARE(client.get("/auth/signin/local-idp").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));

        // [59] callback without code and without a verifier cookie.
        EngineClient stranger(auth);
        QCOMPARE(stranger.get("/auth/callback/local-idp").location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));

        // [60] the IdP refused; [61] a bogus code. Neither touches the cookies.
        const QString iss = QString::fromLatin1(QUrl::toPercentEncoding(m_issuer));
        const Reply refused = client.get("/auth/callback/local-idp?error=access_denied&iss=" + iss);
        QCOMPARE(refused.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCallbackError"));
        QVERIFY(refused.response.cookies.isEmpty());
        const Reply bogus = client.get("/auth/callback/local-idp?code=bogus&iss=" + iss);
        QCOMPARE(bogus.location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QVERIFY(bogus.response.cookies.isEmpty());
        QVERIFY2(observed.errors.last().startsWith("CallbackRouteError: token request"), qPrintable(observed.errors.last()));
    }

    // Steps 40-48 of reference/authjs/transcript-database.txt: the same flow with storage.
    void transcriptGroup8Database()
    {
        Config c = config({provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})});
        c.adapter = std::make_shared<MemoryAdapter>();
        const Auth auth(c);
        Browser browser(auth);
        const Reply done = browser.signIn("local-idp", {{"callbackUrl", "/dashboard"}});
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/dashboard"));
        QCOMPARE(done.cookieNames(), QStringList({"authjs.pkce.code_verifier", "authjs.session-token"}));
        QCOMPARE(done.cookie("authjs.session-token")->value.size(), 36);  // the session row's token
        const QJsonObject session = browser.engine.get("/auth/session").json().object();
        QCOMPARE(session.value("user").toObject(),
                 QJsonObject({{"name", "Alice"}, {"email", "alice@example.test"}, {"image", QJsonValue::Null}}));
    }

    void accountAndProfile()
    {
        Observed observed;
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})}, &observed));
        Browser browser(auth);
        const qint64 before = QDateTime::currentSecsSinceEpoch();
        QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
        const QJsonObject &a = observed.account;
        QCOMPARE(a.value("provider").toString(), QString("local-idp"));
        QCOMPARE(a.value("type").toString(), QString("oidc"));
        QCOMPARE(a.value("providerAccountId").toString(), QString("user-1"));
        QCOMPARE(a.value("token_type").toString(), QString("bearer"));
        QVERIFY(!a.value("access_token").toString().isEmpty());
        QVERIFY(!a.value("refresh_token").toString().isEmpty());
        QCOMPARE(a.value("id_token").toString().count('.'), 2);
        QVERIFY(a.value("expires_at").toInteger() >= before + 590 && a.value("expires_at").toInteger() <= before + 610);
        QVERIFY(a.value("scope").toString().contains("openid"));
        QCOMPARE(observed.profile.value("sub").toString(), QString("user-1"));
        QCOMPARE(observed.profile.value("iss").toString(), m_issuer);
    }

    void checks_data()
    {
        QTest::addColumn<QJsonArray>("checks");
        QTest::addColumn<QStringList>("cookies");   // check cookies the sign-in sets
        QTest::addColumn<QStringList>("params");    // check parameters of the authorization URL
        QTest::newRow("pkce only") << QJsonArray{"pkce"} << QStringList{"authjs.pkce.code_verifier"}
                                   << QStringList{"code_challenge", "code_challenge_method"};
        QTest::newRow("state only") << QJsonArray{"state"} << QStringList{"authjs.state"} << QStringList{"state"};
        QTest::newRow("nonce only") << QJsonArray{"nonce"} << QStringList{"authjs.nonce"} << QStringList{"nonce"};
        QTest::newRow("all three") << QJsonArray{"state", "pkce", "nonce"}
                                   << QStringList{"authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"}
                                   << QStringList{"state", "code_challenge", "code_challenge_method", "nonce"};
        QTest::newRow("none") << QJsonArray{"none"} << QStringList{} << QStringList{};
    }

    void checks()
    {
        QFETCH(QJsonArray, checks);
        QFETCH(QStringList, cookies);
        QFETCH(QStringList, params);
        const Auth auth(config({provider("checks", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}, {"checks", checks}})}));
        Browser browser(auth);
        const QString csrf = browser.engine.csrfToken();
        const Reply start = browser.engine.postForm("/auth/signin/checks", {{"csrfToken", csrf}});
        QStringList set = start.cookieNames();
        set.removeAll("authjs.callback-url");
        QCOMPARE(set, cookies);
        QStringList sent;
        for (const auto &item : QUrlQuery(QUrl(QString::fromUtf8(start.location()))).queryItems()) {
            if (QStringList({"state", "code_challenge", "code_challenge_method", "nonce"}).contains(item.first))
                sent << item.first;
        }
        QCOMPARE(sent, params);
        const Reply done = browser.follow(start.location());
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300"));
        QStringList deleted = done.cookieNames();
        deleted.removeAll("authjs.session-token");
        QCOMPARE(deleted, cookies);
        QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
    }

    void plainOAuthWithUserinfo()
    {
        Observed observed;
        const QJsonObject options{
            {"clientSecret", "gatehouse-test-secret"},
            {"authorization", QJsonObject{{"url", m_issuer + "/auth"}, {"params", QJsonObject{{"scope", "openid profile email"}}}}},
            {"token", m_issuer + "/token"},
            {"userinfo", m_issuer + "/me"}};
        const Auth auth(config({provider("plain-oauth", "oauth", "gatehouse-test", options)}, &observed));
        Browser browser(auth);
        const Reply done = browser.signIn("plain-oauth");
        QVERIFY2(done.location() == "http://127.0.0.1:9300", done.response.body + observed.errors.join('\n').toUtf8());
        QCOMPARE(observed.account.value("type").toString(), QString("oauth"));
        QCOMPARE(observed.account.value("providerAccountId").toString(), QString("user-1"));
        QCOMPARE(observed.profile.value("email").toString(), QString("alice@example.test"));
        QVERIFY(!observed.profile.contains("iss"));  // the userinfo response, not the id_token
        QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
    }

    void clientAuthentication_data()
    {
        QTest::addColumn<QString>("providerId");
        QTest::addColumn<QString>("clientId");
        QTest::addColumn<QString>("method");
        QTest::newRow("client_secret_post") << "post-idp" << "gh-post" << "client_secret_post";
        QTest::newRow("none (public client, PKCE)") << "public-idp" << "gh-public" << "none";
    }

    void clientAuthentication()
    {
        QFETCH(QString, providerId);
        QFETCH(QString, clientId);
        QFETCH(QString, method);
        Observed observed;
        const Auth auth(config({provider(providerId, "oidc", clientId, {{"client", QJsonObject{{"token_endpoint_auth_method", method}}}})}, &observed));
        Browser browser(auth);
        const Reply done = browser.signIn(providerId);
        QVERIFY2(done.location() == "http://127.0.0.1:9300", qPrintable(observed.errors.join('\n')));
        QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
    }

    void idpRefuses()
    {
        Observed observed;
        const Auth auth(config({provider("deny-idp", "oidc", "gh-deny")}, &observed));
        Browser browser(auth);
        const Reply done = browser.signIn("deny-idp");
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCallbackError"));
        QVERIFY(!browser.engine.cookies.contains("authjs.session-token"));
        QVERIFY(observed.errors.last().contains("error=access_denied"));
    }

    void tamperedChecks_data()
    {
        QTest::addColumn<QString>("tamper");
        QTest::addColumn<QString>("reason");
        QTest::newRow("state parameter stripped") << "strip-state" << "InvalidCheck: the state parameter does not match";
        QTest::newRow("state cookie missing") << "drop-state-cookie" << "InvalidCheck: state cookie was missing";
        QTest::newRow("verifier cookie missing") << "drop-pkce-cookie" << "InvalidCheck: PKCE code_verifier cookie was missing";
        QTest::newRow("nonce cookie missing") << "drop-nonce-cookie" << "InvalidCheck: nonce cookie was missing";
        QTest::newRow("cookies of another provider") << "other-provider" << "InvalidCheck: state cookie was set for provider \"other-idp\"";
        QTest::newRow("iss parameter stripped") << "strip-iss" << "CallbackRouteError: the authorization response has no \"iss\"";
    }

    void tamperedChecks()
    {
        QFETCH(QString, tamper);
        QFETCH(QString, reason);
        Observed observed;
        const QJsonObject options{{"clientSecret", "gatehouse-test-secret"}, {"checks", QJsonArray{"state", "pkce", "nonce"}}};
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test", options),
                                provider("other-idp", "oidc", "gatehouse-test", options)}, &observed));
        Browser browser(auth);
        EngineClient &client = browser.engine;
        const QString started = tamper == QLatin1String("other-provider") ? "other-idp" : "local-idp";
        const Reply start = client.postForm("/auth/signin/" + started, {{"csrfToken", client.csrfToken()}});
        QUrl callback = browser.toEngine(start.location());
        QVERIFY2(!callback.isEmpty(), qPrintable(browser.error));
        QUrlQuery query(callback);
        if (tamper == QLatin1String("strip-state"))
            query.removeAllQueryItems("state");
        if (tamper == QLatin1String("strip-iss"))
            query.removeAllQueryItems("iss");
        if (tamper == QLatin1String("drop-state-cookie"))
            client.cookies.remove("authjs.state");
        if (tamper == QLatin1String("drop-pkce-cookie"))
            client.cookies.remove("authjs.pkce.code_verifier");
        if (tamper == QLatin1String("drop-nonce-cookie"))
            client.cookies.remove("authjs.nonce");
        if (tamper == QLatin1String("other-provider"))
            callback.setPath("/auth/callback/local-idp");
        callback.setQuery(query);
        const Reply done = browser.open(callback);
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QVERIFY(!client.cookies.contains("authjs.session-token"));
        QVERIFY2(observed.errors.size() == 1 && observed.errors.first().startsWith(reason), qPrintable(observed.errors.join('\n')));
    }

    void programmaticAuthorizationParams()
    {
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})}));
        AuthRequest request;
        request.url = QUrl("http://127.0.0.1:9300/app");
        SignInOptions options;
        options.redirect = false;
        options.authorizationParams = {{"prompt", "login"}, {"login_hint", "alice"}, {"redirect_uri", "http://evil.example/cb"}};
        QFuture<AuthResponse> future = auth.signIn(request, "local-idp", options);
        QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 5000);
        const QByteArray url = QJsonDocument::fromJson(future.result().body).object().value("url").toString().toUtf8();
        QCOMPARE(queryValue(url, "prompt"), QString("login"));
        QCOMPARE(queryValue(url, "login_hint"), QString("alice"));
        QCOMPARE(queryValue(url, "redirect_uri"), QString("http://127.0.0.1:9300/auth/callback/local-idp"));
    }

    // response_mode=form_post: the provider posts the authorization response to the callback.
    void formPostCallback()
    {
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test",
                                         {{"clientSecret", "gatehouse-test-secret"}, {"checks", QJsonArray{"pkce", "state"}}})}));
        Browser browser(auth);
        const Reply start = browser.engine.postForm("/auth/signin/local-idp", {{"csrfToken", browser.engine.csrfToken()}});
        const QUrl callback = browser.toEngine(start.location());
        QVERIFY2(!callback.isEmpty(), qPrintable(browser.error));
        QList<QPair<QString, QString>> form = QUrlQuery(callback).queryItems(QUrl::FullyDecoded);
        const Reply done = browser.engine.postForm(callback.path(), form);
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
    }

    // A redirect proxy (say, the one stable URL registered with the provider) forwards the
    // callback to the deployment that started the sign-in, which the state names.
    void redirectProxy()
    {
        const QJsonObject options{{"clientSecret", "gatehouse-test-secret"}, {"redirectProxyUrl", "http://127.0.0.1:9301/auth"}};
        const Auth app(config({provider("local-idp", "oidc", "gatehouse-test", options)}));
        const Auth proxy(config({provider("local-idp", "oidc", "gatehouse-test", options)}));
        Browser browser(app);
        browser.stopAt = {QStringLiteral("http://127.0.0.1:9301")};
        const Reply start = browser.engine.postForm("/auth/signin/local-idp", {{"csrfToken", browser.engine.csrfToken()}});
        QCOMPARE(queryValue(start.location(), "redirect_uri"), QString("http://127.0.0.1:9301/auth/callback/local-idp"));
        QVERIFY(!queryValue(start.location(), "state").isEmpty());  // forced by the proxy
        QVERIFY(start.cookieNames().contains("authjs.state"));
        const QUrl atProxy = browser.toEngine(start.location());
        QVERIFY2(atProxy.toString().startsWith("http://127.0.0.1:9301/auth/callback/local-idp?"), qPrintable(atProxy.toString() + browser.error));
        EngineClient proxyClient(proxy, QStringLiteral("http://127.0.0.1:9301"));
        const Reply forwarded = proxyClient.get(atProxy.path() + '?' + atProxy.query(QUrl::FullyEncoded));
        QCOMPARE(forwarded.response.status, 302);
        QVERIFY2(forwarded.location().startsWith("http://127.0.0.1:9300/auth/callback/local-idp?"), forwarded.location());
        QVERIFY(forwarded.response.cookies.isEmpty());
        const Reply done = browser.open(QUrl(QString::fromUtf8(forwarded.location())));
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
    }

    // RP-initiated logout: the provider's end_session_endpoint, for providers that opt in.
    void endSessionUrl()
    {
        Observed observed;
        const QJsonObject options{{"clientSecret", "gatehouse-test-secret"}, {"endSession", true}};
        const Auth auth(config({provider("local-idp", "oidc", "gatehouse-test", options)}, &observed));
        Browser browser(auth);
        QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
        const OAuth::OAuthClient client;
        const auto settings = OAuth::ProviderSettings::fromProvider(auth.config().providers.first(), {});
        QFuture<QUrl> future = client.endSessionUrl(settings, observed.account.value("id_token").toString(), "http://127.0.0.1:9300/");
        QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 5000);
        const QUrl url = future.result();
        QVERIFY2(url.toString().startsWith(m_issuer + "/session/end?client_id=gatehouse-test&id_token_hint="), qPrintable(url.toString()));
        QCOMPARE(QUrlQuery(url).queryItemValue("post_logout_redirect_uri", QUrl::FullyDecoded), QString("http://127.0.0.1:9300/"));
        QCOMPARE(browser.fetch(url).status, 200);  // the provider accepts it: its sign-out confirmation page
        auto optedOut = settings;
        optedOut.endSession = false;
        QFuture<QUrl> none = client.endSessionUrl(optedOut, {}, {});
        QVERIFY(none.isFinished() && none.result().isEmpty());
    }

    // RP-initiated logout wired into sign-out: the provider's end_session_endpoint with the
    // stored account's id_token as hint, for providers with "endSession": true.
    void rpInitiatedLogout_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<bool>("endSession");
        QTest::newRow("database session") << "database" << true;
        QTest::newRow("database session on SQLite") << "sqlite" << true;  // storage answers on its own threads
        QTest::newRow("jwt session with storage") << "jwt" << true;
        QTest::newRow("provider not opted in") << "database" << false;
    }

    void rpInitiatedLogout()
    {
        QFETCH(QString, strategy);
        QFETCH(bool, endSession);
        Observed observed;
        QTemporaryDir dir;
        std::shared_ptr<Adapter> adapter = std::make_shared<MemoryAdapter>();
        if (strategy == QLatin1String("sqlite")) {
            QString error;
            std::shared_ptr<SqlAdapter> sql = SqlAdapter::fromUrl("sqlite://" + dir.filePath("logout.db"), &error);
            QVERIFY2(sql, qPrintable(error));
            sql->migrate().waitForFinished();
            adapter = sql;
        }
        Config c = config({provider("local-idp", "oidc", "gatehouse-test",
                                    {{"clientSecret", "gatehouse-test-secret"}, {"endSession", endSession}})}, &observed);
        c.adapter = adapter;
        c.session.strategy = strategy == QLatin1String("jwt") ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
        const Auth auth(c);
        Browser browser(auth);
        QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
        const auto account = adapter->getAccount("user-1", "local-idp").result();
        QVERIFY(account && account->idToken);

        const Reply out = browser.engine.postForm("/auth/signout", {{"csrfToken", browser.engine.csrfToken()}, {"callbackUrl", "/"}});
        QCOMPARE(out.response.status, 302);
        QVERIFY(out.cookieNames().contains("authjs.session-token"));  // signed out here in any case
        QVERIFY(browser.engine.get("/auth/session").json().isNull());
        if (!endSession) {
            QCOMPARE(out.location(), QByteArray("http://127.0.0.1:9300/"));
            return;
        }
        const QUrl atProvider(QString::fromUtf8(out.location()));
        QVERIFY2(out.location().startsWith((m_issuer + "/session/end?client_id=gatehouse-test&id_token_hint=").toUtf8()),
                 out.location() + observed.errors.join('\n').toUtf8());
        const QUrlQuery query(atProvider);
        QCOMPARE(query.queryItemValue("id_token_hint", QUrl::FullyDecoded), *account->idToken);
        QCOMPARE(query.queryItemValue("post_logout_redirect_uri", QUrl::FullyDecoded), QString("http://127.0.0.1:9300/"));
        QCOMPARE(browser.fetch(atProvider).status, 200);  // oidc-provider accepts hint and redirect URI
    }

    // The provider's profile and account callbacks (C++; the server binds JavaScript ones).
    void profileAndAccountCallbacks()
    {
        Observed observed;
        Provider p = provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}});
        QJsonObject seenTokens;
        p.profile = [&seenTokens](const QJsonObject &profile, const QJsonObject &tokens) {
            seenTokens = tokens;
            return QtFuture::makeReadyFuture(QJsonObject{{"id", "idp:" + profile.value("sub").toString()},
                                                         {"name", profile.value("preferred_username")},
                                                         {"email", "ALICE@Example.Test"}});
        };
        p.account = [](const QJsonObject &tokens) {
            return QtFuture::makeReadyFuture(QJsonObject{{"access_token", tokens.value("access_token")},
                                                         {"token_type", "Bearer"}, {"expires_in", 60}});
        };
        auto adapter = std::make_shared<MemoryAdapter>();
        Config c = config({p}, &observed);
        c.adapter = adapter;
        c.session.strategy = SessionOptions::Strategy::Jwt;
        const Auth auth(c);
        Browser browser(auth);
        const qint64 before = QDateTime::currentSecsSinceEpoch();
        QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY(seenTokens.contains("id_token") && seenTokens.contains("refresh_token"));
        QCOMPARE(browser.engine.get("/auth/session").json().object().value("user").toObject().value("name").toString(), QString("alice"));
        const QJsonObject &a = observed.account;
        QCOMPARE(a.value("providerAccountId").toString(), QString("idp:user-1"));
        QCOMPARE(a.value("token_type").toString(), QString("bearer"));
        QVERIFY(a.value("expires_at").toInteger() >= before + 60 && a.value("expires_at").toInteger() <= before + 70);
        const auto stored = adapter->getAccount("idp:user-1", "local-idp").result();
        QVERIFY(stored);
        QVERIFY(stored->accessToken && !stored->refreshToken && !stored->idToken);  // only what account() chose
        QCOMPARE(adapter->getUserByAccount("local-idp", "idp:user-1").result()->email, QString("alice@example.test"));
    }

    void failingCallbacks_data()
    {
        QTest::addColumn<QString>("failing");
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<QString>("logged");
        QTest::newRow("profile throws") << "profile-throws" << QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCallbackError")
                                        << "OAuthCallbackError: the profile callback of provider \"local-idp\" failed: ";
        QTest::newRow("profile without id") << "profile-no-id" << QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCallbackError")
                                            << "OAuthCallbackError: the profile callback of provider \"local-idp\" failed: OAuthProfileParseError";
        QTest::newRow("account fails") << "account-fails" << QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCreateAccount")
                                       << "OAuthCreateAccount: the account callback of provider \"local-idp\" failed: ";
        QTest::newRow("storage fails") << "storage-fails" << QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthCreateAccount")
                                       << "OAuthCreateAccount: the user or account could not be stored: createUserAndLinkAccount: the database is broken";
        // A database that cannot be reached is no problem of the account: the error page says to try again.
        QTest::newRow("storage unreachable") << "storage-unreachable" << QByteArray("http://127.0.0.1:9300/auth/error?error=Unavailable")
                                             << "AdapterError: createUserAndLinkAccount: the database is gone";
    }

    void failingCallbacks()
    {
        QFETCH(QString, failing);
        QFETCH(QByteArray, location);
        QFETCH(QString, logged);
        Observed observed;
        Provider p = provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}});
        if (failing == QLatin1String("profile-throws"))
            p.profile = [](const QJsonObject &, const QJsonObject &) -> QFuture<QJsonObject> { throw std::runtime_error("no such user"); };
        if (failing == QLatin1String("profile-no-id"))
            p.profile = [](const QJsonObject &, const QJsonObject &) { return QtFuture::makeReadyFuture(QJsonObject{{"name", "x"}}); };
        if (failing == QLatin1String("account-fails")) {
            p.account = [](const QJsonObject &) {
                QPromise<QJsonObject> failed;
                failed.start();
                failed.setException(std::make_exception_ptr(std::runtime_error("account: TypeError")));
                failed.finish();
                return failed.future();
            };
        }
        auto failingStore = std::make_shared<FailingAdapter>();
        if (failing == QLatin1String("storage-unreachable"))
            failingStore->failure = AdapterError::Reason::Unavailable;
        Config c = config({p}, &observed);
        c.adapter = failingStore;
        c.session.strategy = SessionOptions::Strategy::Jwt;
        const Auth auth(c);
        Browser browser(auth);
        const Reply done = browser.signIn("local-idp");
        QCOMPARE(done.location(), location);
        QVERIFY(!browser.engine.cookies.contains("authjs.session-token"));
        QVERIFY2(!observed.errors.isEmpty() && observed.errors.last().startsWith(logged), qPrintable(observed.errors.join('\n')));
        QCOMPARE(failingStore->memory->countUsers({}).result(), 0);
    }

    // With storage (the database strategy): the account links to one user, whatever happens.
    void signingInTwiceKeepsOneUser()
    {
        auto adapter = std::make_shared<MemoryAdapter>();
        Config c = config({provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})});
        c.adapter = adapter;
        const Auth auth(c);
        for (int i = 0; i < 2; ++i) {
            Browser browser(auth);
            QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
            QCOMPARE(sessionEmail(browser.engine), QString("alice@example.test"));
        }
        QCOMPARE(adapter->countUsers({}).result(), 1);
        const auto user = adapter->getUserByAccount("local-idp", "user-1").result();
        QVERIFY(user);
        QCOMPARE(user->email, QString("alice@example.test"));
        const auto account = adapter->getAccount("user-1", "local-idp").result();
        QVERIFY(account && account->refreshToken && account->tokenType == QString("bearer"));
    }

    void emailLinking_data()
    {
        QTest::addColumn<bool>("dangerous");
        QTest::newRow("refused") << false;
        QTest::newRow("allowDangerousEmailAccountLinking") << true;
    }

    void emailLinking()
    {
        QFETCH(bool, dangerous);
        auto adapter = std::make_shared<MemoryAdapter>();
        AdapterUser existing;
        existing.email = QStringLiteral("alice@example.test");
        existing.name = QStringLiteral("Alice from elsewhere");
        const AdapterUser stored = adapter->createUser(existing).result();
        Config c = config({provider("local-idp", "oidc", "gatehouse-test",
                                    {{"clientSecret", "gatehouse-test-secret"}, {"allowDangerousEmailAccountLinking", dangerous}})});
        c.adapter = adapter;
        const Auth auth(c);
        Browser browser(auth);
        const Reply done = browser.signIn("local-idp");
        if (!dangerous) {
            QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthAccountNotLinked"));
            QVERIFY(!adapter->getUserByAccount("local-idp", "user-1").result());
            return;
        }
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(adapter->getUserByAccount("local-idp", "user-1").result()->id, stored.id);
        QCOMPARE(adapter->countUsers({}).result(), 1);
    }

    void signedInUserGainsTheAccount()
    {
        auto adapter = std::make_shared<MemoryAdapter>();
        Provider credentials;
        credentials.id = credentials.name = credentials.type = QStringLiteral("credentials");
        credentials.authorize = [](const QJsonObject &, const AuthRequest &) {
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(QJsonObject{{"id", "bob"}, {"email", "bob@example.test"}}));
        };
        Config c = config({credentials, provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})});
        c.adapter = adapter;
        const Auth auth(c);
        Browser browser(auth);
        const Reply bob = browser.engine.postForm("/auth/callback/credentials", {{"csrfToken", browser.engine.csrfToken()}});
        QCOMPARE(bob.response.status, 302);
        QCOMPARE(sessionEmail(browser.engine), QString("bob@example.test"));
        QCOMPARE(browser.signIn("local-idp").location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(sessionEmail(browser.engine), QString("bob@example.test"));
        const auto owner = adapter->getUserByAccount("local-idp", "user-1").result();
        QVERIFY(owner);
        QCOMPARE(owner->email, QString("bob@example.test"));
        QCOMPARE(adapter->countUsers({}).result(), 1);
    }

    // A provider's "groups" option: the claim's names become the person's stored groups at each
    // sign-in (replace or merge), audited, with bad names skipped; forward auth then sees them,
    // from the JWT or from the database session.
    void claimedGroups_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::newRow("jwt") << "jwt";
        QTest::newRow("database") << "database";
    }

    void claimedGroups()
    {
        QFETCH(QString, strategy);
        QTemporaryDir dir;
        QString error;
        std::shared_ptr<SqlAdapter> adapter = SqlAdapter::fromUrl("sqlite://" + dir.filePath("groups.db"), &error);
        QVERIFY2(adapter, qPrintable(error));
        adapter->migrate().waitForFinished();
        const auto configFor = [&](const QString &mode) {
            Config c = config({provider("local-idp", "oidc", "gatehouse-test",
                                        {{"clientSecret", "gatehouse-test-secret"},
                                         {"groups", QJsonObject{{"claim", "groups"}, {"mode", mode}}}})});
            c.adapter = adapter;
            c.session.strategy = strategy == QLatin1String("jwt") ? SessionOptions::Strategy::Jwt : SessionOptions::Strategy::Database;
            AccessRule admins;
            admins.hosts = QStringList{"admin.example.test"};
            admins.policy.kind = AccessPolicy::Kind::Subjects;
            admins.policy.groups = QStringList{"admins"};
            c.access.rules = {admins};
            return c;
        };
        const Auth replacing(configFor("replace"));
        const Auth merging(configFor("merge"));
        // Signs Alice in with the provider answering \a claims; the groups she then has.
        const auto signIn = [&](const Auth &auth, const QJsonObject &claims, QByteArray *remoteGroups) {
            setClaims(claims);
            Browser browser(auth);
            const Reply done = browser.signIn("local-idp");
            if (done.location() != QByteArray("http://127.0.0.1:9300"))
                return QStringList{QStringLiteral("sign-in failed: ") + QString::fromUtf8(done.location() + done.response.body)};
            const Reply check = browser.engine.get("/auth/authz/auth-request",
                                                   {{"X-Original-URL", "https://admin.example.test/"}, {"X-Original-Method", "GET"}});
            *remoteGroups = check.response.status == 200 ? check.response.header("remote-groups")
                                                         : QByteArray::number(check.response.status);
            const auto user = adapter->getUserByAccount("local-idp", "user-1").result();
            return user ? adapter->userGroups(user->id).result() : QStringList{QStringLiteral("no user")};
        };
        QByteArray seen;

        // replace: exactly the claim's groups.
        QCOMPARE(signIn(replacing, {{"groups", QJsonArray{"staff", "admins"}}}, &seen), QStringList({"admins", "staff"}));
        QCOMPARE(seen, QByteArray("admins,staff"));
        const QString alice = adapter->getUserByAccount("local-idp", "user-1").result()->id;
        AuditFilter filter;
        filter.type = QStringLiteral("groupsChange");
        // The audit log is written in the background.
        QTRY_COMPARE(adapter->auditEvents(filter, 10).result().size(), 1);
        QList<AuditEvent> events = adapter->auditEvents(filter, 10).result();
        QCOMPARE(events.first().userId, alice);
        QCOMPARE(events.first().provider, QString("local-idp"));
        QCOMPARE(events.first().detail, QJsonObject({{"by", "local-idp"}, {"mode", "replace"},
                                                      {"added", QJsonArray{"admins", "staff"}}, {"removed", QJsonArray{}}}));
        // A group an administrator set goes too: the provider's claim is the whole list. A
        // string claim holds names separated by spaces or commas.
        QVERIFY(adapter->addUserGroup(alice, QStringLiteral("local")).result());
        QCOMPARE(signIn(replacing, {{"groups", "staff"}}, &seen), QStringList({"staff"}));
        QCOMPARE(seen, QByteArray("403"));
        QTRY_COMPARE(adapter->auditEvents(filter, 10).result().size(), 2);
        events = adapter->auditEvents(filter, 10).result();
        QCOMPARE(events.first().detail.value("removed").toArray(), QJsonArray({"admins", "local"}));
        // The same groups again: nothing written, nothing audited.
        QCOMPARE(signIn(replacing, {{"groups", "staff"}}, &seen), QStringList({"staff"}));
        QCOMPARE(adapter->auditEvents(filter, 10).result().size(), 2);

        // merge: the claim's groups join the stored ones; none is removed.
        QCOMPARE(signIn(merging, {{"groups", "admins, ops"}}, &seen), QStringList({"admins", "ops", "staff"}));
        QCOMPARE(seen, QByteArray("admins,ops,staff"));
        QTRY_COMPARE(adapter->auditEvents(filter, 10).result().first().detail.value("mode").toString(), QString("merge"));
        // Bad names are skipped with a warning naming the provider and the value; the sign-in
        // goes on with the good ones.
        QTest::ignoreMessage(QtWarningMsg, "provider \"local-idp\": \"bad,name\" in the \"groups\" claim is no group name; skipped");
        QTest::ignoreMessage(QtWarningMsg, "provider \"local-idp\": 7 in the \"groups\" claim is no group name; skipped");
        QTest::ignoreMessage(QtWarningMsg, "provider \"local-idp\": \" padded\" in the \"groups\" claim is no group name; skipped");
        QCOMPARE(signIn(replacing, {{"groups", QJsonArray{"bad,name", "readers", 7, " padded"}}}, &seen), QStringList({"readers"}));
        QCOMPARE(seen, QByteArray("403"));
        // A claim that is no list and no string names no groups: replace empties them.
        QTest::ignoreMessage(QtWarningMsg, "provider \"local-idp\": the \"groups\" claim is neither a list of group names nor a string: {\"admins\":true}");
        QCOMPARE(signIn(replacing, {{"groups", QJsonObject{{"admins", true}}}}, &seen), QStringList());
        // No claim at all: the provider names no groups (as Keycloak leaves out an empty list).
        QVERIFY(adapter->addUserGroup(alice, QStringLiteral("admins")).result());
        QCOMPARE(signIn(merging, {}, &seen), QStringList({"admins"}));
        QCOMPARE(signIn(replacing, {}, &seen), QStringList());
        setClaims({});
    }

    // An id_token without the claim: the groups come from the userinfo endpoint.
    void claimedGroupsFromUserinfo()
    {
        NodeProcess conforming;
        QProcessEnvironment env;
        env.insert(QStringLiteral("GH_IDP_CLIENTS"), QString::fromUtf8(QJsonDocument(QJsonArray{
            QJsonObject{{"client_id", "gatehouse-test"}, {"client_secret", "gatehouse-test-secret"},
                        {"redirect_uris", callbacks({"local-idp"})}}}).toJson(QJsonDocument::Compact)));
        env.insert(QStringLiteral("GH_IDP_CLAIMS"), QStringLiteral("{\"groups\": [\"ops\", \"staff\"]}"));
        env.insert(QStringLiteral("GH_IDP_CONFORM"), QStringLiteral("1"));
        QString error;
        QVERIFY2(conforming.start(QStringLiteral(GATEHOUSE_OIDC_DIR "/idp.mjs"), env, &error), qPrintable(error));
        QString issuer = conforming.url().toString();
        if (issuer.endsWith(QLatin1Char('/')))
            issuer.chop(1);
        Observed observed;
        auto adapter = std::make_shared<MemoryAdapter>();
        Config c = config({provider("local-idp", "oidc", "gatehouse-test",
                                    {{"issuer", issuer}, {"clientSecret", "gatehouse-test-secret"},
                                     {"groups", QJsonObject{{"mode", "replace"}}}})}, &observed);
        c.adapter = adapter;
        c.session.strategy = SessionOptions::Strategy::Jwt;  // the jwt callback sees the profile
        const Auth auth(c);
        Browser browser(auth);
        const Reply done = browser.signIn("local-idp");
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300"));
        QVERIFY2(!observed.profile.isEmpty() && !observed.profile.contains("groups"), QJsonDocument(observed.profile).toJson().constData());  // not in the id_token
        const auto user = adapter->getUserByAccount("local-idp", "user-1").result();
        QVERIFY(user);
        QCOMPARE(adapter->userGroups(user->id).result(), QStringList({"ops", "staff"}));
        conforming.stop();
    }

    // The account page's link form: signing in with the provider while signed in links its
    // account to the person, and the callback URL brings them back to the page, which lists it.
    void accountPageLinksAnotherAccount()
    {
        QTemporaryDir dir;
        auto adapter = std::shared_ptr<SqlAdapter>(SqlAdapter::fromUrl(QStringLiteral("sqlite://") + dir.filePath("link.db")));
        QVERIFY(adapter);
        adapter->migrate().waitForFinished();
        AdapterUser bob;
        bob.email = QStringLiteral("bob@example.test");
        bob.name = QStringLiteral("Bob");
        const QString bobId = adapter->createUser(bob).result().id;
        setUserPassword(adapter, bobId, QStringLiteral("password-of-bob")).waitForFinished();
        Config c = config({passwordCredentialsProvider(adapter),
                           provider("local-idp", "oidc", "gatehouse-test", {{"clientSecret", "gatehouse-test-secret"}})});
        c.adapter = adapter;
        c.session.strategy = SessionOptions::Strategy::Database;
        const Auth auth(c);
        Browser browser(auth);
        const Reply signedIn = browser.engine.postForm("/auth/callback/credentials", {{"csrfToken", browser.engine.csrfToken()},
                                                                                     {"email", "bob@example.test"},
                                                                                     {"password", "password-of-bob"}});
        QCOMPARE(signedIn.response.status, 302);
        QCOMPARE(sessionEmail(browser.engine), QString("bob@example.test"));

        const QByteArray page = browser.engine.get("/auth/account").response.body;
        QVERIFY(page.contains("No account of another service is linked."));
        QVERIFY(page.contains("/auth/signin/local-idp\" method=\"POST\">"));
        const QString callbackUrl = QStringLiteral("http://127.0.0.1:9300/auth/account?notice=accountLinked");
        QVERIFY(page.contains("name=\"callbackUrl\" value=\"" + callbackUrl.toUtf8() + "\""));
        QVERIFY(page.contains(">Link local-idp</button>"));

        // What the form posts: signin/local-idp with the CSRF token and the callback URL.
        const Reply done = browser.signIn("local-idp", {{"callbackUrl", callbackUrl}});
        QCOMPARE(done.location(), callbackUrl.toUtf8());
        QCOMPARE(sessionEmail(browser.engine), QString("bob@example.test"));
        const auto owner = adapter->getUserByAccount("local-idp", "user-1").result();
        QVERIFY(owner);
        QCOMPARE(owner->id, bobId);
        QCOMPARE(adapter->countUsers({}).result(), 1);

        // The time shown is the audit event's, written in the background (storage/auditwriter.h):
        // a page read before that write lands says the time was not recorded, so wait for it.
        AuditFilter linked;
        linked.type = QStringLiteral("linkAccount");
        QTRY_COMPARE(adapter->auditEvents(linked, 10).result().size(), 1);
        const QByteArray after = browser.engine.get("/auth/account?notice=accountLinked").response.body;
        QVERIFY(after.contains("The account was linked. You can now sign in with it."));
        QVERIFY(after.contains("<p class=\"gh-link-provider\">local-idp</p>\n<p class=\"gh-session-detail\">Linked 20"));
        QVERIFY(!after.contains(">Link local-idp</button>"));
        QVERIFY(!after.contains("No account of another service is linked."));
    }
};

QTEST_GUILESS_MAIN(TestOidcFlows)
#include "tst_oidcflows.moc"
