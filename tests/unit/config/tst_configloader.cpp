#include <gatehouse/configloader.h>
#include <gatehouse/serversettings.h>
#include <gatehouse/providers.h>

#include "problemtexts.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;

namespace {

const QString goodSecret = QStringLiteral("0123456789abcdef0123456789abcdef-test");

QJsonObject parse(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s: %s", qPrintable(error.errorString()), json.constData());
    return document.object();
}

QProcessEnvironment environment(const QStringList &variables)
{
    QProcessEnvironment env;
    for (const QString &variable : variables)
        env.insert(variable.section(u'=', 0, 0), variable.section(u'=', 1));
    return env;
}

} // namespace

class TestConfigLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void defaults();
    void everyOption();
    void accountPageOff();
    void passwordResetOff();
    void twoFactorPolicy();
    void issueExample();
    void errors_data();
    void errors();
    void warnings_data();
    void warnings();
    void allProblemsAtOnce();
    void rootBasePath();
    void everyBuiltinProvider();
    void syntaxErrors_data();
    void syntaxErrors();
    void unreadableFile();
    void listenAddress_data();
    void listenAddress();
    void freePortsNeverShare();

private:
    ServerConfigResult load(const QByteArray &json, const QStringList &env = {goodSecretVariable()});
    static QString goodSecretVariable() { return QStringLiteral("AUTH_SECRET=") + goodSecret; }

    QTemporaryDir m_dir;
};

void TestConfigLoader::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile script(m_dir.filePath(QStringLiteral("callbacks.js")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("function authorize(credentials, request) { return null; }\n");
}

ServerConfigResult TestConfigLoader::load(const QByteArray &json, const QStringList &env)
{
    return loadServerConfig(parse(json), environment(env), m_dir.path());
}

void TestConfigLoader::defaults()
{
    const ServerConfigResult result = load(R"({"providers": []})");
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    const Config &c = result.config;
    QCOMPARE(c.basePath, QStringLiteral("/auth"));
    QCOMPARE(c.secret, QStringList{goodSecret});
    QVERIFY(c.url.isEmpty());
    QVERIFY(!c.session.strategy.has_value());
    QCOMPARE(c.session.maxAge, qint64(2592000));
    QCOMPARE(c.session.updateAge, qint64(86400));
    QCOMPARE(c.jwt.maxAge, qint64(2592000));
    QVERIFY(!c.cookies.sessionToken.has_value());
    QVERIFY(c.pages.signIn.isEmpty());
    QVERIFY(c.pages.account.isEmpty() && c.pages.accountPage);   // the built-in account page
    QCOMPARE(c.theme.colorScheme, QStringLiteral("auto"));
    QVERIFY(!c.debug);
    QVERIFY(!c.experimental.enableWebAuthn);
    QVERIFY(c.redirectProxyUrl.isEmpty());
    QVERIFY(!c.skipCSRFCheck);
    QVERIFY(!c.trustHost);
    QVERIFY(!c.useSecureCookies.has_value());
    QVERIFY(c.rateLimit.enabled);
    QCOMPARE(c.rateLimit.maxFailuresPerIdentifier, 5);
    QCOMPARE(c.account.reauthenticateAfter, qint64(600));   // 10 minutes
    QVERIFY(c.account.passwordReset.enabled);
    QCOMPARE(c.account.passwordReset.lifetime, qint64(900));   // 15 minutes
    QCOMPARE(c.twoFactor.required, TwoFactorSignInOptions::Required::Optional);
    QCOMPARE(c.twoFactor.maxAge, qint64(300));
    QVERIFY(c.providers.isEmpty());
    QVERIFY(result.server.callbacksScript.isEmpty());
    QVERIFY(result.server.adapterUrl.isEmpty());
    QCOMPARE(result.server.listen, QStringLiteral("127.0.0.1:3000"));
    QVERIFY(result.server.metricsListen.isEmpty());   // metrics are off by default
    QVERIFY(result.server.home.isEmpty());            // / goes to the account page
    QCOMPARE(result.server.threads, 0);
    QCOMPARE(result.server.limits.maxBodySize, ServerLimits().maxBodySize);
    QCOMPARE(result.server.limits.maxConnectionsPerAddress, 64);
    QCOMPARE(result.server.scriptTimeoutMs, 2000);
    QCOMPARE(result.server.admin.enabled, false);   // the admin API is off without "admin"
    QVERIFY(!result.config.oidcProvider);            // and so is its client at the OpenID Provider
}

void TestConfigLoader::everyOption()
{
    const ServerConfigResult result = load(R"json({
        "providers": [
            {"id": "credentials", "name": "Credentials", "type": "credentials", "authorize": "authorize",
             "credentials": {"username": {"label": "Username", "type": "text", "required": true}}},
            {"id": "local-idp", "name": "Local IdP", "type": "oidc", "issuer": "http://127.0.0.1:9400",
             "clientId": "gatehouse-test", "clientSecret": "gatehouse-test-secret", "checks": ["pkce", "nonce"],
             "style": {"brandColor": "#123456", "logo": "/logo.svg"}},
            {"id": "mail", "name": "Email", "type": "email", "from": "a@example.test", "maxAge": 600,
             "server": {"host": "127.0.0.1", "port": 25, "secure": false}},
            {"id": "passkey", "name": "Passkey", "type": "webauthn", "relayingParty": {"id": "example.test"}}
        ],
        "adapter": {"url": "sqlite:///var/lib/gatehouse/gatehouse.db"},
        "basePath": "/api/auth",
        "secret": ["0123456789abcdef0123456789abcdef-new", "0123456789abcdef0123456789abcdef-old"],
        "url": "https://example.test/api/auth",
        "session": {"strategy": "database", "maxAge": 3600, "updateAge": 0},
        "jwt": {"maxAge": 7200},
        "callbacksScript": "callbacks.js",
        "callbacks": {"jwt": "myJwt", "signIn": "allowSignIn"},
        "events": {"signOut": "onSignOut"},
        "cookies": {"sessionToken": {"name": "my-session", "options": {"sameSite": "strict", "maxAge": 60}},
                    "csrfToken": {"name": "my-csrf"}},
        "pages": {"signIn": "/login", "error": "https://example.test/oops", "account": "/me", "twoFactor": "/code"},
        "theme": {"colorScheme": "dark", "brandColor": "rgb(10, 20, 30)", "logo": "https://example.test/l.png",
                  "buttonText": "white"},
        "debug": true,
        "experimental": {"enableWebAuthn": true},
        "redirectProxyUrl": "https://proxy.example.test/api/auth",
        "trustHost": true,
        "useSecureCookies": true,
        "rateLimit": {"enabled": true, "maxFailuresPerIdentifier": 3, "maxFailuresPerAddress": 10,
                      "windowSeconds": 60, "identifierField": "email"},
        "account": {"reauthenticateAfter": 300, "passwordReset": {"enabled": true, "lifetime": 600}},
        "twoFactor": {"required": "never", "maxAge": 120},
        "trustedProxies": ["127.0.0.1", "10.0.0.0/8", "::1"],
        "admin": {"groups": ["admins", "ops", "admins"]},
        "server": {"listen": "[::1]:8080", "threads": 4, "maxBodySize": 1024, "maxHeaderSize": 4096,
                   "headerTimeoutMs": 3000, "bodyTimeoutMs": 4000, "idleTimeoutMs": 7000, "maxConnections": 100,
                   "maxConnectionsPerAddress": 8, "scriptTimeoutMs": 500, "startupNotice": "Demo account: demo / demo-password",
                   "metricsListen": "127.0.0.1:9464", "home": "https://app.example.test/start"}
    })json", {});
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(render(result.warnings()), QStringList());
    const Config &c = result.config;
    QCOMPARE(c.providers.size(), 4);
    QCOMPARE(c.providers[0].id, QStringLiteral("credentials"));
    QCOMPARE(c.providers[0].type, QStringLiteral("credentials"));
    QCOMPARE(c.providers[0].options.value(QStringLiteral("authorize")).toString(), QStringLiteral("authorize"));
    QVERIFY(!c.providers[0].options.contains(QStringLiteral("id")));
    QCOMPARE(c.providers[1].name, QStringLiteral("Local IdP"));
    QCOMPARE(c.providers[1].options.value(QStringLiteral("clientSecret")).toString(),
             QStringLiteral("gatehouse-test-secret"));
    QCOMPARE(c.providers[2].type, QStringLiteral("email"));
    QCOMPARE(c.providers[3].type, QStringLiteral("webauthn"));
    QCOMPARE(c.basePath, QStringLiteral("/api/auth"));
    QCOMPARE(c.secret.size(), 2);
    QVERIFY(c.secret[0].endsWith(QLatin1String("-new")));
    QCOMPARE(c.url, QUrl(QStringLiteral("https://example.test/api/auth")));
    QVERIFY(c.session.strategy == SessionOptions::Strategy::Database);
    QCOMPARE(c.session.maxAge, qint64(3600));
    QCOMPARE(c.session.updateAge, qint64(0));
    QCOMPARE(c.jwt.maxAge, qint64(7200));
    QVERIFY(c.cookies.sessionToken.has_value());
    QCOMPARE(c.cookies.sessionToken->name, QStringLiteral("my-session"));
    QCOMPARE(c.cookies.sessionToken->options.sameSite, QStringLiteral("Strict"));
    QCOMPARE(c.cookies.sessionToken->options.maxAge.value_or(-1), qint64(60));
    QVERIFY(c.cookies.sessionToken->options.secure);     // useSecureCookies
    QVERIFY(c.cookies.csrfToken->options.httpOnly);
    QCOMPARE(c.cookies.csrfToken->options.path, QStringLiteral("/"));
    QCOMPARE(c.pages.signIn, QStringLiteral("/login"));
    QCOMPARE(c.pages.error, QStringLiteral("https://example.test/oops"));
    QCOMPARE(c.pages.account, QStringLiteral("/me"));
    QCOMPARE(c.pages.twoFactor, QStringLiteral("/code"));
    QVERIFY(c.pages.accountPage);
    QCOMPARE(c.theme.colorScheme, QStringLiteral("dark"));
    QCOMPARE(c.theme.brandColor, QStringLiteral("rgb(10, 20, 30)"));
    QCOMPARE(c.theme.buttonText, QStringLiteral("white"));
    QCOMPARE(c.theme.logo, QStringLiteral("https://example.test/l.png"));
    QVERIFY(c.debug);
    QVERIFY(c.experimental.enableWebAuthn);
    QCOMPARE(c.redirectProxyUrl, QStringLiteral("https://proxy.example.test/api/auth"));
    QVERIFY(c.trustHost);
    QCOMPARE(c.useSecureCookies.value_or(false), true);
    QCOMPARE(c.rateLimit.maxFailuresPerIdentifier, 3);
    QCOMPARE(c.rateLimit.maxFailuresPerAddress, 10);
    QCOMPARE(c.rateLimit.windowSeconds, qint64(60));
    QCOMPARE(c.rateLimit.identifierField, QStringLiteral("email"));
    QCOMPARE(c.account.reauthenticateAfter, qint64(300));
    QVERIFY(c.account.passwordReset.enabled);
    QCOMPARE(c.account.passwordReset.lifetime, qint64(600));
    QCOMPARE(c.twoFactor.required, TwoFactorSignInOptions::Required::Never);
    QCOMPARE(c.twoFactor.maxAge, qint64(120));
    QCOMPARE(c.trustedProxies.size(), 3);
    QVERIFY(QHostAddress(QStringLiteral("10.20.30.40")).isInSubnet(c.trustedProxies[1]));
    QVERIFY(!QHostAddress(QStringLiteral("11.0.0.1")).isInSubnet(c.trustedProxies[1]));
    QVERIFY(QHostAddress(QStringLiteral("::1")).isInSubnet(c.trustedProxies[2]));

    const ServerSettings &s = result.server;
    QCOMPARE(s.callbacksScript, m_dir.filePath(QStringLiteral("callbacks.js")));
    QCOMPARE(s.callbackFunctions.value(QStringLiteral("jwt")), QStringLiteral("myJwt"));
    QCOMPARE(s.callbackFunctions.value(QStringLiteral("signIn")), QStringLiteral("allowSignIn"));
    QCOMPARE(s.eventFunctions.value(QStringLiteral("signOut")), QStringLiteral("onSignOut"));
    QCOMPARE(s.adapterUrl, QStringLiteral("sqlite:///var/lib/gatehouse/gatehouse.db"));
    QCOMPARE(s.adapterOptions.value(QStringLiteral("url")).toString(), s.adapterUrl);
    QCOMPARE(s.listen, QStringLiteral("[::1]:8080"));
    QCOMPARE(s.metricsListen, QStringLiteral("127.0.0.1:9464"));
    QCOMPARE(s.admin.enabled, true);
    QCOMPARE(s.admin.groups, (QStringList{QStringLiteral("admins"), QStringLiteral("ops")}));
    // "admin" brings gatehouse-admin's client to the OpenID Provider: public, loopback, the admin groups only.
    QVERIFY(result.config.oidcProvider);
    QCOMPARE(result.config.oidcProvider->clients.size(), 1);
    const OidcClient &adminClient = result.config.oidcProvider->clients.constFirst();
    QCOMPARE(adminClient.clientId, QStringLiteral("gatehouse-admin"));
    QVERIFY(adminClient.isPublic);
    QVERIFY(adminClient.clientSecret.isEmpty());
    QCOMPARE(adminClient.redirectUris, (QStringList{QStringLiteral("http://127.0.0.1/callback"), QStringLiteral("http://[::1]/callback")}));
    QVERIFY(adminClient.access.kind == AccessPolicy::Kind::Subjects);
    QCOMPARE(adminClient.access.groups, s.admin.groups);
    QVERIFY(adminClient.access.users.isEmpty());
    QCOMPARE(s.home, QStringLiteral("https://app.example.test/start"));
    QCOMPARE(s.threads, 4);
    QCOMPARE(s.limits.maxBodySize, qint64(1024));
    QCOMPARE(s.limits.maxHeaderSize, qint64(4096));
    QCOMPARE(s.limits.headerTimeout.count(), 3000);
    QCOMPARE(s.limits.bodyTimeout.count(), 4000);
    QCOMPARE(s.limits.idleTimeout.count(), 7000);
    QCOMPARE(s.limits.maxConnections, 100);
    QCOMPARE(s.limits.maxConnectionsPerAddress, 8);
    QCOMPARE(s.scriptTimeoutMs, 500);
    QCOMPARE(s.startupNotice, QStringLiteral("Demo account: demo / demo-password"));
}

void TestConfigLoader::issueExample()
{
    // Issue 2, section 6, plus the reference's second provider (section 7).
    const ConfigResult result = load(R"({ "basePath": "/auth", "trustHost": true, "session": { "strategy": "jwt" },
      "callbacksScript": "callbacks.js",
      "providers": [ { "id": "credentials", "type": "credentials", "name": "Credentials",
          "credentials": { "username": { "label": "Username", "type": "text" },
                           "password": { "label": "Password", "type": "password" } },
          "authorize": "authorize" },
        { "id": "local-idp", "type": "oidc", "name": "Local IdP", "issuer": "http://127.0.0.1:9400",
          "clientId": "gatehouse-test", "clientSecret": "gatehouse-test-secret" } ] })");
    QCOMPARE(render(result.problems), QStringList());
    QCOMPARE(result.config.providers.size(), 2);
    QVERIFY(result.config.session.strategy == SessionOptions::Strategy::Jwt);
    QVERIFY(result.config.trustHost);
    const QJsonObject fields = result.config.providers[0].options.value(QStringLiteral("credentials")).toObject();
    QCOMPARE(fields.keys(), (QStringList{QStringLiteral("password"), QStringLiteral("username")}));
}

void TestConfigLoader::errors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QStringList>("expected");
    const QStringList secret{goodSecretVariable()};
    const auto row = [&](const char *name, const QByteArray &json, const QStringList &expected,
                         const QStringList &env = {goodSecretVariable()}) {
        QTest::newRow(name) << json << env << expected;
    };

    row("unknown key, close", R"({"providers": [], "basepath": "/auth"})",
        {R"(basepath: unknown key (did you mean "basePath"?))"});
    row("unknown key, far", R"({"providers": [], "frobnicate": 1})", {"frobnicate: unknown key"});
    row("logger", R"({"providers": [], "logger": {}})",
        {"logger: cannot be set in the JSON configuration (it takes functions)"});
    row("debug type", R"({"providers": [], "debug": "yes"})", {"debug: must be true or false"});

    row("secret missing", R"({"providers": []})", {R"(secret: missing (set AUTH_SECRET or "secret"))"}, {});
    row("secret empty", R"({"providers": [], "secret": ""})", {"secret: must not be empty"}, {});
    row("secret empty list", R"({"providers": [], "secret": []})", {"secret: must not be an empty list"}, {});
    row("secret list item", R"({"providers": [], "secret": ["0123456789abcdef0123456789abcdef", 3]})",
        {"secret[1]: must be a non-empty string"}, {});
    row("secret type", R"({"providers": [], "secret": 42})", {"secret: must be a string or a list of strings"}, {});

    row("basePath relative", R"({"providers": [], "basePath": "auth"})", {R"(basePath: must start with "/")"});
    row("basePath trailing slash", R"({"providers": [], "basePath": "/auth/"})", {R"(basePath: must not end with "/")"});
    row("basePath query", R"({"providers": [], "basePath": "/auth?x"})", {"basePath: must be a plain path such as /auth"});
    row("url garbage", R"({"providers": [], "url": "not a url"})", {"url: not a URL"});
    row("url scheme", R"({"providers": [], "url": "ftp://example.test/"})", {"url: must be an http or https URL"});
    row("AUTH_URL garbage", R"({"providers": []})", {"AUTH_URL: not an http or https URL"},
        {goodSecretVariable(), "AUTH_URL=example.test"});
    row("AUTH_TRUST_HOST garbage", R"({"providers": []})", {"AUTH_TRUST_HOST: must be true, 1, yes, false, 0 or no"},
        {goodSecretVariable(), "AUTH_TRUST_HOST=maybe"});
    row("redirectProxyUrl", R"({"providers": [], "redirectProxyUrl": "/relative"})", {"redirectProxyUrl: not a URL"});

    row("session.maxAge negative", R"({"providers": [], "session": {"maxAge": -5}})",
        {"session.maxAge: must be a positive integer"});
    row("session.maxAge fraction", R"({"providers": [], "session": {"maxAge": 1.5}})",
        {"session.maxAge: must be a positive integer"});
    row("session.maxAge string", R"({"providers": [], "session": {"maxAge": "60"}})",
        {"session.maxAge: must be a positive integer"});
    row("session.updateAge", R"({"providers": [], "session": {"updateAge": -1}})",
        {"session.updateAge: must be a non-negative integer"});
    row("session.strategy typo", R"({"providers": [], "session": {"strategy": "jwtt"}})",
        {R"(session.strategy: must be one of jwt, database (did you mean "jwt"?))"});
    row("database without adapter", R"({"providers": [], "session": {"strategy": "database"}})",
        {R"(session.strategy: "database" needs an adapter (set "adapter" or DATABASE_URL))"});
    row("generateSessionToken", R"({"providers": [], "session": {"generateSessionToken": "uuid"}})",
        {"session.generateSessionToken: cannot be set in the JSON configuration (it takes functions)"});
    row("session not object", R"({"providers": [], "session": "jwt"})", {"session: must be an object"});
    row("jwt.maxAge", R"({"providers": [], "jwt": {"maxAge": 0}})", {"jwt.maxAge: must be a positive integer"});

    row("providers not list", R"({"providers": {}})", {"providers: must be a list"});
    row("provider not object", R"({"providers": ["github"]})", {"providers[0]: must be an object {id, name, type, ...}"});
    row("provider without type", R"({"providers": [{"name": "GitHub"}]})",
        {"providers[0].id: missing",
         "providers[0].type: missing; one of oauth, oidc, email, credentials, webauthn (or the id of a built-in provider)"});
    row("unknown built-in provider", R"({"providers": [{"id": "githb", "clientId": "x"}]})",
        {R"(providers[0].id: "githb" is not a built-in provider (did you mean "github"?); set "type" to configure your own)"});
    row("built-in provider without credentials", R"({"providers": [{"id": "keycloak"}]})",
        {R"(providers[0].clientId: missing (set AUTH_KEYCLOAK_ID or "clientId"))",
         R"(providers[0].issuer: missing (set AUTH_KEYCLOAK_ISSUER or "issuer"))"});
    row("built-in provider overrides", R"({"providers": [{"id": "github", "clientId": "x", "clientSecret": "y",
            "authorization": {"params": {"scope": ["user"]}}, "colour": "red"}]})",
        {"providers[0].authorization.params.scope: must be a string, number or boolean",
         R"(providers[0].colour: unknown key)"});
    row("oauth-only keys", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "profileMapping": {"id": 5, "email": [], "nick": "n"}, "profileFromToken": 1,
            "httpOptions": {"timeout": 0, "agent": "x"}, "endSession": "yes", "idToken": 1,
            "client": {"token_endpoint_auth_method": "client_secret_jwt", "id_token_signed_response_alg": "none", "x": 1}}]})",
        {"providers[0].client.token_endpoint_auth_method: must be one of client_secret_basic, client_secret_post, none",
         "providers[0].client.id_token_signed_response_alg: must be one of RS256, RS384, RS512, PS256, PS384, PS512, "
         "ES256, ES384, ES512, EdDSA, HS256, HS384, HS512",
         "providers[0].client.x: unknown key",
         "providers[0].idToken: must be true or false",
         "providers[0].endSession: must be true or false",
         "providers[0].profileFromToken: must be a string",
         "providers[0].profileMapping.id: must be a claim path, a list of claim paths or null",
         "providers[0].profileMapping.email: must be a claim path, a list of claim paths or null",
         "providers[0].profileMapping.nick: unknown key",
         "providers[0].httpOptions.timeout: must be an integer from 1 to 600000",
         "providers[0].httpOptions.agent: unknown key"});
    row("provider groups claim", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "groups": {"claim": "", "mode": "swap", "prefix": "x"}}]})",
        {"providers[0].groups.claim: must not be empty",
         R"(providers[0].groups.mode: must be one of replace, merge)",
         "providers[0].groups.prefix: unknown key"});
    row("provider groups without mode", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "groups": {"claim": "roles"}}]})",
        {"providers[0].groups.mode: must be one of replace, merge"});
    row("provider groups not object", R"({"providers": [{"id": "o", "name": "O", "type": "oauth", "clientId": "x",
            "issuer": "https://idp.test", "groups": "groups"}]})",
        {"providers[0].groups: must be an object"});
    row("provider type unknown", R"({"providers": [{"id": "x", "name": "X", "type": "oauth2"}]})",
        {R"(providers[0].type: must be one of oauth, oidc, email, credentials, webauthn (did you mean "oauth"?))"});
    row("provider id and name missing", R"({"providers": [{"type": "credentials", "authorize": "f"}], "callbacksScript": "callbacks.js"})",
        {"providers[0].id: missing", "providers[0].name: missing"});
    row("provider id characters", R"({"providers": [{"id": "my idp", "name": "X", "type": "credentials", "authorize": "f"}], "callbacksScript": "callbacks.js"})",
        {R"(providers[0].id: may contain only letters, digits, "-" and "_")"});
    row("provider duplicate id", R"({"callbacksScript": "callbacks.js", "providers": [
            {"id": "c", "name": "A", "type": "credentials", "authorize": "f"},
            {"id": "c", "name": "B", "type": "credentials", "authorize": "g"}]})",
        {R"(providers[1].id: duplicate id "c" (also providers[0]))"});
    row("issuer not a URL", R"({"callbacksScript": "callbacks.js", "providers": [
            {"id": "c", "name": "C", "type": "credentials", "authorize": "authorize"},
            {"id": "idp", "name": "IdP", "type": "oidc", "issuer": "not a url", "clientId": "x"}]})",
        {"providers[1].issuer: not a URL"});
    row("oidc without issuer", R"({"providers": [{"id": "local-idp", "name": "IdP", "type": "oidc", "clientId": "x"}]})",
        {R"(providers[0].issuer: missing (set AUTH_LOCAL_IDP_ISSUER or "issuer"))"});
    row("oauth without clientId and endpoints", R"({"providers": [{"id": "git-hub", "name": "GitHub", "type": "oauth"}]})",
        {R"(providers[0].clientId: missing (set AUTH_GIT_HUB_ID or "clientId"))",
         R"(providers[0].authorization: missing (or set "issuer" for discovery))",
         R"(providers[0].token: missing (or set "issuer" for discovery))"});
    row("oauth endpoint object", R"({"providers": [{"id": "o", "name": "O", "type": "oauth", "clientId": "x",
            "authorization": {"url": "https://idp.test/authorize", "params": {"scope": ["a"]}, "extra": 1},
            "token": 5}]})",
        {"providers[0].authorization.params.scope: must be a string, number or boolean",
         "providers[0].authorization.extra: unknown key",
         "providers[0].token: must be a URL or an object {url, params}"});
    row("oidc checks", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "checks": ["nonce", "states"]}]})",
        {R"(providers[0].checks[1]: must be one of none, state, nonce, pkce (did you mean "state"?))"});
    row("oauth has no nonce", R"({"providers": [{"id": "o", "name": "O", "type": "oauth", "clientId": "x",
            "issuer": "https://idp.test", "checks": "pkce"}]})",
        {"providers[0].checks: must be a list"});
    row("provider key typo", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientID": "x",
            "issuer": "https://idp.test"}]})",
        {R"(providers[0].clientId: missing (set AUTH_O_ID or "clientId"))",
         R"(providers[0].clientID: unknown key (did you mean "clientId"?))"});
    row("provider function keys", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "profile": "mapProfile", "account": "function (t) { return t; }"}]})",
        {R"(providers[0].profile: needs "callbacksScript")",
         "providers[0].account: must be the name of a JavaScript function"});
    row("style colour", R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
            "issuer": "https://idp.test", "style": {"brandColor": "red;}body{"}}]})",
        {"providers[0].style.brandColor: not a CSS colour"});
    row("credentials without authorize", R"({"providers": [{"id": "c", "name": "C", "type": "credentials"}]})",
        {R"(providers[0].authorize: missing (the name of a function in "callbacksScript"))"});
    row("authorize not a name", R"({"callbacksScript": "callbacks.js", "providers": [{"id": "c", "name": "C", "type": "credentials", "authorize": "function() {}"}]})",
        {"providers[0].authorize: must be the name of a JavaScript function"});
    row("authorize without script", R"({"providers": [{"id": "c", "name": "C", "type": "credentials", "authorize": "authorize"}]})",
        {R"(providers[0].authorize: needs "callbacksScript")"});
    row("credentials field", R"({"callbacksScript": "callbacks.js", "providers": [{"id": "c", "name": "C", "type": "credentials",
            "authorize": "authorize", "credentials": {"username": "text", "password": {"label": 1, "kind": "password"}}}]})",
        {"providers[0].credentials.password.label: must be a string",
         "providers[0].credentials.password.kind: unknown key",
         "providers[0].credentials.username: must be an object {label, type, ...}"});
    row("email without adapter", R"({"providers": [{"id": "email", "name": "Email", "type": "email", "from": "a@b.test",
            "server": "smtp://127.0.0.1:25"}]})",
        {R"(providers[0].type: an email provider needs an adapter (set "adapter" or DATABASE_URL))"});
    row("email server port", R"({"adapter": {"url": "sqlite:///tmp/x.db"}, "providers": [{"id": "email", "name": "Email", "type": "email",
            "from": "a@b.test", "server": {"host": "localhost", "port": 70000}}]})",
        {"providers[0].server.port: must be an integer from 1 to 65535"});
    row("webauthn disabled", R"({"providers": [{"id": "passkey", "name": "Passkey", "type": "webauthn"}]})",
        {R"(providers[0].type: "webauthn" needs "experimental": {"enableWebAuthn": true})",
         R"(providers[0].type: a webauthn provider needs an adapter (set "adapter" or DATABASE_URL))"});
    row("webauthn algorithms", R"({"adapter": {"url": "sqlite:///tmp/x.db"}, "experimental": {"enableWebAuthn": true},
            "providers": [{"id": "passkey", "name": "Passkey", "type": "webauthn",
                           "registrationOptions": {"supportedAlgorithmIDs": [-7, -99], "other": 1}}]})",
        {"providers[0].registrationOptions.supportedAlgorithmIDs: must be a non-empty list of -8 (EdDSA), -7 (ES256) or -257 (RS256)",
         "providers[0].registrationOptions.other: unknown key"});

    row("adapter scheme", R"({"providers": [], "adapter": {"url": "redis://localhost"}})",
        {R"(adapter.url: unsupported database "redis"; one of sqlite, postgresql, postgres, mysql, mariadb)"});
    row("adapter without url", R"({"providers": [], "adapter": {}})",
        {R"(adapter.url: missing (set DATABASE_URL or "url"))"});
    row("DATABASE_URL scheme", R"({"providers": []})",
        {R"(DATABASE_URL: unsupported database "postgress"; one of sqlite, postgresql, postgres, mysql, mariadb (did you mean "postgres"?))"},
        {goodSecretVariable(), "DATABASE_URL=postgress://db/x"});
    row("adapter url as the adapter reads it", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/g.db?journal_mode=off"}})",
        {R"(adapter.url: invalid database URL "sqlite:///tmp/g.db?journal_mode=off": unknown option "journal_mode" (SQLite takes cache_size and mmap_size))"});
    row("DATABASE_URL as the adapter reads it", R"({"providers": []})",
        {R"(DATABASE_URL: invalid database URL "sqlite://relative.db": it names a host ("relative.db"); )"
         R"(write sqlite:relative/path.db for a file relative to the working directory or sqlite:///absolute/path.db)"},
        {goodSecretVariable(), "DATABASE_URL=sqlite://relative.db"});
    row("adapter url with an empty host in its list", R"({"providers": [], "adapter": {"url": "postgresql://gatehouse@db1:5432,,db2:5432/gatehouse"}})",
        {R"(adapter.url: invalid database URL "postgresql://gatehouse@db1:5432,,db2:5432/gatehouse": host 2 of 3 is empty (a comma too many?))"});
    row("DATABASE_URL with more hosts than ports", R"({"providers": []})",
        {R"(DATABASE_URL: invalid database URL "postgresql://g:***@db1,db2,db3/gh?port=5432,5433": 3 hosts but 2 ports in )"
         R"(port=5432,5433: give one port for all, or one for each host)"},
        {goodSecretVariable(), "DATABASE_URL=postgresql://g:hunter2@db1,db2,db3/gh?port=5432,5433"});

    row("callbacksScript missing file", R"({"providers": [], "callbacksScript": "missing.js"})",
        {"callbacksScript: file not found: %DIR%/missing.js"});
    row("callbacks without script", R"({"providers": [], "callbacks": {"jwt": "myJwt"}})",
        {R"(callbacks.jwt: needs "callbacksScript")"});
    row("callbacks typo", R"({"providers": [], "callbacksScript": "callbacks.js", "callbacks": {"jwtt": "myJwt"}})",
        {R"(callbacks.jwtt: unknown key (did you mean "jwt"?))"});
    row("events not a name", R"({"providers": [], "callbacksScript": "callbacks.js", "events": {"signIn": 5}})",
        {"events.signIn: must be the name of a JavaScript function"});

    row("cookie name", R"({"providers": [], "cookies": {"sessionToken": {"name": "my session"}}})",
        {"cookies.sessionToken.name: not a valid cookie name"});
    row("cookie without name", R"({"providers": [], "cookies": {"csrfToken": {"options": {"path": "x", "sameSite": "sideways"}}}})",
        {"cookies.csrfToken.name: missing", R"(cookies.csrfToken.options.path: must start with "/")",
         "cookies.csrfToken.options.sameSite: must be one of lax, strict, none"});
    row("cookie unknown", R"({"providers": [], "cookies": {"session": {"name": "s"}}})", {"cookies.session: unknown key"});
    row("pages.account", R"({"providers": [], "pages": {"account": true}})",
        {R"(pages.account: must be a path ("/account"), an http(s) URL, or false (no account page))"});
    row("pages.account not a path", R"({"providers": [], "pages": {"account": "me"}})",
        {R"(pages.account: must be a path ("/account"), an http(s) URL, or false (no account page))"});
    row("pages", R"({"providers": [], "pages": {"signIn": "login", "signout": "/bye", "twoFactor": "javascript:x"}})",
        {R"(pages.signIn: must be a path ("/login") or an http(s) URL)",
         R"(pages.twoFactor: must be a path ("/login") or an http(s) URL)",
         R"(pages.signout: unknown key (did you mean "signOut"?))"});
    row("theme", R"json({"providers": [], "theme": {"colorScheme": "blue", "brandColor": "red; background: url(x)",
            "logo": "javascript:alert(1)"}})json",
        {"theme.colorScheme: must be one of auto, dark, light", "theme.brandColor: not a CSS colour",
         "theme.logo: must be an http(s) URL or a path"});
    row("experimental", R"({"providers": [], "experimental": {"enableWebAuthn": 1}})",
        {"experimental.enableWebAuthn: must be true or false"});
    row("rateLimit", R"({"providers": [], "rateLimit": {"windowSeconds": 0, "identifierField": ""}})",
        {"rateLimit.windowSeconds: must be a positive integer", "rateLimit.identifierField: must not be empty"});
    row("account", R"({"providers": [], "account": {"reauthenticateAfter": -1, "reauthenticateAftr": 60}})",
        {"account.reauthenticateAfter: must be an integer from 0 to 31622400",
         R"(account.reauthenticateAftr: unknown key (did you mean "reauthenticateAfter"?))"});
    row("account.passwordReset", R"({"providers": [], "account": {"passwordReset": "off"}})",
        {R"(account.passwordReset: must be true, false or an object {"enabled", "lifetime"})"});
    row("account.passwordReset object", R"({"providers": [], "account": {"passwordReset": {"enabled": 1, "lifetime": 30, "lifetme": 60}}})",
        {"account.passwordReset.enabled: must be true or false",
         "account.passwordReset.lifetime: must be an integer from 60 to 86400",
         R"(account.passwordReset.lifetme: unknown key (did you mean "lifetime"?))"});
    row("twoFactor", R"({"providers": [], "twoFactor": {"required": "sometimes", "maxAge": 0, "maxage": 60}})",
        {"twoFactor.required: must be one of never, optional, always", "twoFactor.maxAge: must be an integer from 1 to 3600",
         R"(twoFactor.maxage: unknown key (did you mean "maxAge"?))"});
    row("twoFactor always without adapter", R"({"providers": [], "twoFactor": {"required": "always"}})",
        {R"(twoFactor.required: "always" needs an adapter that keeps two-factor records (set "adapter" or DATABASE_URL))"});
    row("twoFactor requiredGroups not a list", R"({"providers": [], "twoFactor": {"requiredGroups": "admins"}})",
        {"twoFactor.requiredGroups: must be a list of strings"});
    row("twoFactor requiredGroups not strings", R"({"providers": [], "twoFactor": {"requiredGroups": ["admins", 7]}})",
        {"twoFactor.requiredGroups: must be a list of strings"});
    row("twoFactor requiredGroups empty", R"({"providers": [], "twoFactor": {"requiredGroups": []}})",
        {"twoFactor.requiredGroups: names no groups: leave it out, or name the groups whose members must use a second factor"});
    row("twoFactor requiredGroups invalid name", R"({"providers": [], "twoFactor": {"requiredGroups": ["admins", "a,b"]}})",
        {"twoFactor.requiredGroups[1]: is not a valid group name (empty, longer than 128 characters, or with a comma, "
         "a control character or a space at either end)"});
    row("twoFactor requiredGroups outer space", R"({"providers": [], "twoFactor": {"requiredGroups": [" admins"]}})",
        {"twoFactor.requiredGroups[0]: is not a valid group name (empty, longer than 128 characters, or with a comma, "
         "a control character or a space at either end)"});
    row("twoFactor requiredGroups empty name", R"({"providers": [], "twoFactor": {"requiredGroups": [""]}})",
        {"twoFactor.requiredGroups[0]: is not a valid group name (empty, longer than 128 characters, or with a comma, "
         "a control character or a space at either end)"});
    row("trustedProxies", R"({"providers": [], "trustedProxies": ["127.0.0.1", "proxy.internal", "10.0.0.0/33", 7]})",
        {"trustedProxies[1]: not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)",
         "trustedProxies[2]: not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)",
         "trustedProxies[3]: not an IP address or subnet (127.0.0.1, ::1, 10.0.0.0/8)"});
    row("trustedProxies not a list", R"({"providers": [], "trustedProxies": "127.0.0.1"})",
        {R"(trustedProxies: must be a list of proxy addresses or subnets, for example ["127.0.0.1", "10.0.0.0/8"])"});
    row("server", R"({"providers": [], "server": {"listen": "localhost", "threads": -1, "port": 3000,
            "idleTimeoutMs": 0, "maxBodySize": 0}})",
        {"server.listen: must be IP-ADDRESS:PORT, for example 127.0.0.1:3000 or [::1]:3000",
         "server.threads: must be an integer from 0 to 1024", "server.maxBodySize: must be a positive integer",
         "server.idleTimeoutMs: must be an integer from 1 to 3600000", "server.port: unknown key"});
    row("server connection limits", R"({"providers": [], "server": {"maxHeaderSize": 200000,
            "maxConnections": 0, "maxConnectionsPerAddress": "64"}})",
        {"server.maxHeaderSize: must be an integer from 1024 to 102400",
         "server.maxConnections: must be an integer from 1 to 1000000",
         "server.maxConnectionsPerAddress: must be an integer from 0 to 1000000"});
    row("server.metricsListen", R"({"providers": [], "server": {"metricsListen": "9464"}})",
        {"server.metricsListen: must be IP-ADDRESS:PORT, for example 127.0.0.1:9464 (metrics are off when the key is absent)"});
    row("server.metricsListen on the public port",
        R"({"providers": [], "server": {"listen": "127.0.0.1:3000", "metricsListen": "0.0.0.0:3000"}})",
        {"server.metricsListen: must differ from server.listen: metrics are never served on the public address"});
    row("server.home", R"({"providers": [], "server": {"home": "ftp://files.example/"}})",
        {R"(server.home: must be a path ("/login") or an http(s) URL)"});
    row("server.home on another site by a path", R"({"providers": [], "server": {"home": "//evil.example/"}})",
        {R"(server.home: must be a path ("/login") or an http(s) URL)"});
    row("admin without a database", R"({"providers": [], "admin": {"groups": ["admins"]}})",
        {"admin: the admin API needs a database (adapter.url or DATABASE_URL): its tokens are stored there"});
    row("admin client id taken", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {"groups": ["admins"]},
                                     "oidcProvider": {"clients": [{"clientId": "gatehouse-admin", "public": true,
                                                                   "redirectUris": ["http://127.0.0.1/cb"]}]}})",
        {"admin: the OpenID Provider's client id gatehouse-admin is gatehouse-admin's while admin is configured: rename the configured client"});
    row("adminListen without admin", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
                                         "server": {"adminListen": "127.0.0.1:9443"}})",
        {R"(server.adminListen: needs "admin": the admin API is off without it)"});
    row("adminListen not an address", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {},
                                          "server": {"adminListen": "9443"}})",
        {"server.adminListen: must be IP-ADDRESS:PORT, for example 10.0.0.2:9443 (without the key the admin API is served on server.listen)"});
    row("adminListen on the public address", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {},
                                                 "server": {"listen": "127.0.0.1:3000", "adminListen": "0.0.0.0:3000"}})",
        {"server.adminListen: must differ from server.listen and server.metricsListen: the admin API on its own address is served only there"});
    row("adminListen on the metrics address", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {},
                                                  "server": {"metricsListen": "127.0.0.1:9464", "adminListen": "127.0.0.1:9464"}})",
        {"server.adminListen: must differ from server.listen and server.metricsListen: the admin API on its own address is served only there"});
    row("admin not an object", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": true})",
        {"admin: must be an object"});
    row("admin unknown key", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {"group": ["admins"]}})",
        {R"(admin.group: unknown key (did you mean "groups"?))"});
    row("admin groups not a list", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {"groups": "admins"}})",
        {R"(admin.groups: must be a list of group names, for example ["admins"])"});
    row("admin group names", R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
                                 "admin": {"groups": ["admins", 7, "a,b", " ops"]}})",
        {"admin.groups[1]: must be a string", "admin.groups[2]: is not a group name: it contains a comma (identity headers list groups separated by commas)",
         "admin.groups[3]: is not a group name: it begins or ends with a space"});
    row("server.home the root itself", R"({"providers": [], "server": {"home": "/?x=1"}})",
        {R"(server.home: must not be "/": the root redirects to it (leave the key out for the account page))"});
}

void TestConfigLoader::errors()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, env);
    QFETCH(QStringList, expected);
    const ConfigResult result = load(json, env);
    expected.replaceInStrings(QStringLiteral("%DIR%"), m_dir.path());
    QCOMPARE(render(result.errors()), expected);
    QVERIFY(!result.isValid());
}

void TestConfigLoader::warnings_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("short secret") << QByteArray(R"({"providers": [], "secret": "short"})") << QStringList()
        << QStringList{"secret: shorter than 32 characters; use a long random value (gatehouse-server secret prints one)"};
    QTest::newRow("short rotated secret")
        << QByteArray(R"({"providers": []})") << QStringList{goodSecretVariable(), "AUTH_SECRET_1=old"}
        << QStringList{"AUTH_SECRET_1: shorter than 32 characters; use a long random value (gatehouse-server secret prints one)"};
    QTest::newRow("environment secret ignored")
        << QByteArray(R"({"providers": [], "secret": "0123456789abcdef0123456789abcdef"})")
        << QStringList{goodSecretVariable()}
        << QStringList{R"(AUTH_SECRET: ignored: "secret" in the configuration wins)"};
    QTest::newRow("no providers") << QByteArray("{}") << QStringList{goodSecretVariable()}
        << QStringList{"providers: no providers configured; nobody can sign in"};
    QTest::newRow("skipCSRFCheck") << QByteArray(R"({"providers": [], "skipCSRFCheck": true})")
        << QStringList{goodSecretVariable()} << QStringList{"skipCSRFCheck: CSRF protection is off"};
    QTest::newRow("rate limit off") << QByteArray(R"({"providers": [], "rateLimit": {"enabled": false}})")
        << QStringList{goodSecretVariable()}
        << QStringList{"rateLimit.enabled: brute-force protection of credentials sign-ins is off"};
    QTest::newRow("SameSite=None")
        << QByteArray(R"({"providers": [], "cookies": {"state": {"name": "s", "options": {"sameSite": "none"}}}})")
        << QStringList{goodSecretVariable()}
        << QStringList{"cookies.state.options.sameSite: browsers reject SameSite=None cookies that are not secure"};
    QTest::newRow("deprecated style")
        << QByteArray(R"({"providers": [{"id": "o", "name": "O", "type": "oidc", "clientId": "x",
                         "issuer": "https://idp.test", "style": {"bg": "#fff"}}]})")
        << QStringList{goodSecretVariable()}
        << QStringList{R"(providers[0].style.bg: deprecated; use "brandColor")"};
    QTest::newRow("requiredGroups with always")
        << QByteArray(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
                         "twoFactor": {"required": "always", "requiredGroups": ["admins"]}})")
        << QStringList{goodSecretVariable()}
        << QStringList{R"(twoFactor.requiredGroups: has an effect only with "required": "optional" ("always" asks everyone, "never" nobody))"};
    QTest::newRow("requiredGroups with never")
        << QByteArray(R"({"providers": [], "twoFactor": {"required": "never", "requiredGroups": ["admins"]}})")
        << QStringList{goodSecretVariable()}
        << QStringList{R"(twoFactor.requiredGroups: has an effect only with "required": "optional" ("always" asks everyone, "never" nobody))"};
    QTest::newRow("url path differs")
        << QByteArray(R"({"providers": [], "basePath": "/auth"})")
        << QStringList{goodSecretVariable(), "AUTH_URL=https://example.test/api/auth"}
        << QStringList{R"(AUTH_URL: its path "/api/auth" differs from basePath "/auth"; basePath is used)"};
}

void TestConfigLoader::warnings()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, env);
    QFETCH(QStringList, expected);
    const ConfigResult result = load(json, env);
    QCOMPARE(render(result.warnings()), expected);
    QCOMPARE(render(result.errors()), QStringList());
    QVERIFY(result.isValid());
}

// Every catalogue entry loads by id alone (plus credentials), keeps its endpoints and its
// name, and takes overrides.
void TestConfigLoader::everyBuiltinProvider()
{
    const QStringList ids = builtinProviderIds();
    QVERIFY(ids.size() >= 30);
    QJsonArray providers;
    for (const QString &id : ids) {
        providers.append(QJsonObject{{"id", id}, {"clientId", "id-" + id}, {"clientSecret", "secret"},
                                     {"issuer", "https://idp.test/" + id}});
    }
    const ConfigResult result = load(QJsonDocument(QJsonObject{{"providers", providers}}).toJson());
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.providers.size(), ids.size());
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const Provider &p = result.config.providers.at(i);
        const Provider builtin = builtinProvider(ids.at(i));
        QCOMPARE(p.id, ids.at(i));
        QCOMPARE(p.name, builtin.name);
        QCOMPARE(p.type, builtin.type);
        QCOMPARE(p.options.value("clientId").toString(), "id-" + ids.at(i));
        QCOMPARE(p.options.value("style"), builtin.options.value("style"));
    }

    const ConfigResult github = load(R"({"providers": [{"id": "github", "name": "GitHub Enterprise",
        "authorization": {"params": {"scope": "repo"}}}]})",
                                     {goodSecretVariable(), "AUTH_GITHUB_ID=gh-id", "AUTH_GITHUB_SECRET=gh-secret"});
    QVERIFY2(github.isValid(), qPrintable(render(github.problems).join(u'\n')));
    const Provider &p = github.config.providers.at(0);
    QCOMPARE(p.name, QStringLiteral("GitHub Enterprise"));
    QCOMPARE(p.options.value("authorization").toObject().value("url").toString(),
             QStringLiteral("https://github.com/login/oauth/authorize"));  // the URL stays
    QCOMPARE(p.options.value("authorization").toObject().value("params").toObject().value("scope").toString(),
             QStringLiteral("repo"));
    QCOMPARE(p.options.value("clientSecret").toString(), QStringLiteral("gh-secret"));
}

void TestConfigLoader::allProblemsAtOnce()
{
    const ConfigResult result = load(R"({"basePath": "x", "session": {"maxAge": 0}, "theme": {"colorScheme": "x"},
        "providers": [{"id": "i", "name": "I", "type": "oidc", "clientId": "c", "issuer": "nope"}]})", {});
    // The reader's problems in the order of the keys, then the checker's.
    QCOMPARE(render(result.errors()),
             (QStringList{R"(secret: missing (set AUTH_SECRET or "secret"))", "providers[0].issuer: not a URL",
                          "session.maxAge: must be a positive integer",
                          "theme.colorScheme: must be one of auto, dark, light", R"(basePath: must start with "/")"}));
}

// The root is a base path like any other: the engine serves /signin, /session, ... then.
void TestConfigLoader::rootBasePath()
{
    const ConfigResult result = load(R"({"providers": [], "basePath": "/"})");
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QCOMPARE(result.config.basePath, QStringLiteral("/"));
}

void TestConfigLoader::syntaxErrors_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");

    QTest::newRow("missing comma") << QByteArray("{\n  \"basePath\": \"/auth\"\n  \"debug\": true\n}\n")
                                   << QStringLiteral("3:3: JSON syntax error: unterminated object");
    QTest::newRow("unterminated string") << QByteArray("{\n  \"basePath\": \"/auth\n}\n")
                                         << QStringLiteral("4:1: JSON syntax error: unterminated string");
    QTest::newRow("trailing comma") << QByteArray("{\"debug\": true,\n}")
                                    << QStringLiteral("2:1: JSON syntax error: object is missing after a comma");
    QTest::newRow("not an object") << QByteArray("[1, 2]\n")
                                   << QStringLiteral(" the configuration must be a JSON object {...}");
}

void TestConfigLoader::syntaxErrors()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const QString path = m_dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();
    const ConfigResult result = loadConfigFile(path, environment({goodSecretVariable()}));
    QCOMPARE(render(result.problems), QStringList{path + QStringLiteral(":") + expected});
}

void TestConfigLoader::unreadableFile()
{
    const QString path = m_dir.filePath(QStringLiteral("absent.json"));
    const ConfigResult result = loadConfigFile(path, environment({goodSecretVariable()}));
    QCOMPARE(result.errors().size(), 1);
    QVERIFY2(result.errors().first().message.startsWith(QStringLiteral("cannot read ") + path + u':'),
             qPrintable(result.errors().first().message));
}

// "always" with storage, and the groups whose members are treated as "always" under "optional".
void TestConfigLoader::twoFactorPolicy()
{
    const ConfigResult always = load(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"},
                                         "twoFactor": {"required": "always"}})");
    QCOMPARE(render(always.problems), QStringList());
    QCOMPARE(always.config.twoFactor.required, TwoFactorSignInOptions::Required::Always);
    QVERIFY(always.config.twoFactor.requiredGroups.isEmpty());
    const ConfigResult groups = load(R"({"providers": [], "twoFactor": {"requiredGroups": ["admins", "Ops team", "admins"]}})");
    QCOMPARE(render(groups.problems), QStringList());
    QCOMPARE(groups.config.twoFactor.required, TwoFactorSignInOptions::Required::Optional);
    QCOMPARE(groups.config.twoFactor.requiredGroups, (QStringList{QStringLiteral("admins"), QStringLiteral("Ops team")}));
}

void TestConfigLoader::accountPageOff()
{
    const ServerConfigResult result = load(R"json({"secret": "a-secret-that-is-long-enough-for-the-tests-0123", "providers": [], "pages": {"account": false}})json", {});
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QVERIFY(!result.config.pages.accountPage);
    QVERIFY(result.config.pages.account.isEmpty());
}

void TestConfigLoader::passwordResetOff()
{
    const ServerConfigResult result = load(R"json({"secret": "a-secret-that-is-long-enough-for-the-tests-0123", "providers": [], "account": {"passwordReset": false}})json", {});
    QVERIFY2(result.isValid(), qPrintable(render(result.problems).join(u'\n')));
    QVERIFY(!result.config.account.passwordReset.enabled);
    QCOMPARE(result.config.account.passwordReset.lifetime, qint64(900));
}

void TestConfigLoader::listenAddress_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QHostAddress>("address");
    QTest::addColumn<int>("port");

    QTest::newRow("IPv4") << QStringLiteral("127.0.0.1:3000") << true << QHostAddress(QStringLiteral("127.0.0.1")) << 3000;
    QTest::newRow("any IPv4") << QStringLiteral("0.0.0.0:80") << true << QHostAddress(QHostAddress::AnyIPv4) << 80;
    QTest::newRow("IPv6") << QStringLiteral("[::1]:8080") << true << QHostAddress(QHostAddress::LocalHostIPv6) << 8080;
    QTest::newRow("localhost") << QStringLiteral("localhost:3000") << true << QHostAddress(QHostAddress::LocalHost) << 3000;
    QTest::newRow("no port") << QStringLiteral("127.0.0.1") << false << QHostAddress() << 0;
    QTest::newRow("port 0: any free one") << QStringLiteral("127.0.0.1:0") << true << QHostAddress(QStringLiteral("127.0.0.1")) << 0;
    QTest::newRow("port too large") << QStringLiteral("127.0.0.1:65536") << false << QHostAddress() << 0;
    QTest::newRow("host name") << QStringLiteral("example.test:80") << false << QHostAddress() << 0;
    QTest::newRow("IPv6 without brackets") << QStringLiteral("::1:3000") << false << QHostAddress() << 0;
    QTest::newRow("IPv4 in brackets") << QStringLiteral("[127.0.0.1]:3000") << false << QHostAddress() << 0;
    QTest::newRow("empty host") << QStringLiteral(":3000") << false << QHostAddress() << 0;
}

void TestConfigLoader::listenAddress()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QHostAddress, address);
    QFETCH(int, port);
    QHostAddress parsedAddress;
    quint16 parsedPort = 0;
    QCOMPARE(parseListenAddress(text, &parsedAddress, &parsedPort), valid);
    if (valid) {
        QCOMPARE(parsedAddress, address);
        QCOMPARE(int(parsedPort), port);
    }
}

QTEST_GUILESS_MAIN(TestConfigLoader)
// Port 0 asks the system for a free port: two such listeners get two ports, so they never
// share one (tests and a second instance on a workstation use it).
void TestConfigLoader::freePortsNeverShare()
{
    const ServerConfigResult result = load(R"({"providers": [], "adapter": {"url": "sqlite:///tmp/x.db"}, "admin": {},
                                               "server": {"listen": "127.0.0.1:0", "metricsListen": "127.0.0.1:0",
                                                          "adminListen": "127.0.0.1:0"}})");
    QCOMPARE(render(result.problems), QStringList());
    QCOMPARE(result.server.adminListen, QStringLiteral("127.0.0.1:0"));
    QCOMPARE(result.server.metricsListen, QStringLiteral("127.0.0.1:0"));
}

#include "tst_configloader.moc"
