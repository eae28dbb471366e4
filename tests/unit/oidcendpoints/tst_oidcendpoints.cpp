// The OpenID Provider's endpoints in the engine, in-process: discovery, jwks, the authorization
// code flow with a password sign-in, the token endpoint and userinfo, and their refusals.
#include "support/engineclient.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <gatehouse/auth.h>
#include <gatehouse/memoryadapter.h>
#include <gatehouse/metrics.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QUrlQuery>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kSecret = QStringLiteral("oidc-provider-test-secret-0123456789abcdef");
const QString kAppSecret = QStringLiteral("app-secret-0123456789abcdef-0123456789");
const QString kVerifier = QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
const QString kChallenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
const QString kIssuer = QStringLiteral("http://127.0.0.1:9300/auth");
const QString kAppRedirect = QStringLiteral("https://app.example.test/cb");

OidcClient client(const QString &id, const QString &redirect, const QString &secret = {})
{
    OidcClient c;
    c.clientId = id;
    c.clientSecret = secret;
    c.isPublic = secret.isEmpty();
    c.redirectUris = {redirect};
    c.scopes = {QStringLiteral("openid"), QStringLiteral("profile"), QStringLiteral("email"), QStringLiteral("groups"),
                QStringLiteral("offline_access")};
    c.consent = false;  // first-party: these tests are about the flow, not the consent page
    return c;
}

Config providerConfig(bool withProvider = true)
{
    Config config;
    config.secret = {kSecret};
    config.trustHost = true;
    config.adapter = std::make_shared<MemoryAdapter>();
    config.session.strategy = SessionOptions::Strategy::Jwt;
    Provider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.options.insert(QStringLiteral("credentials"), QJsonObject{
        {QStringLiteral("username"), QJsonObject{{"label", "Username"}, {"type", "text"}}},
        {QStringLiteral("password"), QJsonObject{{"label", "Password"}, {"type", "password"}}}});
    credentials.authorize = [](const QJsonObject &c, const AuthRequest &) {
        std::optional<QJsonObject> user;
        if (c.value("password").toString() == "good-password" && c.value("username").toString() == "alice")
            user = QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"}};
        if (c.value("password").toString() == "good-password" && c.value("username").toString() == "bob")
            user = QJsonObject{{"id", "2"}, {"name", "Bob"}, {"email", "bob@example.test"}};
        return QtFuture::makeReadyFuture(user);
    };
    config.providers = {credentials};
    if (withProvider) {
        OidcProviderOptions options;
        OidcClient adminsOnly = client(QStringLiteral("admin-app"), QStringLiteral("https://admin.example.test/cb"), kAppSecret);
        adminsOnly.access = {AccessPolicy::Kind::Subjects, {QStringLiteral("alice@example.test")}, {}};
        options.clients = {client(QStringLiteral("app"), kAppRedirect, kAppSecret),
                           client(QStringLiteral("other"), QStringLiteral("https://other.example.test/cb"), kAppSecret),
                           client(QStringLiteral("desktop"), QStringLiteral("http://127.0.0.1/native")), adminsOnly};
        config.oidcProvider = options;
    }
    return config;
}

QString authorizePath(const QList<std::pair<QString, QString>> &fields)
{
    QUrlQuery query;
    for (const auto &[name, value] : fields)
        query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    return QStringLiteral("/auth/oidc/authorize?") + query.query(QUrl::FullyEncoded);
}

QList<std::pair<QString, QString>> appRequest()
{
    return {{"response_type", "code"}, {"client_id", "app"}, {"redirect_uri", kAppRedirect},
            {"scope", "openid profile email"}, {"state", "s-1"}, {"nonce", "n-1"},
            {"code_challenge", kChallenge}, {"code_challenge_method", "S256"}};
}

QList<std::pair<QString, QString>> with(QList<std::pair<QString, QString>> fields, const QString &name, const QString &value)
{
    bool found = false;
    for (auto &field : fields) {
        if (field.first == name) {
            field.second = value;
            found = true;
        }
    }
    if (!found)
        fields.append({name, value});
    QList<std::pair<QString, QString>> kept;
    for (const auto &field : fields) {
        if (!field.second.isEmpty())
            kept.append(field);
    }
    return kept;
}

QUrlQuery queryOf(const QByteArray &location)
{
    return QUrlQuery(QUrl(QString::fromUtf8(location)));
}

QByteArray basic(const QString &id, const QString &secret)
{
    return "Basic " + (QUrl::toPercentEncoding(id) + ':' + QUrl::toPercentEncoding(secret)).toBase64();
}

//! Signs \a client in as \a username through the sign-in form.
void signIn(EngineClient &client, const QString &username)
{
    const QString csrf = client.csrfToken();
    const Reply r = client.postForm("/auth/callback/credentials",
                                    {{"csrfToken", csrf}, {"username", username}, {"password", "good-password"}});
    QCOMPARE(r.response.status, 302);
    QVERIFY(client.cookies.contains("authjs.session-token"));
}

//! A code for \a request, from a signed-in \a client.
QString codeFor(EngineClient &client, const QList<std::pair<QString, QString>> &request)
{
    const Reply r = client.get(authorizePath(request));
    if (r.response.status != 302)
        return {};
    return queryOf(r.location()).queryItemValue("code");
}

Reply redeem(EngineClient &client, const QString &code, const QList<QPair<QString, QString>> &extra = {},
             const QByteArray &authorization = basic("app", kAppSecret))
{
    QList<QPair<QString, QString>> fields{{"grant_type", "authorization_code"}, {"code", code}, {"redirect_uri", kAppRedirect},
                                          {"code_verifier", kVerifier}};
    for (const auto &field : extra) {
        fields.erase(std::remove_if(fields.begin(), fields.end(), [&field](const auto &f) { return f.first == field.first; }),
                     fields.end());
        if (!field.second.isEmpty())
            fields.append(field);
    }
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!authorization.isEmpty())
        headers.append({"Authorization", authorization});
    return client.postForm("/auth/oidc/token", fields, headers);
}

//! The claims of \a token when its signature verifies with a key of \a jwks (as a relying party checks).
std::optional<QJsonObject> verified(const QString &token, const QJsonObject &jwks)
{
    QString problem;
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(token, &problem);
    if (!jws)
        return std::nullopt;
    for (const QJsonValue &key : jwks.value("keys").toArray()) {
        const std::optional<OAuth::Jwk> jwk = OAuth::Jwk::fromJson(key.toObject(), &problem);
        if (jwk && jwk->kid() == jws->kid && OAuth::keyFits(*jwk, jws->alg) && OAuth::verifySignature(*jws, *jwk))
            return QJsonDocument::fromJson(jws->payload).object();
    }
    return std::nullopt;
}

} // namespace

class TestOidcEndpoints : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withoutOidcProviderNothingIsServed_data();
    void withoutOidcProviderNothingIsServed();
    void discoveryAndJwks();
    void codeFlow();
    void clientAndRedirectUriRefusedOnAPage_data();
    void clientAndRedirectUriRefusedOnAPage();
    void refusalsGoToTheRedirectUri_data();
    void refusalsGoToTheRedirectUri();
    void signedOutGoesToTheSignInPage();
    void tokenRefusals();
    void accessPolicy();
    void userinfoRefusals();
    void refreshTokenFlow();
    void refreshNeedsAStoredUserToStay_data();
    void refreshNeedsAStoredUserToStay();
    void noRefreshWithoutTheGrantType();
    void reusedCodeEndsItsGrant_data();
    void reusedCodeEndsItsGrant();
    void clientCredentials_data();
    void clientCredentials();
    void clientCredentialsToken();
    void failedClientAuthenticationIsLimited();
    void endSessionWithTheSessionsHint();
    void endSessionAsksFirst_data();
    void endSessionAsksFirst();
    void endSessionRefusedOnAPage_data();
    void endSessionRefusedOnAPage();
    void endSessionWithoutASession();
    void auditAndMetrics();
};

void TestOidcEndpoints::withoutOidcProviderNothingIsServed_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("method");
    QTest::newRow("discovery") << "/auth/.well-known/openid-configuration" << QByteArray("GET");
    QTest::newRow("jwks") << "/auth/oidc/jwks" << QByteArray("GET");
    QTest::newRow("authorize") << "/auth/oidc/authorize?client_id=app" << QByteArray("GET");
    QTest::newRow("token") << "/auth/oidc/token" << QByteArray("POST");
    QTest::newRow("userinfo") << "/auth/oidc/userinfo" << QByteArray("GET");
    QTest::newRow("revoke") << "/auth/oidc/revoke" << QByteArray("POST");
    QTest::newRow("introspect") << "/auth/oidc/introspect" << QByteArray("POST");
    QTest::newRow("end-session") << "/auth/oidc/end-session?client_id=app" << QByteArray("GET");
    QTest::newRow("end-session POST") << "/auth/oidc/end-session" << QByteArray("POST");
}

void TestOidcEndpoints::withoutOidcProviderNothingIsServed()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, method);
    // Exactly what an unknown action gets.
    const Auth auth(providerConfig(false));
    EngineClient client(auth);
    const Reply unknown = method == "GET" ? client.get("/auth/no-such-action") : client.postForm("/auth/no-such-action", {});
    const Reply reply = method == "GET" ? client.get(path) : client.postForm(path, {});
    QCOMPARE(reply.response.status, unknown.response.status);
    QCOMPARE(reply.response.body, unknown.response.body);
    QCOMPARE(reply.response.headers, unknown.response.headers);
    QCOMPARE(reply.cookieNames(), unknown.cookieNames());
    auto adapter = std::dynamic_pointer_cast<MemoryAdapter>(auth.config().adapter);
    QVERIFY(adapter->oidcSigningKeys().result().isEmpty());  // no key was generated either
}

void TestOidcEndpoints::discoveryAndJwks()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    const Reply discovery = client.get("/auth/.well-known/openid-configuration");
    QCOMPARE(discovery.response.status, 200);
    QVERIFY(discovery.response.cookies.isEmpty());
    const QJsonObject d = discovery.json().object();
    QCOMPARE(d.value("issuer").toString(), kIssuer);
    QCOMPARE(d.value("authorization_endpoint").toString(), kIssuer + "/oidc/authorize");
    QCOMPARE(d.value("token_endpoint").toString(), kIssuer + "/oidc/token");
    QCOMPARE(d.value("userinfo_endpoint").toString(), kIssuer + "/oidc/userinfo");
    QCOMPARE(d.value("jwks_uri").toString(), kIssuer + "/oidc/jwks");
    QCOMPARE(d.value("end_session_endpoint").toString(), kIssuer + "/oidc/end-session");
    QCOMPARE(d.value("response_types_supported").toArray(), QJsonArray{"code"});
    QCOMPARE(d.value("code_challenge_methods_supported").toArray(), QJsonArray{"S256"});
    QCOMPARE(d.value("grant_types_supported").toArray(), (QJsonArray{"authorization_code", "refresh_token", "client_credentials"}));
    QCOMPARE(d.value("subject_types_supported").toArray(), QJsonArray{"public"});
    QVERIFY(d.value("id_token_signing_alg_values_supported").toArray().contains("RS256"));
    QCOMPARE(d.value("token_endpoint_auth_methods_supported").toArray(),
             (QJsonArray{"client_secret_basic", "client_secret_post", "none"}));
    QVERIFY(d.value("scopes_supported").toArray().contains("openid"));
    QVERIFY(d.value("claims_supported").toArray().contains("sub"));
    QCOMPARE(d.value("authorization_response_iss_parameter_supported").toBool(), true);
    QCOMPARE(d.value("backchannel_logout_supported").toBool(), true);
    QCOMPARE(d.value("backchannel_logout_session_supported").toBool(), true);
    QVERIFY(d.value("claims_supported").toArray().contains("sid"));

    const Reply jwks = client.get("/auth/oidc/jwks");
    QCOMPARE(jwks.response.status, 200);
    const QJsonArray keys = jwks.json().object().value("keys").toArray();
    QCOMPARE(keys.size(), 3);
    for (const QJsonValue &key : keys) {
        for (const char *member : {"d", "p", "q", "dp", "dq", "qi", "k"})
            QVERIFY2(!key.toObject().contains(member), member);
    }
    // Loaded once: the same keys on the next request.
    QCOMPARE(client.get("/auth/oidc/jwks").response.body, jwks.response.body);
}

void TestOidcEndpoints::codeFlow()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const Reply authorized = client.get(authorizePath(appRequest()));
    QCOMPARE(authorized.response.status, 302);
    QVERIFY(authorized.location().startsWith((kAppRedirect + "?code=").toUtf8()));
    const QUrlQuery answer = queryOf(authorized.location());
    QCOMPARE(answer.queryItemValue("state"), QStringLiteral("s-1"));
    QCOMPARE(answer.queryItemValue("iss", QUrl::FullyDecoded), kIssuer);
    const QString code = answer.queryItemValue("code");
    QCOMPARE(code.size(), 43);

    const Reply tokens = redeem(client, code);
    QCOMPARE(tokens.response.status, 200);
    QCOMPARE(tokens.response.header("cache-control"), QByteArray("no-store"));
    const QJsonObject body = tokens.json().object();
    QCOMPARE(body.value("token_type").toString(), QStringLiteral("Bearer"));
    QVERIFY(body.value("expires_in").toInt() > 0);

    const QJsonObject jwks = client.get("/auth/oidc/jwks").json().object();
    const std::optional<QJsonObject> id = verified(body.value("id_token").toString(), jwks);
    QVERIFY(id);
    QCOMPARE(id->value("iss").toString(), kIssuer);
    QCOMPARE(id->value("sub").toString(), QStringLiteral("1"));
    QCOMPARE(id->value("aud").toString(), QStringLiteral("app"));
    QCOMPARE(id->value("azp").toString(), QStringLiteral("app"));
    QCOMPARE(id->value("nonce").toString(), QStringLiteral("n-1"));
    QCOMPARE(id->value("email").toString(), QStringLiteral("alice@example.test"));
    QCOMPARE(id->value("name").toString(), QStringLiteral("Alice"));
    QVERIFY(!id->contains("groups"));  // not asked for
    QCOMPARE(id->value("amr").toArray(), QJsonArray{"pwd"});
    QVERIFY(qAbs(qint64(id->value("auth_time").toDouble()) - QDateTime::currentSecsSinceEpoch()) < 60);
    QVERIFY(id->value("exp").toDouble() > id->value("iat").toDouble());

    const std::optional<QJsonObject> access = verified(body.value("access_token").toString(), jwks);
    QVERIFY(access);
    QCOMPARE(access->value("client_id").toString(), QStringLiteral("app"));

    // userinfo answers for the access token.
    const QByteArray bearer = "Bearer " + body.value("access_token").toString().toLatin1();
    const Reply info = client.get("/auth/oidc/userinfo", {{"Authorization", bearer}});
    QCOMPARE(info.response.status, 200);
    QCOMPARE(info.json().object().value("sub").toString(), QStringLiteral("1"));
    QCOMPARE(info.json().object().value("email").toString(), QStringLiteral("alice@example.test"));

    // The code is spent.
    const Reply again = redeem(client, code);
    QCOMPARE(again.response.status, 400);
    QCOMPARE(again.json().object().value("error").toString(), QStringLiteral("invalid_grant"));
}

void TestOidcEndpoints::clientAndRedirectUriRefusedOnAPage_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::newRow("unknown client") << "client_id" << "nobody";
    QTest::newRow("no redirect uri") << "redirect_uri" << "";
    QTest::newRow("prefix") << "redirect_uri" << "https://app.example.test/c";
    QTest::newRow("suffix") << "redirect_uri" << "https://app.example.test/cb/evil";
    QTest::newRow("case") << "redirect_uri" << "https://APP.example.test/cb";
    QTest::newRow("port") << "redirect_uri" << "https://app.example.test:8443/cb";
    QTest::newRow("fragment") << "redirect_uri" << "https://app.example.test/cb#x";
    QTest::newRow("userinfo") << "redirect_uri" << "https://evil@app.example.test/cb";
    QTest::newRow("another client's") << "redirect_uri" << "https://other.example.test/cb";
}

void TestOidcEndpoints::clientAndRedirectUriRefusedOnAPage()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const Reply r = client.get(authorizePath(with(appRequest(), name, value)));
    QCOMPARE(r.response.status, 400);
    QVERIFY(r.location().isEmpty());
    QVERIFY(r.response.header("content-type").startsWith("text/html"));
}

void TestOidcEndpoints::refusalsGoToTheRedirectUri_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("error");
    QTest::newRow("implicit") << "response_type" << "id_token" << "unsupported_response_type";
    QTest::newRow("plain PKCE") << "code_challenge_method" << "plain" << "invalid_request";
    QTest::newRow("no openid") << "scope" << "profile" << "invalid_scope";
    QTest::newRow("request object") << "request" << "e30.e30." << "request_not_supported";
    QTest::newRow("request uri") << "request_uri" << "https://evil.example.test/r" << "request_uri_not_supported";
}

void TestOidcEndpoints::refusalsGoToTheRedirectUri()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(QString, error);
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const Reply r = client.get(authorizePath(with(appRequest(), name, value)));
    QCOMPARE(r.response.status, 302);
    QVERIFY(r.location().startsWith((kAppRedirect + "?error=").toUtf8()));
    const QUrlQuery q = queryOf(r.location());
    QCOMPARE(q.queryItemValue("error"), error);
    QVERIFY(!q.queryItemValue("error_description").isEmpty());
    QCOMPARE(q.queryItemValue("state"), QStringLiteral("s-1"));
    QCOMPARE(q.queryItemValue("iss", QUrl::FullyDecoded), kIssuer);
    QVERIFY(!q.hasQueryItem("code"));

    // A repeated parameter, too.
    const Reply repeated = client.get(authorizePath(appRequest()) + "&scope=openid");
    QCOMPARE(queryOf(repeated.location()).queryItemValue("error"), QStringLiteral("invalid_request"));
}

void TestOidcEndpoints::signedOutGoesToTheSignInPage()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    const QString path = authorizePath(appRequest());
    const Reply r = client.get(path);
    QCOMPARE(r.response.status, 302);
    const QUrl location(QString::fromUtf8(r.location()));
    QCOMPARE(location.path(), QStringLiteral("/auth/signin"));
    const QString back = QUrlQuery(location).queryItemValue("callbackUrl", QUrl::FullyDecoded);
    QCOMPARE(back, QStringLiteral("http://127.0.0.1:9300") + path);

    // prompt=none: no page, login_required at the client.
    const Reply none = client.get(authorizePath(with(appRequest(), "prompt", "none")));
    QCOMPARE(queryOf(none.location()).queryItemValue("error"), QStringLiteral("login_required"));

    // Signing in with that callback URL comes back to the request, which now issues a code.
    const QString csrf = client.csrfToken();
    const Reply signedIn = client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", "alice"},
                                                                           {"password", "good-password"}, {"callbackUrl", back}});
    QCOMPARE(QString::fromUtf8(signedIn.location()), back);
    QVERIFY(!codeFor(client, appRequest()).isEmpty());

    // prompt=login with a session: to the sign-in page again, coming back with a mark that only
    // a newer sign-in satisfies.
    const Reply login = client.get(authorizePath(with(appRequest(), "prompt", "login")));
    const QUrl again(QString::fromUtf8(login.location()));
    QCOMPARE(again.path(), QStringLiteral("/auth/signin"));
    const QString backAgain = QUrlQuery(again).queryItemValue("callbackUrl", QUrl::FullyDecoded);
    QVERIFY(!backAgain.contains("prompt=login"));
    QVERIFY(backAgain.contains("gh_login_after="));
}

void TestOidcEndpoints::tokenRefusals()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const auto errorOf = [](const Reply &r) { return r.json().object().value("error").toString(); };

    // Wrong secret: 401 with a challenge; the code is not spent by it.
    const QString code = codeFor(client, appRequest());
    Reply r = redeem(client, code, {}, basic("app", "wrong"));
    QCOMPARE(r.response.status, 401);
    QCOMPARE(errorOf(r), QStringLiteral("invalid_client"));
    QVERIFY(r.response.header("www-authenticate").startsWith("Basic"));
    r = redeem(client, code, {}, basic("nobody", kAppSecret));
    QCOMPARE(r.response.status, 401);

    // client_secret_post works as basic does.
    r = redeem(client, code, {{"client_id", "app"}, {"client_secret", kAppSecret}}, {});
    QCOMPARE(r.response.status, 200);

    const struct {
        const char *what;
        QList<QPair<QString, QString>> extra;
        QByteArray authorization;
    } rows[] = {
        {"no verifier", {{"code_verifier", ""}}, basic("app", kAppSecret)},
        {"wrong verifier", {{"code_verifier", kVerifier.left(42) + "A"}}, basic("app", kAppSecret)},
        {"the challenge as verifier", {{"code_verifier", kChallenge}}, basic("app", kAppSecret)},
        {"another redirect uri", {{"redirect_uri", kAppRedirect + "/x"}}, basic("app", kAppSecret)},
        {"another client's code", {}, basic("other", kAppSecret)},
    };
    for (const auto &row : rows) {
        const QString fresh = codeFor(client, appRequest());
        QVERIFY(!fresh.isEmpty());
        r = redeem(client, fresh, row.extra, row.authorization);
        QCOMPARE(r.response.status, 400);
        QVERIFY2(errorOf(r) == u"invalid_grant", row.what);
        // Spent by the failed attempt: the right request cannot use it afterwards.
        QVERIFY2(redeem(client, fresh).response.status == 400, row.what);
    }

    r = redeem(client, codeFor(client, appRequest()), {{"grant_type", "password"}});
    QCOMPARE(errorOf(r), QStringLiteral("unsupported_grant_type"));
    r = redeem(client, QStringLiteral("made-up"));
    QCOMPARE(errorOf(r), QStringLiteral("invalid_grant"));
    // A public client: no secret, PKCE; a secret is refused.
    const QList<std::pair<QString, QString>> desktop = with(with(appRequest(), "client_id", "desktop"), "redirect_uri",
                                                            "http://127.0.0.1:53124/native");
    const QString publicCode = codeFor(client, desktop);
    QVERIFY(!publicCode.isEmpty());
    r = redeem(client, publicCode, {{"client_id", "desktop"}, {"redirect_uri", "http://127.0.0.1:53124/native"}}, {});
    QCOMPARE(r.response.status, 200);
    // Without PKCE a public client gets no code at all.
    const Reply noPkce = client.get(authorizePath(with(with(desktop, "code_challenge", ""), "code_challenge_method", "")));
    QCOMPARE(queryOf(noPkce.location()).queryItemValue("error"), QStringLiteral("invalid_request"));
}

void TestOidcEndpoints::accessPolicy()
{
    const Auth auth(providerConfig());
    const QList<std::pair<QString, QString>> request = with(with(appRequest(), "client_id", "admin-app"), "redirect_uri",
                                                            "https://admin.example.test/cb");
    EngineClient bob(auth);
    signIn(bob, "bob");
    const Reply denied = bob.get(authorizePath(request));
    QCOMPARE(queryOf(denied.location()).queryItemValue("error"), QStringLiteral("access_denied"));
    EngineClient alice(auth);
    signIn(alice, "alice");
    QVERIFY(!codeFor(alice, request).isEmpty());
}

void TestOidcEndpoints::userinfoRefusals()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    Reply r = client.get("/auth/oidc/userinfo");
    QCOMPARE(r.response.status, 401);
    QCOMPARE(r.response.header("www-authenticate"), QByteArray("Bearer"));
    r = client.get("/auth/oidc/userinfo", {{"Authorization", "Bearer not.a.token"}});
    QCOMPARE(r.response.status, 401);
    QCOMPARE(r.response.header("www-authenticate"), QByteArray("Bearer error=\"invalid_token\""));
    // An ID token is no access token.
    signIn(client, "alice");
    const QString idToken = redeem(client, codeFor(client, appRequest())).json().object().value("id_token").toString();
    r = client.get("/auth/oidc/userinfo", {{"Authorization", "Bearer " + idToken.toLatin1()}});
    QCOMPARE(r.response.status, 401);
}

namespace {

Reply refresh(EngineClient &client, const QString &token, const QByteArray &authorization = basic("app", kAppSecret))
{
    return client.postForm("/auth/oidc/token", {{"grant_type", "refresh_token"}, {"refresh_token", token}},
                           {{"Authorization", authorization}});
}

QList<std::pair<QString, QString>> offlineRequest()
{
    return with(appRequest(), "scope", "openid email offline_access");
}

} // namespace

void TestOidcEndpoints::refreshTokenFlow()
{
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const QJsonObject first = redeem(client, codeFor(client, offlineRequest())).json().object();
    const QString token1 = first.value("refresh_token").toString();
    QCOMPARE(token1.size(), 43);
    Reply r = refresh(client, token1);
    QCOMPARE(r.response.status, 200);
    QCOMPARE(r.response.header("cache-control"), QByteArray("no-store"));
    const QJsonObject second = r.json().object();
    QVERIFY(second.value("refresh_token").toString() != token1);
    QCOMPARE(second.value("scope").toString(), QStringLiteral("openid email offline_access"));
    const QByteArray bearer = "Bearer " + second.value("access_token").toString().toLatin1();
    QCOMPARE(client.get("/auth/oidc/userinfo", {{"Authorization", bearer}}).response.status, 200);
    // Reuse of the spent one: refused, and the grant ends with everything issued from it.
    r = refresh(client, token1);
    QCOMPARE(r.response.status, 400);
    QCOMPARE(r.json().object().value("error").toString(), QStringLiteral("invalid_grant"));
    QCOMPARE(refresh(client, second.value("refresh_token").toString()).response.status, 400);
    QCOMPARE(client.get("/auth/oidc/userinfo", {{"Authorization", bearer}}).response.status, 401);
}

void TestOidcEndpoints::refreshNeedsAStoredUserToStay_data()
{
    QTest::addColumn<QString>("change");
    QTest::newRow("still there") << "";
    QTest::newRow("disabled") << "disable";
    QTest::newRow("deleted") << "delete";
}

void TestOidcEndpoints::refreshNeedsAStoredUserToStay()
{
    QFETCH(QString, change);
    const Config config = providerConfig();
    const auto adapter = std::dynamic_pointer_cast<MemoryAdapter>(config.adapter);
    AdapterUser stored;
    stored.email = QStringLiteral("alice@example.test");
    stored.name = QStringLiteral("Alice");
    QCOMPARE(adapter->createUser(stored).result().id, QStringLiteral("1"));  // the id alice signs in with
    const Auth auth(config);
    EngineClient client(auth);
    signIn(client, "alice");
    const QString token = redeem(client, codeFor(client, offlineRequest())).json().object().value("refresh_token").toString();
    QVERIFY(!token.isEmpty());
    if (change == u"disable")
        adapter->setUserDisabled(QStringLiteral("1"), true).waitForFinished();
    else if (change == u"delete")
        adapter->deleteUser(QStringLiteral("1")).waitForFinished();
    const Reply r = refresh(client, token);
    if (change.isEmpty()) {
        QCOMPARE(r.response.status, 200);
        return;
    }
    QCOMPARE(r.response.status, 400);
    QCOMPARE(r.json().object().value("error").toString(), QStringLiteral("invalid_grant"));
    if (change == u"disable") {  // enabled again, the grant stays ended
        adapter->setUserDisabled(QStringLiteral("1"), false).waitForFinished();
        QCOMPARE(refresh(client, token).response.status, 400);
    }
}

void TestOidcEndpoints::noRefreshWithoutTheGrantType()
{
    Config config = providerConfig();
    config.oidcProvider->clients[0].grantTypes = {QStringLiteral("authorization_code")};
    const Auth auth(config);
    EngineClient client(auth);
    signIn(client, "alice");
    const Reply r = redeem(client, codeFor(client, offlineRequest()));
    QCOMPARE(r.response.status, 200);
    QVERIFY(!r.json().object().contains("refresh_token"));
    QCOMPARE(r.json().object().value("scope").toString(), QStringLiteral("openid email"));
    const Reply refused = refresh(client, QStringLiteral("anything"));
    QCOMPARE(refused.json().object().value("error").toString(), QStringLiteral("unauthorized_client"));
}

void TestOidcEndpoints::reusedCodeEndsItsGrant_data()
{
    QTest::addColumn<QByteArray>("reuser");
    QTest::newRow("the client again") << basic("app", kAppSecret);
    QTest::newRow("another client") << basic("other", kAppSecret);
}

void TestOidcEndpoints::reusedCodeEndsItsGrant()
{
    QFETCH(QByteArray, reuser);
    const Auth auth(providerConfig());
    EngineClient client(auth);
    signIn(client, "alice");
    const QString code = codeFor(client, offlineRequest());
    const QJsonObject issued = redeem(client, code).json().object();
    const QJsonObject untouched = redeem(client, codeFor(client, offlineRequest())).json().object();
    const QByteArray bearer = "Bearer " + issued.value("access_token").toString().toLatin1();
    QCOMPARE(client.get("/auth/oidc/userinfo", {{"Authorization", bearer}}).response.status, 200);
    // The code is no refresh token: presented as one it finds nothing, and ends nothing.
    QCOMPARE(refresh(client, code).json().object().value("error").toString(), QStringLiteral("invalid_grant"));
    QCOMPARE(client.get("/auth/oidc/userinfo", {{"Authorization", bearer}}).response.status, 200);

    const Reply reused = redeem(client, code, {}, reuser);
    QCOMPARE(reused.response.status, 400);
    QCOMPARE(reused.json().object().value("error").toString(), QStringLiteral("invalid_grant"));
    QVERIFY(!reused.json().object().contains("access_token"));
    // What the first use issued has ended: its refresh token, and its access token at userinfo and introspection.
    QCOMPARE(refresh(client, issued.value("refresh_token").toString()).response.status, 400);
    QCOMPARE(client.get("/auth/oidc/userinfo", {{"Authorization", bearer}}).response.status, 401);
    const Reply introspected = client.postForm("/auth/oidc/introspect", {{"token", issued.value("access_token").toString()}},
                                               {{"Authorization", basic("app", kAppSecret)}});
    QCOMPARE(introspected.response.status, 200);
    QCOMPARE(introspected.json().object(), QJsonObject({{"active", false}}));
    // Another code's grant goes on.
    QCOMPARE(refresh(client, untouched.value("refresh_token").toString()).response.status, 200);
}

namespace {

const QString kMachineRedirect = QStringLiteral("https://machine.example.test/cb");

//! providerConfig() and a machine client "machine", allowed client_credentials only.
Config machineConfig()
{
    Config config = providerConfig();
    OidcClient machine = client(QStringLiteral("machine"), kMachineRedirect, kAppSecret);
    machine.scopes = {QStringLiteral("openid"), QStringLiteral("groups"), QStringLiteral("email")};
    machine.grantTypes = {QStringLiteral("client_credentials")};
    config.oidcProvider->clients.append(machine);
    return config;
}

Reply clientCredentialsRequest(EngineClient &client, const QByteArray &authorization, const QString &scope = {})
{
    QList<QPair<QString, QString>> fields{{"grant_type", "client_credentials"}};
    if (!scope.isEmpty())
        fields.append({QStringLiteral("scope"), scope});
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!authorization.isEmpty())
        headers.append({"Authorization", authorization});
    return client.postForm("/auth/oidc/token", fields, headers);
}

} // namespace

void TestOidcEndpoints::clientCredentials_data()
{
    QTest::addColumn<QByteArray>("authorization");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("granted");

    QTest::newRow("all it may have") << basic("machine", kAppSecret) << "" << 200 << "" << "groups email";
    QTest::newRow("narrowed") << basic("machine", kAppSecret) << "email email" << 200 << "" << "email";
    QTest::newRow("openid speaks of a person") << basic("machine", kAppSecret) << "openid" << 400 << "invalid_scope" << "";
    QTest::newRow("not the client's scope") << basic("machine", kAppSecret) << "profile" << 400 << "invalid_scope" << "";
    QTest::newRow("wrong secret") << basic("machine", "wrong") << "" << 401 << "invalid_client" << "";
    QTest::newRow("a code flow client") << basic("app", kAppSecret) << "" << 400 << "unauthorized_client" << "";
    QTest::newRow("no client") << QByteArray() << "" << 400 << "invalid_client" << "";
}

void TestOidcEndpoints::clientCredentials()
{
    QFETCH(QByteArray, authorization);
    QFETCH(QString, scope);
    QFETCH(int, status);
    QFETCH(QString, error);
    QFETCH(QString, granted);
    const Auth auth(machineConfig());
    EngineClient client(auth);
    const Reply r = clientCredentialsRequest(client, authorization, scope);
    QCOMPARE(r.response.status, status);
    QCOMPARE(r.response.header("cache-control"), QByteArray("no-store"));
    const QJsonObject body = r.json().object();
    QCOMPARE(body.value("error").toString(), error);
    if (status != 200) {
        QVERIFY(!body.contains("access_token"));
        return;
    }
    QCOMPARE(body.value("token_type").toString(), QStringLiteral("Bearer"));
    QCOMPARE(body.value("scope").toString(), granted);
    QVERIFY(!body.value("access_token").toString().isEmpty());
    // No person: no ID token; and no refresh token (RFC 6749 §4.4.3).
    QVERIFY(!body.contains("id_token"));
    QVERIFY(!body.contains("refresh_token"));
}

void TestOidcEndpoints::clientCredentialsToken()
{
    const Auth auth(machineConfig());
    EngineClient client(auth);
    const QString token = clientCredentialsRequest(client, basic("machine", kAppSecret)).json().object().value("access_token").toString();
    const QJsonObject jwks = client.get("/auth/oidc/jwks").json().object();
    const std::optional<QJsonObject> claims = verified(token, jwks);
    QVERIFY(claims);
    QCOMPARE(claims->value("sub").toString(), QStringLiteral("machine"));
    QCOMPARE(claims->value("client_id").toString(), QStringLiteral("machine"));
    QCOMPARE(claims->value("aud").toString(), QStringLiteral("machine"));
    QCOMPARE(claims->value("iss").toString(), kIssuer);
    QVERIFY(!claims->contains("auth_time"));
    QVERIFY(!claims->contains("email"));
    // A client's token is no person's: userinfo refuses it; introspection knows it.
    const Reply info = client.get("/auth/oidc/userinfo", {{"Authorization", "Bearer " + token.toLatin1()}});
    QCOMPARE(info.response.status, 401);
    const QJsonObject introspected = client.postForm("/auth/oidc/introspect", {{"token", token}},
                                                     {{"Authorization", basic("machine", kAppSecret)}}).json().object();
    QCOMPARE(introspected.value("active").toBool(), true);
    QCOMPARE(introspected.value("sub").toString(), QStringLiteral("machine"));
    QCOMPARE(introspected.value("scope").toString(), QStringLiteral("groups email"));
    // A client for client_credentials only signs no person in.
    signIn(client, "alice");
    const Reply authorize = client.get(authorizePath(with(with(appRequest(), "client_id", "machine"), "redirect_uri", kMachineRedirect)));
    QCOMPARE(queryOf(authorize.location()).queryItemValue("error"), QStringLiteral("unauthorized_client"));
}

namespace {

const QString kAppBye = QStringLiteral("https://app.example.test/bye");

//! providerConfig() with a post-logout redirect URI for "app", counting signOut events in \a signOuts.
Config logoutConfig(std::shared_ptr<int> signOuts)
{
    Config config = providerConfig();
    config.oidcProvider->clients[0].postLogoutRedirectUris = {kAppBye};
    config.oidcProvider->clients[1].postLogoutRedirectUris = {QStringLiteral("https://other.example.test/bye")};
    config.events.signOut = [signOuts](const QJsonObject &) { ++*signOuts; };
    return config;
}

QString endSessionPath(const QList<std::pair<QString, QString>> &fields)
{
    QUrlQuery query;
    for (const auto &[name, value] : fields)
        query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    return QStringLiteral("/auth/oidc/end-session?") + query.query(QUrl::FullyEncoded);
}

//! An ID token for \a username's session in \a client (signed in by it).
QString idTokenOf(EngineClient &client, const QString &username)
{
    signIn(client, username);
    return redeem(client, codeFor(client, appRequest())).json().object().value("id_token").toString();
}

bool signedIn(EngineClient &client)
{
    return client.get("/auth/session").json().object().contains("user");
}

} // namespace

// Guessing a client's secret is counted before each guess is checked, per address and per
// client; other refusals (a scope, a code) and successes use up nothing.
void TestOidcEndpoints::failedClientAuthenticationIsLimited()
{
    Config config = machineConfig();
    config.rateLimit.maxFailuresPerAddress = 3;
    const Auth auth(config);
    EngineClient client(auth);
    const auto status = [&client](const QByteArray &authorization, const QString &scope = {}) {
        return clientCredentialsRequest(client, authorization, scope).response.status;
    };
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(status(basic("machine", kAppSecret)), 200);
        QCOMPARE(status(basic("machine", kAppSecret), QStringLiteral("openid")), 400);  // invalid_scope
    }
    for (int i = 0; i < 3; ++i)
        QCOMPARE(status(basic("machine", QStringLiteral("guess-%1").arg(i))), 401);
    // The limit reached: refused before the secret is looked at, the right one too.
    const Reply limited = clientCredentialsRequest(client, basic("machine", kAppSecret));
    QCOMPARE(limited.response.status, 429);
    QCOMPARE(limited.json().object().value("error").toString(), QStringLiteral("temporarily_unavailable"));
    QCOMPARE(limited.response.header("retry-after"), QByteArray("900"));
    QCOMPARE(limited.response.header("cache-control"), QByteArray("no-store"));

    // Another address: its own count, but the client's is spent too (guesses from everywhere).
    client.address = QHostAddress(QStringLiteral("192.0.2.7"));
    QCOMPARE(status(basic("machine", kAppSecret)), 429);
    // A client nobody guessed at is served from there.
    QCOMPARE(status(basic("app", kAppSecret)), 400);  // unauthorized_client: authenticated, not limited
    // Made-up client ids count against the address only.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(status(basic(QStringLiteral("made-up-%1").arg(i), "x")), 401);
    QCOMPARE(status(basic("app", kAppSecret)), 429);
}

void TestOidcEndpoints::endSessionWithTheSessionsHint()
{
    const auto signOuts = std::make_shared<int>(0);
    const Auth auth(logoutConfig(signOuts));
    EngineClient client(auth);
    const QString hint = idTokenOf(client, "alice");
    QVERIFY(!hint.isEmpty());
    const Reply r = client.get(endSessionPath({{"id_token_hint", hint}, {"post_logout_redirect_uri", kAppBye}, {"state", "s 1&x"}}));
    QCOMPARE(r.response.status, 302);
    QCOMPARE(r.location(), QByteArray("https://app.example.test/bye?state=s%201%26x"));
    QCOMPARE(*signOuts, 1);
    QVERIFY(!client.cookies.contains("authjs.session-token"));
    QVERIFY(!signedIn(client));
    // Without a redirect URI: the sign-in page.
    const QString again = idTokenOf(client, "alice");
    const Reply plain = client.get(endSessionPath({{"id_token_hint", again}}));
    QCOMPARE(plain.response.status, 302);
    QCOMPARE(plain.location(), QByteArray("http://127.0.0.1:9300/auth/signin"));
    QVERIFY(!signedIn(client));
    QCOMPARE(*signOuts, 2);
}

void TestOidcEndpoints::endSessionAsksFirst_data()
{
    QTest::addColumn<QString>("hintOf");
    QTest::addColumn<QString>("method");
    QTest::newRow("no hint") << "" << "GET";
    QTest::newRow("another person's hint") << "bob" << "GET";
    QTest::newRow("the app's POST, no CSRF token") << "" << "POST";
}

void TestOidcEndpoints::endSessionAsksFirst()
{
    QFETCH(QString, hintOf);
    QFETCH(QString, method);
    const auto signOuts = std::make_shared<int>(0);
    const Auth auth(logoutConfig(signOuts));
    QString hint;
    if (!hintOf.isEmpty()) {
        EngineClient someoneElse(auth);
        hint = idTokenOf(someoneElse, hintOf);
    }
    EngineClient client(auth);
    signIn(client, "alice");
    QList<std::pair<QString, QString>> fields{{"post_logout_redirect_uri", kAppBye}, {"state", "st"}};
    if (hint.isEmpty())
        fields.append({QStringLiteral("client_id"), QStringLiteral("app")});
    else
        fields.append({QStringLiteral("id_token_hint"), hint});
    Reply page;
    if (method == u"GET") {
        page = client.get(endSessionPath(fields));
    } else {
        QList<QPair<QString, QString>> form;
        for (const auto &[name, value] : fields)
            form.append({name, value});
        page = client.postForm("/auth/oidc/end-session", form);
    }
    // The question, and nothing ended yet.
    QCOMPARE(page.response.status, 200);
    QVERIFY(page.response.header("content-type").startsWith("text/html"));
    QCOMPARE(*signOuts, 0);
    QVERIFY(signedIn(client));
    const QString html = QString::fromUtf8(page.response.body);
    QVERIFY(html.contains("action=\"http://127.0.0.1:9300/auth/oidc/end-session\""));
    QVERIFY(html.contains("<input type=\"hidden\" name=\"client_id\" value=\"app\">"));
    QVERIFY(html.contains("<input type=\"hidden\" name=\"post_logout_redirect_uri\" value=\"https://app.example.test/bye\">"));
    QVERIFY(html.contains("<input type=\"hidden\" name=\"state\" value=\"st\">"));
    QVERIFY(!html.contains("id_token_hint"));
    // The person says yes: the page's form, with its CSRF token.
    const Reply done = client.postForm("/auth/oidc/end-session", {{"csrfToken", client.csrfToken()}, {"client_id", "app"},
                                                                  {"post_logout_redirect_uri", kAppBye}, {"state", "st"}});
    QCOMPARE(done.response.status, 302);
    QCOMPARE(done.location(), QByteArray("https://app.example.test/bye?state=st"));
    QCOMPARE(*signOuts, 1);
    QVERIFY(!signedIn(client));
}

void TestOidcEndpoints::endSessionRefusedOnAPage_data()
{
    QTest::addColumn<QString>("clientId");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("hint");  // "alice": a real one; "forged": its signature altered; else as is
    QTest::newRow("unregistered") << "app" << "https://evil.example.test/bye" << "";
    QTest::newRow("suffix") << "app" << kAppBye + "/x" << "";
    QTest::newRow("query added") << "app" << kAppBye + "?next=https://evil.example.test" << "";
    QTest::newRow("case") << "app" << "https://APP.example.test/bye" << "";
    QTest::newRow("another client's") << "app" << "https://other.example.test/bye" << "";
    QTest::newRow("a redirect URI, not a post-logout one") << "app" << kAppRedirect << "";
    QTest::newRow("no client named") << "" << kAppBye << "";
    QTest::newRow("unknown client") << "nobody" << kAppBye << "";
    QTest::newRow("hint not a JWT") << "" << kAppBye << "not-a-token";
    QTest::newRow("hint forged") << "" << kAppBye << "forged";
    QTest::newRow("hint of another client") << "other" << "https://other.example.test/bye" << "alice";
}

void TestOidcEndpoints::endSessionRefusedOnAPage()
{
    QFETCH(QString, clientId);
    QFETCH(QString, uri);
    QFETCH(QString, hint);
    const auto signOuts = std::make_shared<int>(0);
    const Auth auth(logoutConfig(signOuts));
    EngineClient client(auth);
    const QString idToken = idTokenOf(client, "alice");
    if (hint == u"alice") {
        hint = idToken;
    } else if (hint == u"forged") {
        // The payload says the same with a changed claim: the signature no longer fits.
        QStringList parts = idToken.split(u'.');
        QJsonObject claims = QJsonDocument::fromJson(Crypto::base64UrlDecode(QStringView(parts[1])).value_or(QByteArray())).object();
        claims.insert("sub", "2");
        parts[1] = QString::fromLatin1(Crypto::base64UrlEncode(QJsonDocument(claims).toJson(QJsonDocument::Compact)));
        hint = parts.join(u'.');
    }
    QList<std::pair<QString, QString>> fields{{"post_logout_redirect_uri", uri}, {"state", "st"}};
    if (!clientId.isEmpty())
        fields.append({QStringLiteral("client_id"), clientId});
    if (!hint.isEmpty())
        fields.append({QStringLiteral("id_token_hint"), hint});
    const Reply r = client.get(endSessionPath(fields));
    QCOMPARE(r.response.status, 400);
    QVERIFY(r.location().isEmpty());
    QVERIFY(r.response.header("content-type").startsWith("text/html"));
    QCOMPARE(*signOuts, 0);
    QVERIFY(signedIn(client));
    // A parameter sent twice is refused as well.
    const Reply twice = client.get(endSessionPath({{"client_id", "app"}, {"post_logout_redirect_uri", kAppBye},
                                                   {"post_logout_redirect_uri", "https://evil.example.test/"}}));
    QCOMPARE(twice.response.status, 400);
    QVERIFY(twice.location().isEmpty());
}

void TestOidcEndpoints::endSessionWithoutASession()
{
    const auto signOuts = std::make_shared<int>(0);
    const Auth auth(logoutConfig(signOuts));
    EngineClient client(auth);
    const Reply r = client.get(endSessionPath({{"client_id", "app"}, {"post_logout_redirect_uri", kAppBye}, {"state", "st"}}));
    QCOMPARE(r.response.status, 302);
    QCOMPARE(r.location(), QByteArray("https://app.example.test/bye?state=st"));
    QCOMPARE(*signOuts, 0);
}

namespace {

//! The audit events of \a type, once \a expected are there (the writer appends in the background).
QList<AuditEvent> auditOf(MemoryAdapter &store, const QString &type, int expected)
{
    AuditFilter filter;
    filter.type = type;
    QList<AuditEvent> events;
    for (int i = 0; i < 100; ++i) {  // at most 2 s
        events = store.auditEvents(filter, 100).result();
        if (events.size() >= expected)
            break;
        QTest::qWait(20);
    }
    return events;
}

} // namespace

void TestOidcEndpoints::auditAndMetrics()
{
    Metrics::setEnabled(true);
    const Config config = machineConfig();
    const auto adapter = std::dynamic_pointer_cast<MemoryAdapter>(config.adapter);
    const Auth auth(config);
    EngineClient client(auth);
    signIn(client, "alice");
    const QString code = codeFor(client, appRequest());
    QCOMPARE(redeem(client, code).response.status, 200);
    QCOMPARE(redeem(client, code).response.status, 400);
    QCOMPARE(clientCredentialsRequest(client, basic("machine", kAppSecret)).response.status, 200);
    QCOMPARE(client.postForm("/auth/oidc/token", {{"grant_type", "password"}}, {{"Authorization", basic("app", kAppSecret)}})
                 .response.status, 400);
    EngineClient bob(auth);
    signIn(bob, "bob");
    bob.get(authorizePath(with(with(appRequest(), "client_id", "admin-app"), "redirect_uri", "https://admin.example.test/cb")));

    const QList<AuditEvent> authorized = auditOf(*adapter, "oidcAuthorize", 1);
    QCOMPARE(authorized.size(), 1);
    QCOMPARE(authorized[0].userId, QStringLiteral("1"));
    QCOMPARE(authorized[0].detail.value("clientId").toString(), QStringLiteral("app"));
    const QList<AuditEvent> denied = auditOf(*adapter, "oidcAuthorizeRefused", 1);
    QCOMPARE(denied.size(), 1);
    QCOMPARE(denied[0].userId, QStringLiteral("2"));
    QCOMPARE(denied[0].detail.value("reason").toString(), QStringLiteral("access_denied"));
    const QList<AuditEvent> issued = auditOf(*adapter, "oidcToken", 2);
    QCOMPARE(issued.size(), 2);
    QStringList grants;
    for (const AuditEvent &event : issued)
        grants.append(event.detail.value("clientId").toString() + ":" + event.detail.value("grantType").toString());
    grants.sort();
    QCOMPARE(grants, (QStringList{"app:authorization_code", "machine:client_credentials"}));
    const QList<AuditEvent> refused = auditOf(*adapter, "oidcTokenRefused", 2);
    QCOMPARE(refused.size(), 2);
    for (const AuditEvent &event : issued + refused) {
        // Never the code, a token or a secret.
        const QByteArray all = QJsonDocument(event.detail).toJson();
        QVERIFY(!all.contains(code.toLatin1()));
        QVERIFY(!all.contains(kAppSecret.toLatin1()));
    }

    const QByteArray page = Metrics::exposition();
    Metrics::setEnabled(false);
    QVERIFY(page.contains("gatehouse_oidc_token_requests_total{grant_type=\"authorization_code\",outcome=\"issued\"} 1"));
    QVERIFY(page.contains("gatehouse_oidc_token_requests_total{grant_type=\"authorization_code\",outcome=\"invalid_grant\"} 1"));
    QVERIFY(page.contains("gatehouse_oidc_token_requests_total{grant_type=\"client_credentials\",outcome=\"issued\"} 1"));
    QVERIFY(page.contains("gatehouse_oidc_token_requests_total{grant_type=\"other\",outcome=\"unsupported_grant_type\"} 1"));
}

QTEST_GUILESS_MAIN(TestOidcEndpoints)
#include "tst_oidcendpoints.moc"
