// oidcProvider: its clients read from JSON (secrets from files too) and checked by checkConfig().
#include <gatehouse/configcheck.h>
#include <gatehouse/configloader.h>

#include "configjson.h"
#include "problemtexts.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using Kind = AccessPolicy::Kind;

namespace {

const QString secret = QStringLiteral("client-secret-0123456789abcdef-0123456789");

//! A configuration with one client: \a members (JSON, without braces) after its clientId.
QByteArray withClient(const QByteArray &members)
{
    return R"({"providers": [], "oidcProvider": {"clients": [{"clientId": "app", )" + members + "}]}}";
}

} // namespace

class TestOidcProviderConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void issueExample();
    void absentMeansNoProvider();
    void defaults();
    void secretFromFile();
    void problems_data();
    void problems();
    void indicesStayAfterABrokenClient();
    void checkConfigOnItsOwn();
};

void TestOidcProviderConfig::issueExample()
{
    const ConfigResult result = loadJson(R"({"providers": [], "oidcProvider": {"clients": [
        {"clientId": "grafana", "name": "Grafana", "clientSecret": "client-secret-0123456789abcdef-0123456789",
         "redirectUris": ["https://grafana.example.test/login/generic_oauth"],
         "postLogoutRedirectUris": ["https://grafana.example.test/login"], "public": false,
         "scopes": ["openid", "profile", "email", "groups"], "access": {"users": ["root@example.test"], "groups": ["admins"]},
         "consent": false, "backchannelLogoutUri": "https://grafana.example.test/logout/backchannel",
         "backchannelLogoutSessionRequired": true, "idTokenSignedResponseAlg": "ES256"},
        {"clientId": "desktop", "public": true, "redirectUris": ["http://127.0.0.1/callback"]}]}})");
    QCOMPARE(render(result.problems), QStringList());
    QVERIFY(result.config.oidcProvider);
    const QList<OidcClient> &clients = result.config.oidcProvider->clients;
    QCOMPARE(clients.size(), 2);
    const OidcClient &grafana = clients.at(0);
    QCOMPARE(grafana.clientId, QStringLiteral("grafana"));
    QCOMPARE(grafana.displayName(), QStringLiteral("Grafana"));
    QCOMPARE(clients.at(1).displayName(), QStringLiteral("desktop"));  // no name: its id
    QCOMPARE(grafana.clientSecret, secret);
    QVERIFY(!grafana.isPublic);
    QCOMPARE(grafana.redirectUris, QStringList{"https://grafana.example.test/login/generic_oauth"});
    QCOMPARE(grafana.postLogoutRedirectUris, QStringList{"https://grafana.example.test/login"});
    QCOMPARE(grafana.scopes, (QStringList{"openid", "profile", "email", "groups"}));
    QCOMPARE(grafana.access.kind, Kind::Subjects);
    QCOMPARE(grafana.access.users, QStringList{"root@example.test"});
    QCOMPARE(grafana.access.groups, QStringList{"admins"});
    QVERIFY(!grafana.consent);
    QCOMPARE(grafana.backchannelLogoutUri, QStringLiteral("https://grafana.example.test/logout/backchannel"));
    QVERIFY(grafana.backchannelLogoutSessionRequired);
    QCOMPARE(grafana.idTokenSignedResponseAlg, QStringLiteral("ES256"));
    const OidcClient &desktop = clients.at(1);
    QVERIFY(desktop.isPublic);
    QVERIFY(desktop.clientSecret.isEmpty());
}

void TestOidcProviderConfig::absentMeansNoProvider()
{
    const ConfigResult result = loadJson(R"({"providers": []})");
    QCOMPARE(render(result.problems), QStringList());
    QVERIFY(!result.config.oidcProvider);
    QVERIFY(checkConfig(Config()).isEmpty());
}

void TestOidcProviderConfig::defaults()
{
    const ConfigResult result = loadJson(withClient(R"("clientSecret": ")" + secret.toUtf8() + R"(")"));
    QCOMPARE(render(result.problems), QStringList());
    const OidcClient &client = result.config.oidcProvider->clients.at(0);
    QCOMPARE(client.scopes, QStringList{"openid"});
    QCOMPARE(client.access.kind, Kind::SignedIn);
    QVERIFY(client.consent);
    QCOMPARE(client.idTokenSignedResponseAlg, QStringLiteral("RS256"));
    QVERIFY(client.redirectUris.isEmpty());
    QVERIFY(client.backchannelLogoutUri.isEmpty());
    QVERIFY(!client.backchannelLogoutSessionRequired);
    QCOMPARE(client.grantTypes, (QStringList{"authorization_code", "refresh_token"}));
    QCOMPARE(result.config.oidcProvider->refreshTokenLifetime, 30 * 24 * 3600);
    QCOMPARE(result.config.oidcProvider->refreshTokenIdleLifetime, 14 * 24 * 3600);

    const ConfigResult set = loadJson(R"({"providers": [], "oidcProvider": {"refreshTokenLifetime": 86400,
        "refreshTokenIdleLifetime": 3600, "clients": [{"clientId": "app", "clientSecret": ")" + secret.toUtf8()
                                      + R"(", "grantTypes": ["authorization_code"]}]}})");
    QCOMPARE(render(set.problems), QStringList());
    QCOMPARE(set.config.oidcProvider->refreshTokenLifetime, 86400);
    QCOMPARE(set.config.oidcProvider->refreshTokenIdleLifetime, 3600);
    QCOMPARE(set.config.oidcProvider->clients.at(0).grantTypes, QStringList{"authorization_code"});
}

void TestOidcProviderConfig::secretFromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("grafana.secret")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(secret.toUtf8() + "\n");
    file.close();
    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));

    const ConfigResult result = loadJson(withClient(R"("clientSecretFile": "grafana.secret")"), dir.path());
    QCOMPARE(render(result.problems), QStringList());
    QCOMPARE(result.config.oidcProvider->clients.at(0).clientSecret, secret);

    const ConfigResult both =
        loadJson(withClient(R"("clientSecret": ")" + secret.toUtf8() + R"(", "clientSecretFile": "grafana.secret")"), dir.path());
    QCOMPARE(render(both.problems),
             QStringList{"oidcProvider.clients[0].clientSecretFile: give either clientSecret or clientSecretFile, not both"});

    const ConfigResult missing = loadJson(withClient(R"("clientSecretFile": "nothing-here")"), dir.path());
    // The file's problem, and what it means: the client has no secret (never an empty one).
    QCOMPARE(missing.problems.size(), 2);
    QVERIFY(missing.problems.at(0).toString().startsWith("oidcProvider.clients[0].clientSecretFile: cannot read "));
    QVERIFY(missing.problems.at(1).toString().startsWith("oidcProvider.clients[0].clientSecret: missing: "));
    QVERIFY(missing.config.oidcProvider->clients.at(0).clientSecret.isEmpty());
}

void TestOidcProviderConfig::problems_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected");

    const QByteArray s = R"("clientSecret": ")" + secret.toUtf8() + R"(", )";
    const QString at = QStringLiteral("oidcProvider.clients[0].");
    const auto one = [&at](const QString &key, const QString &message) { return QStringList{at + key + ": " + message}; };

    QTest::newRow("not an object") << QByteArray(R"({"oidcProvider": []})") << QStringList{"oidcProvider: must be an object"};
    QTest::newRow("clients not a list") << QByteArray(R"({"oidcProvider": {"clients": {}}})")
                                        << QStringList{"oidcProvider.clients: must be a list"};
    QTest::newRow("unknown key") << withClient(s + R"("redirectUri": [])")
                                 << one("redirectUri", R"(unknown key (did you mean "redirectUris"?))");
    QTest::newRow("clientId missing")
        << QByteArray(R"({"oidcProvider": {"clients": [{"clientSecret": "client-secret-0123456789abcdef-0123456789"}]}})")
        << one("clientId", "missing");
    QTest::newRow("clientId characters") << QByteArray(R"({"oidcProvider": {"clients": [{"clientId": "a:b", )" + s.chopped(2) + "}]}}")
                                         << one("clientId", R"(must be 1 to 128 letters, digits, ".", "_", "~" or "-")");
    QTest::newRow("clientId too long")
        << QByteArray(R"({"oidcProvider": {"clients": [{"clientId": ")" + QByteArray(129, 'a') + "\", " + s.chopped(2) + "}]}}")
        << one("clientId", R"(must be 1 to 128 letters, digits, ".", "_", "~" or "-")");
    QTest::newRow("duplicate clientId")
        << QByteArray(R"({"oidcProvider": {"clients": [{"clientId": "app", )" + s.chopped(2) + R"(}, {"clientId": "app", )"
                      + s.chopped(2) + "}]}}")
        << QStringList{R"(oidcProvider.clients[1].clientId: duplicate client id "app" (also oidcProvider.clients[0]))"};
    QTest::newRow("public with secret") << withClient(s + R"("public": true, "redirectUris": ["https://a.example.test/cb"])")
                                        << one("clientSecret", R"(a public client has no secret (it could not keep one): remove it, or set "public": false)");
    QTest::newRow("confidential without secret")
        << withClient(R"("redirectUris": ["https://a.example.test/cb"])")
        << one("clientSecret", R"(missing: a confidential client needs a secret ("clientSecret" or "clientSecretFile"), or set "public": true)");
    QTest::newRow("short secret is a warning") << withClient(R"("clientSecret": "short")")
                                               << one("clientSecret", "shorter than 32 characters; use a long random value (gatehouse-server secret prints one)");
    QTest::newRow("public without redirect URI") << withClient(R"("public": true)")
                                                 << one("redirectUris", "a public client needs at least one redirect URI");
    QTest::newRow("redirectUris not strings") << withClient(s + R"("redirectUris": [1])")
                                              << one("redirectUris", "must be a list of strings");
    QTest::newRow("redirect URI relative") << withClient(s + R"("redirectUris": ["https://a.example.test/cb", "/cb"])")
                                           << QStringList{at + "redirectUris[1]: must be an absolute URI such as https://app.example.test/callback, without spaces"};
    QTest::newRow("redirect URI fragment") << withClient(s + R"("redirectUris": ["https://a.example.test/cb#x"])")
                                           << one("redirectUris[0]", R"(must not have a fragment ("#..."))");
    QTest::newRow("redirect URI userinfo") << withClient(s + R"("redirectUris": ["https://me@a.example.test/cb"])")
                                           << one("redirectUris[0]", R"(must not have user information ("user@") before the host)");
    QTest::newRow("redirect URI http") << withClient(s + R"("redirectUris": ["http://a.example.test/cb"])")
                                       << one("redirectUris[0]", "http only to 127.0.0.1 or [::1] (a native app's loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)");
    QTest::newRow("redirect URI http localhost") << withClient(s + R"("redirectUris": ["http://localhost:3000/cb"])")
                                                 << one("redirectUris[0]", "http only to 127.0.0.1 or [::1] (a native app's loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)");
    QTest::newRow("redirect URI wildcard") << withClient(s + R"("redirectUris": ["https://*.example.test/cb"])")
                                           << one("redirectUris[0]", R"(must not contain "*": redirect URIs are compared exactly, there are no wildcards)");
    QTest::newRow("redirect URI javascript") << withClient(s + R"x("redirectUris": ["javascript:alert(1)"])x")
                                             << one("redirectUris[0]", "this scheme cannot be a redirect URI");
    QTest::newRow("post-logout URI") << withClient(s + R"("postLogoutRedirectUris": ["https://a.example.test/#bye"])")
                                     << one("postLogoutRedirectUris[0]", R"(must not have a fragment ("#..."))");
    QTest::newRow("unknown scope") << withClient(s + R"("scopes": ["openid", "admin"])")
                                   << one("scopes[1]", "must be one of openid, profile, email, groups, offline_access");
    QTest::newRow("scope case") << withClient(s + R"("scopes": ["OpenID"])")
                                << one("scopes[0]", "must be one of openid, profile, email, groups, offline_access");
    QTest::newRow("unsupported alg") << withClient(s + R"("idTokenSignedResponseAlg": "HS256")")
                                     << one("idTokenSignedResponseAlg", "must be one of RS256, ES256, EdDSA");
    QTest::newRow("alg none") << withClient(s + R"("idTokenSignedResponseAlg": "none")")
                              << one("idTokenSignedResponseAlg", "must be one of RS256, ES256, EdDSA");
    QTest::newRow("access bypass") << withClient(s + R"("access": "bypass")")
                                   << one("access", R"(must be "signed-in", "deny" or {"users": [...], "groups": [...]})");
    QTest::newRow("access names nobody") << withClient(s + R"("access": {})")
                                         << one("access", R"(names no users and no groups: nobody would be allowed (use "deny" for that))");
    QTest::newRow("access group name") << withClient(s + R"("access": {"groups": ["a,b"]})")
                                       << one("access.groups[0]", "is not a group name: it contains a comma (identity headers list groups separated by commas)");
    QTest::newRow("back-channel URI") << withClient(s + R"("backchannelLogoutUri": "ftp://a.example.test/logout")")
                                      << one("backchannelLogoutUri", "must be an http or https URL");
    QTest::newRow("back-channel fragment") << withClient(s + R"("backchannelLogoutUri": "https://a.example.test/logout#x")")
                                           << one("backchannelLogoutUri", R"(must not have a fragment ("#..."))");
    QTest::newRow("back-channel plain http") << withClient(s + R"("backchannelLogoutUri": "http://a.example.test/logout")")
                                             << one("backchannelLogoutUri", "must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)");
    QTest::newRow("back-channel http to localhost") << withClient(s + R"("backchannelLogoutUri": "http://localhost:9/logout")")
                                                    << one("backchannelLogoutUri", "must be https, or http to 127.0.0.1 or [::1] (a receiver on this machine)");
    QTest::newRow("back-channel loopback http") << withClient(s + R"("backchannelLogoutUri": "http://127.0.0.1:9/logout")") << QStringList{};
    QTest::newRow("back-channel session flag") << withClient(s + R"("backchannelLogoutSessionRequired": "yes")")
                                               << one("backchannelLogoutSessionRequired", "must be true or false");
    const auto provider = [&s](const QByteArray &members) {
        return R"({"oidcProvider": {)" + members + R"(, "clients": [{"clientId": "app", )" + s.chopped(2) + "}]}}";
    };
    QTest::newRow("unknown grant type") << withClient(s + R"("grantTypes": ["authorization_code", "password"])")
                                        << one("grantTypes[1]", "must be one of authorization_code, refresh_token, client_credentials");
    QTest::newRow("no authorization_code") << withClient(s + R"("grantTypes": ["refresh_token"])")
                                           << one("grantTypes", "must include authorization_code or client_credentials");
    QTest::newRow("client_credentials only") << withClient(s + R"("grantTypes": ["client_credentials"])") << QStringList{};
    QTest::newRow("client_credentials of a public client")
        << withClient(R"("public": true, "redirectUris": ["https://a.example.test/cb"], "grantTypes": ["authorization_code", "client_credentials"])")
        << one("grantTypes", "client_credentials is for confidential clients: a public client cannot use it");
    QTest::newRow("offline_access without refresh_token is a warning")
        << withClient(s + R"("scopes": ["openid", "offline_access"], "grantTypes": ["authorization_code"])")
        << one("scopes", "offline_access is never granted: grantTypes does not include refresh_token");
    QTest::newRow("lifetime too short") << provider(R"("refreshTokenLifetime": 299, "refreshTokenIdleLifetime": 60)")
                                        << QStringList{"oidcProvider.refreshTokenLifetime: must be an integer from 300 to 31622400"};
    QTest::newRow("lifetime not a number") << provider(R"("refreshTokenLifetime": "30d")")
                                           << QStringList{"oidcProvider.refreshTokenLifetime: must be a positive integer"};
    QTest::newRow("idle longer than lifetime")
        << provider(R"("refreshTokenLifetime": 3600, "refreshTokenIdleLifetime": 7200)")
        << QStringList{"oidcProvider.refreshTokenIdleLifetime: must not be longer than refreshTokenLifetime (3600 seconds)"};
    QTest::newRow("idle too short") << provider(R"("refreshTokenIdleLifetime": 59)")
                                    << QStringList{"oidcProvider.refreshTokenIdleLifetime: must be an integer from 60 to refreshTokenLifetime"};
    QTest::newRow("consent not boolean") << withClient(s + R"("consent": "yes")") << one("consent", "must be true or false");
    const char *nameRule = "must be 1 to 100 characters, not only spaces, without control characters";
    QTest::newRow("name too long") << withClient(s + R"("name": ")" + QByteArray(101, 'x') + R"(")") << one("name", nameRule);
    QTest::newRow("name with a control character") << withClient(s + R"("name": "Grafana\u0007")") << one("name", nameRule);
    QTest::newRow("name of spaces") << withClient(s + R"("name": "   ")") << one("name", nameRule);
    QTest::newRow("name not a string") << withClient(s + R"("name": 7)") << one("name", "must be a string");
}

void TestOidcProviderConfig::problems()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const ConfigResult result = loadJson(json);
    QStringList found = render(result.problems);
    found.removeAll(QStringLiteral("providers: no providers configured; nobody can sign in"));
    QCOMPARE(found, expected);
}

void TestOidcProviderConfig::indicesStayAfterABrokenClient()
{
    const ConfigResult result = loadJson(R"({"providers": [], "oidcProvider": {"clients": [
        "grafana", {"clientId": "app", "public": true, "redirectUris": ["http://example.test/cb"]}]}})");
    QCOMPARE(render(result.problems),
             (QStringList{"oidcProvider.clients[0]: must be an object",
                          "oidcProvider.clients[1].redirectUris[0]: http only to 127.0.0.1 or [::1] (a native app's "
                          "loopback redirect, any port); otherwise https (and 127.0.0.1 instead of localhost)"}));
}

void TestOidcProviderConfig::checkConfigOnItsOwn()
{
    // A library user's Config, no JSON: the same checks.
    Config config;
    config.secret = {QStringLiteral("0123456789abcdef0123456789abcdef-test")};
    OidcClient client;
    client.clientId = QStringLiteral("desktop");
    client.isPublic = true;
    client.redirectUris = {QStringLiteral("http://[::1]/cb"), QStringLiteral("https://a.example.test/cb?x#y")};
    client.access = {Kind::Bypass, {}, {}};
    config.oidcProvider = OidcProviderOptions{{client}};
    QCOMPARE(render(checkConfig(config)),
             (QStringList{R"(oidcProvider.clients[0].redirectUris[1]: must not have a fragment ("#..."))",
                          R"(oidcProvider.clients[0].access: must be "signed-in", "deny" or {"users": [...], "groups": [...]})"}));
}

QTEST_GUILESS_MAIN(TestOidcProviderConfig)
#include "tst_oidcproviderconfig.moc"
