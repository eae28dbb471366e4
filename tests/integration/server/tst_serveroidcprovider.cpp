// Gatehouse as an OpenID Provider through gatehouse-server, driven over HTTP as a relying party
// would: discovery, jwks, the authorization code flow with a password sign-in on Gatehouse's
// own page, the token endpoint (client_secret_basic, client_secret_post, a public client with
// PKCE), the ID token's signature checked against the published keys, userinfo, and the refusals;
// refresh tokens with offline_access: rotation, reuse detection ending the whole grant;
// revocation (RFC 7009) of a refresh token and of an access token; introspection (RFC 7662); a
// reused code ending the grant its first use issued.
#include "serverharness.h"

#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <QEventLoop>
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

const QString kAppSecret = QStringLiteral("app-secret-0123456789abcdef-0123456789");
const QString kVerifier = QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
const QString kChallenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
// A loopback redirect URI: registered without a port, presented with any (RFC 8252 §7.3).
const QString kAppRedirect = QStringLiteral("http://127.0.0.1:41000/cb");

struct Answer
{
    int status = 0;
    QByteArray body;
    QByteArray location;
    QByteArray header(const QByteArray &name) const { return headers.value(name); }
    QHash<QByteArray, QByteArray> headers;  //!< lower-case names
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

class Client
{
public:
    explicit Client(QString base) : m_base(std::move(base)) {}

    Answer send(const QString &pathAndQuery, const QByteArray &cookie = {}, const QByteArray &form = {},
                const QByteArray &authorization = {})
    {
        QNetworkRequest request(QUrl(m_base + pathAndQuery));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        if (!cookie.isEmpty())
            request.setRawHeader("Cookie", cookie);
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
        QNetworkReply *reply = nullptr;
        if (form.isNull()) {
            reply = m_nam.get(request);
        } else {
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/x-www-form-urlencoded"));
            reply = m_nam.post(request, form);
        }
        waitForReply(reply);
        Answer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        for (const auto &[name, value] : reply->rawHeaderPairs())
            answer.headers.insert(name.toLower(), value);
        answer.location = answer.header("location");
        reply->deleteLater();
        return answer;
    }

private:
    QString m_base;
    QNetworkAccessManager m_nam;
};

QByteArray form(const QList<std::pair<QString, QString>> &fields)
{
    QByteArrayList parts;
    for (const auto &[name, value] : fields)
        parts.append(QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value));
    return parts.join('&');
}

using Fields = QList<std::pair<QString, QString>>;

Fields appRequest()
{
    return {{"response_type", "code"}, {"client_id", "app"}, {"redirect_uri", kAppRedirect},
            {"scope", "openid profile email groups"}, {"state", "st-1"}, {"nonce", "n-1"},
            {"code_challenge", kChallenge}, {"code_challenge_method", "S256"}};
}

Fields with(Fields fields, const QString &name, const QString &value)
{
    Fields result;
    bool replaced = false;
    for (const auto &field : fields) {
        if (field.first == name) {
            replaced = true;
            if (!value.isEmpty())
                result.append({name, value});
        } else {
            result.append(field);
        }
    }
    if (!replaced && !value.isEmpty())
        result.append({name, value});
    return result;
}

QString authorizePath(const Fields &fields)
{
    return QStringLiteral("/auth/oidc/authorize?") + QString::fromLatin1(form(fields));
}

QByteArray basic(const QString &id, const QString &secret)
{
    return "Basic " + (QUrl::toPercentEncoding(id) + ':' + QUrl::toPercentEncoding(secret)).toBase64();
}

QUrlQuery queryOf(const QByteArray &location)
{
    return QUrlQuery(QUrl(QString::fromUtf8(location)));
}

std::optional<QJsonObject> verified(const QString &token, const QJsonObject &jwks, QString *alg)
{
    QString problem;
    const std::optional<Gatehouse::OAuth::CompactJws> jws = Gatehouse::OAuth::CompactJws::parse(token, &problem);
    if (!jws)
        return std::nullopt;
    *alg = jws->alg;
    for (const QJsonValue &key : jwks.value("keys").toArray()) {
        const std::optional<Gatehouse::OAuth::Jwk> jwk = Gatehouse::OAuth::Jwk::fromJson(key.toObject(), &problem);
        if (jwk && jwk->kid() == jws->kid && Gatehouse::OAuth::keyFits(*jwk, jws->alg)
            && Gatehouse::OAuth::verifySignature(*jws, *jwk))
            return QJsonDocument::fromJson(jws->payload).object();
    }
    return std::nullopt;
}

} // namespace

class TestServerOidcProvider : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QString m_issuer;
    QByteArray m_alice;  //!< alice's session cookies
    QByteArray m_bob;

    QByteArray signIn(const QString &username)
    {
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"username", username}, {"password", "good-password"}});
        return browser.cookieHeader();
    }

    QString codeFor(const Fields &request, const QByteArray &cookie)
    {
        Client client(m_server.baseUrl());
        const Answer a = client.send(authorizePath(request), cookie);
        return queryOf(a.location).queryItemValue("code");
    }

    Answer refresh(const QString &token, const Fields &changes = {}, const QByteArray &authorization = basic("app", kAppSecret))
    {
        Fields fields{{"grant_type", "refresh_token"}, {"refresh_token", token}};
        for (const auto &[name, value] : changes)
            fields = with(fields, name, value);
        Client client(m_server.baseUrl());
        return client.send(QStringLiteral("/auth/oidc/token"), {}, form(fields), authorization);
    }

    Answer userinfo(const QJsonObject &tokens)
    {
        Client client(m_server.baseUrl());
        return client.send(QStringLiteral("/auth/oidc/userinfo"), {}, QByteArray(),
                           "Bearer " + tokens.value("access_token").toString().toLatin1());
    }

    Answer revoke(const QString &token, const QByteArray &authorization = basic("app", kAppSecret))
    {
        Client client(m_server.baseUrl());
        return client.send(QStringLiteral("/auth/oidc/revoke"), {}, form({{"token", token}}), authorization);
    }

    QJsonObject introspect(const QString &token, const QByteArray &authorization = basic("app", kAppSecret))
    {
        Client client(m_server.baseUrl());
        const Answer a = client.send(QStringLiteral("/auth/oidc/introspect"), {}, form({{"token", token}}), authorization);
        if (a.status != 200 || a.header("cache-control") != "no-store")
            return {{"status", a.status}};
        return a.json();
    }

    Answer redeem(const QString &code, const Fields &changes = {}, const QByteArray &authorization = basic("app", kAppSecret))
    {
        Fields fields{{"grant_type", "authorization_code"}, {"code", code}, {"redirect_uri", kAppRedirect},
                      {"code_verifier", kVerifier}};
        for (const auto &[name, value] : changes)
            fields = with(fields, name, value);
        Client client(m_server.baseUrl());
        return client.send(QStringLiteral("/auth/oidc/token"), {}, form(fields), authorization);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const quint16 port = m_server.reservePort();
        m_issuer = QStringLiteral("http://127.0.0.1:%1/auth").arg(port);
        QFile script(m_dir.filePath(QStringLiteral("callbacks.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(groupsCallbacksScript(QJsonObject{
            {"alice", QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"},
                                  {"groups", QJsonArray{"admins"}}}},
            {"bob", QJsonObject{{"id", "2"}, {"name", "Bob"}, {"email", "bob@example.test"}, {"groups", QJsonArray{"staff"}}}},
        }));
        script.close();
        const QJsonArray scopes{"openid", "profile", "email", "groups", "offline_access"};
        const QJsonObject config{
            {"url", m_issuer},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"session", QJsonObject{{"strategy", "jwt"}}},
            {"callbacksScript", "callbacks.js"},
            {"callbacks", QJsonObject{{"jwt", "jwt"}}},
            {"providers", QJsonArray{scriptCredentialsProvider()}},
            // Every client first-party ("consent": false): consent has its own test (tst_serveroidcconsent).
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{
                QJsonObject{{"clientId", "app"}, {"clientSecret", kAppSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}},
                            {"scopes", scopes}, {"consent", false}},
                QJsonObject{{"clientId", "other"}, {"clientSecret", kAppSecret}, {"redirectUris", QJsonArray{"http://127.0.0.1/other"}},
                            {"scopes", scopes}, {"consent", false}},
                QJsonObject{{"clientId", "desktop"}, {"public", true}, {"redirectUris", QJsonArray{"http://127.0.0.1/native"}},
                            {"scopes", scopes}, {"consent", false}},
                QJsonObject{{"clientId", "admin-app"}, {"clientSecret", kAppSecret},
                            {"redirectUris", QJsonArray{"http://127.0.0.1/admin"}}, {"access", QJsonObject{{"groups", QJsonArray{"admins"}}}},
                            {"scopes", scopes}, {"consent", false}},
            }}}},
        };
        const QString configFile = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(configFile, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), configFile});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        QVERIFY2(m_server.start(configFile, m_dir.path()), qPrintable(m_server.log()));
        m_alice = signIn(QStringLiteral("alice"));
        m_bob = signIn(QStringLiteral("bob"));
        QVERIFY(m_alice.contains("authjs.session-token="));
    }

    void discoveryNamesTheEndpoints()
    {
        Client client(m_server.baseUrl());
        const Answer d = client.send(QStringLiteral("/auth/.well-known/openid-configuration"));
        QCOMPARE(d.status, 200);
        const QJsonObject doc = d.json();
        QCOMPARE(doc.value("issuer").toString(), m_issuer);
        QCOMPARE(doc.value("token_endpoint").toString(), m_issuer + "/oidc/token");
        QCOMPARE(doc.value("jwks_uri").toString(), m_issuer + "/oidc/jwks");
        QCOMPARE(doc.value("code_challenge_methods_supported").toArray(), QJsonArray{"S256"});
        QCOMPARE(doc.value("revocation_endpoint").toString(), m_issuer + "/oidc/revoke");
        QCOMPARE(doc.value("introspection_endpoint").toString(), m_issuer + "/oidc/introspect");
        QCOMPARE(doc.value("grant_types_supported").toArray(), (QJsonArray{"authorization_code", "refresh_token", "client_credentials"}));
        QCOMPARE(doc.value("end_session_endpoint").toString(), m_issuer + "/oidc/end-session");
        QVERIFY(doc.value("scopes_supported").toArray().contains("offline_access"));
        const Answer jwks = client.send(QStringLiteral("/auth/oidc/jwks"));
        QCOMPARE(jwks.status, 200);
        QCOMPARE(jwks.json().value("keys").toArray().size(), 3);
    }

    void codeFlowWithASignIn()
    {
        Client client(m_server.baseUrl());
        // Signed out: Gatehouse's sign-in page, with the way back.
        const QString path = authorizePath(appRequest());
        const Answer signedOut = client.send(path);
        QCOMPARE(signedOut.status, 302);
        const QUrl signInPage(QString::fromUtf8(signedOut.location));
        QCOMPARE(signInPage.path(), QStringLiteral("/auth/signin"));
        const QString back = QUrlQuery(signInPage).queryItemValue("callbackUrl", QUrl::FullyDecoded);
        QCOMPARE(back, m_server.baseUrl() + path);

        // The sign-in form comes back to the request, which issues a code to the redirect URI.
        Browser browser(m_server.baseUrl());
        const QString after = browser.signIn(QStringLiteral("credentials"),
                                             {{"username", "alice"}, {"password", "good-password"}, {"callbackUrl", back}});
        QCOMPARE(after, back);
        QByteArrayList cookies;
        for (const QNetworkCookie &c : browser.cookies())
            cookies.append(c.name() + '=' + c.value());
        const Answer authorized = client.send(path, cookies.join("; "));
        QCOMPARE(authorized.status, 302);
        QVERIFY(authorized.location.startsWith((kAppRedirect + "?code=").toUtf8()));
        const QUrlQuery answer = queryOf(authorized.location);
        QCOMPARE(answer.queryItemValue("state"), QStringLiteral("st-1"));
        QCOMPARE(answer.queryItemValue("iss", QUrl::FullyDecoded), m_issuer);

        const Answer tokens = redeem(answer.queryItemValue("code"));
        QCOMPARE(tokens.status, 200);
        QCOMPARE(tokens.header("cache-control"), QByteArray("no-store"));
        const QJsonObject jwks = client.send(QStringLiteral("/auth/oidc/jwks")).json();
        QString alg;
        const std::optional<QJsonObject> id = verified(tokens.json().value("id_token").toString(), jwks, &alg);
        QVERIFY2(id, "the ID token does not verify with the published keys");
        QCOMPARE(alg, QStringLiteral("RS256"));
        QCOMPARE(id->value("iss").toString(), m_issuer);
        QCOMPARE(id->value("aud").toString(), QStringLiteral("app"));
        QCOMPARE(id->value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(id->value("nonce").toString(), QStringLiteral("n-1"));
        QCOMPARE(id->value("email").toString(), QStringLiteral("alice@example.test"));
        QCOMPARE(id->value("groups").toArray(), QJsonArray{"admins"});
        QCOMPARE(id->value("amr").toArray(), QJsonArray{"pwd"});
        QVERIFY(id->contains("auth_time"));

        const QByteArray bearer = "Bearer " + tokens.json().value("access_token").toString().toLatin1();
        const Answer info = client.send(QStringLiteral("/auth/oidc/userinfo"), {}, QByteArray(), bearer);
        QCOMPARE(info.status, 200);
        QCOMPARE(info.json().value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(info.json().value("name").toString(), QStringLiteral("Alice"));

        // Used once: the second redemption fails.
        const Answer again = redeem(answer.queryItemValue("code"));
        QCOMPARE(again.status, 400);
        QCOMPARE(again.json().value("error").toString(), QStringLiteral("invalid_grant"));
    }

    void unknownClientOrRedirectUriIsAPage_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("unknown client") << "client_id" << "nobody";
        QTest::newRow("prefix") << "redirect_uri" << "http://127.0.0.1:41000/c";
        QTest::newRow("suffix") << "redirect_uri" << "http://127.0.0.1:41000/cb/x";
        QTest::newRow("case") << "redirect_uri" << "http://127.0.0.1:41000/CB";
        QTest::newRow("localhost for the loopback literal") << "redirect_uri" << "http://localhost:41000/cb";
        QTest::newRow("fragment") << "redirect_uri" << "http://127.0.0.1:41000/cb#f";
        QTest::newRow("userinfo") << "redirect_uri" << "http://evil@127.0.0.1:41000/cb";
        QTest::newRow("https for http") << "redirect_uri" << "https://127.0.0.1:41000/cb";
    }

    void unknownClientOrRedirectUriIsAPage()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        Client client(m_server.baseUrl());
        const Answer a = client.send(authorizePath(with(appRequest(), name, value)), m_alice);
        QCOMPARE(a.status, 400);
        QVERIFY(a.location.isEmpty());
        QVERIFY(a.header("content-type").startsWith("text/html"));
    }

    void refusalsAfterTheRedirectUri()
    {
        Client client(m_server.baseUrl());
        const auto errorOf = [&](const Fields &request) {
            const Answer a = client.send(authorizePath(request), m_alice);
            return queryOf(a.location).queryItemValue("error");
        };
        QCOMPARE(errorOf(with(appRequest(), "code_challenge_method", "plain")), QStringLiteral("invalid_request"));
        QCOMPARE(errorOf(with(appRequest(), "response_type", "token")), QStringLiteral("unsupported_response_type"));
        const Fields desktop = with(with(appRequest(), "client_id", "desktop"), "redirect_uri", "http://127.0.0.1:52000/native");
        QCOMPARE(errorOf(with(with(desktop, "code_challenge", ""), "code_challenge_method", "")), QStringLiteral("invalid_request"));
        const Fields admin = with(with(appRequest(), "client_id", "admin-app"), "redirect_uri", "http://127.0.0.1/admin");
        QCOMPARE(queryOf(client.send(authorizePath(admin), m_bob).location).queryItemValue("error"), QStringLiteral("access_denied"));
        QVERIFY(!codeFor(admin, m_alice).isEmpty());
        QCOMPARE(errorOf(with(appRequest(), "prompt", "none")), QString());  // alice is signed in: a code
        QCOMPARE(queryOf(client.send(authorizePath(with(appRequest(), "prompt", "none"))).location).queryItemValue("error"),
                 QStringLiteral("login_required"));
    }

    void tokenRefusals()
    {
        const auto errorOf = [](const Answer &a) { return a.json().value("error").toString(); };
        QString code = codeFor(appRequest(), m_alice);
        Answer a = redeem(code, {}, basic("app", "wrong-secret"));
        QCOMPARE(a.status, 401);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_client"));
        a = redeem(code, {{"code_verifier", ""}});
        QCOMPARE(errorOf(a), QStringLiteral("invalid_grant"));  // and the code is spent
        QCOMPARE(errorOf(redeem(code)), QStringLiteral("invalid_grant"));

        code = codeFor(appRequest(), m_alice);
        QCOMPARE(errorOf(redeem(code, {{"code_verifier", kVerifier.left(42) + "A"}})), QStringLiteral("invalid_grant"));
        code = codeFor(appRequest(), m_alice);
        QCOMPARE(errorOf(redeem(code, {{"code_verifier", kChallenge}})), QStringLiteral("invalid_grant"));
        code = codeFor(appRequest(), m_alice);
        QCOMPARE(errorOf(redeem(code, {}, basic("other", kAppSecret))), QStringLiteral("invalid_grant"));
        code = codeFor(appRequest(), m_alice);
        QCOMPARE(errorOf(redeem(code, {{"redirect_uri", "http://127.0.0.1:41001/cb"}})), QStringLiteral("invalid_grant"));

        // client_secret_post, and a public client with PKCE and no secret.
        code = codeFor(appRequest(), m_alice);
        a = redeem(code, {{"client_id", "app"}, {"client_secret", kAppSecret}}, {});
        QCOMPARE(a.status, 200);
        const Fields desktop = with(with(appRequest(), "client_id", "desktop"), "redirect_uri", "http://127.0.0.1:52000/native");
        code = codeFor(desktop, m_alice);
        a = redeem(code, {{"client_id", "desktop"}, {"redirect_uri", "http://127.0.0.1:52000/native"}}, {});
        QCOMPARE(a.status, 200);
        QVERIFY(a.json().contains("id_token"));
    }

    void refreshRotationAndReuse()
    {
        const auto errorOf = [](const Answer &a) { return a.json().value("error").toString(); };
        Client client(m_server.baseUrl());
        const QJsonObject jwks = client.send(QStringLiteral("/auth/oidc/jwks")).json();
        // Without offline_access: no refresh token.
        Answer a = redeem(codeFor(appRequest(), m_alice));
        QCOMPARE(a.status, 200);
        QVERIFY(!a.json().contains("refresh_token"));

        const Fields offline = with(appRequest(), "scope", "openid profile email offline_access");
        a = redeem(codeFor(offline, m_alice));
        QCOMPARE(a.status, 200);
        const QJsonObject first = a.json();
        const QString token1 = first.value("refresh_token").toString();
        QCOMPARE(token1.size(), 43);  // 256 bits, base64url
        QCOMPARE(first.value("scope").toString(), QStringLiteral("openid profile email offline_access"));

        // Each use answers a new refresh token and new tokens; the ID token has no nonce.
        a = refresh(token1);
        QCOMPARE(a.status, 200);
        QCOMPARE(a.header("cache-control"), QByteArray("no-store"));
        const QJsonObject second = a.json();
        const QString token2 = second.value("refresh_token").toString();
        QCOMPARE(token2.size(), 43);
        QVERIFY(token2 != token1);
        QString alg;
        const std::optional<QJsonObject> id = verified(second.value("id_token").toString(), jwks, &alg);
        QVERIFY(id);
        QCOMPARE(id->value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(id->value("aud").toString(), QStringLiteral("app"));
        QCOMPARE(id->value("email").toString(), QStringLiteral("alice@example.test"));
        QVERIFY(!id->contains("nonce"));
        QCOMPARE(id->value("amr").toArray(), QJsonArray{"pwd"});
        QCOMPARE(userinfo(second).status, 200);

        // Narrowed, never widened.
        a = refresh(token2, {{"scope", "openid email"}});
        QCOMPARE(a.status, 200);
        const QJsonObject third = a.json();
        QCOMPARE(third.value("scope").toString(), QStringLiteral("openid email"));
        const Answer narrowInfo = userinfo(third);
        QCOMPARE(narrowInfo.json().value("email").toString(), QStringLiteral("alice@example.test"));
        QVERIFY(!narrowInfo.json().contains("name"));
        const QString token3 = third.value("refresh_token").toString();

        // Another client cannot use it (and the grant of a token in the wrong hands ends).
        const QString otherGrant = redeem(codeFor(offline, m_alice)).json().value("refresh_token").toString();
        QVERIFY(!otherGrant.isEmpty());
        a = refresh(otherGrant, {}, basic("other", kAppSecret));
        QCOMPARE(a.status, 400);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_grant"));
        QCOMPARE(errorOf(refresh(otherGrant)), QStringLiteral("invalid_grant"));

        // The spent token1 again: reuse. The whole grant ends: the live token3 and the access
        // tokens issued from the grant.
        a = refresh(token1);
        QCOMPARE(a.status, 400);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_grant"));
        QCOMPARE(a.header("cache-control"), QByteArray("no-store"));
        QCOMPARE(errorOf(refresh(token3)), QStringLiteral("invalid_grant"));
        const Answer dead = userinfo(third);
        QCOMPARE(dead.status, 401);
        QVERIFY(dead.header("www-authenticate").contains("invalid_token"));
        QCOMPARE(userinfo(first).status, 401);
        // An access token without a grant (no offline_access) is not touched.
        QCOMPARE(userinfo(redeem(codeFor(appRequest(), m_alice)).json()).status, 200);

        // A widened scope is refused, and ends its grant.
        const QString widen = redeem(codeFor(with(appRequest(), "scope", "openid offline_access"), m_alice))
                                  .json().value("refresh_token").toString();
        QVERIFY(!widen.isEmpty());
        QCOMPARE(errorOf(refresh(widen, {{"scope", "openid email"}})), QStringLiteral("invalid_scope"));
        QCOMPARE(errorOf(refresh(widen)), QStringLiteral("invalid_grant"));

        // Made-up tokens, a missing one, a wrong secret.
        QCOMPARE(errorOf(refresh(QStringLiteral("made-up"))), QStringLiteral("invalid_grant"));
        QCOMPARE(errorOf(refresh(QString())), QStringLiteral("invalid_request"));
        a = refresh(token3, {}, basic("app", "wrong-secret"));
        QCOMPARE(a.status, 401);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_client"));
    }

    void reusedCodeEndsItsGrant()
    {
        const auto errorOf = [](const Answer &a) { return a.json().value("error").toString(); };
        const Fields offline = with(appRequest(), "scope", "openid email offline_access");
        const QString code = codeFor(offline, m_alice);
        const QJsonObject issued = redeem(code).json();
        const QString token = issued.value("refresh_token").toString();
        QVERIFY(!token.isEmpty());
        QCOMPARE(userinfo(issued).status, 200);
        // The code again (a replayed callback, or a thief's copy): refused, and what it issued ends.
        const Answer again = redeem(code);
        QCOMPARE(again.status, 400);
        QCOMPARE(errorOf(again), QStringLiteral("invalid_grant"));
        QCOMPARE(userinfo(issued).status, 401);
        QCOMPARE(errorOf(refresh(token)), QStringLiteral("invalid_grant"));
        QCOMPARE(introspect(issued.value("access_token").toString()), QJsonObject({{"active", false}}));
    }

    void revocation()
    {
        const auto errorOf = [](const Answer &a) { return a.json().value("error").toString(); };
        const Fields offline = with(appRequest(), "scope", "openid email offline_access");
        const QJsonObject tokens = redeem(codeFor(offline, m_alice)).json();
        const QString token = tokens.value("refresh_token").toString();
        QVERIFY(!token.isEmpty());

        // Another client's revocation answers 200 and leaves the token alone.
        Answer a = revoke(token, basic("other", kAppSecret));
        QCOMPARE(a.status, 200);
        QCOMPARE(a.header("cache-control"), QByteArray("no-store"));
        a = refresh(token);
        QCOMPARE(a.status, 200);
        const QJsonObject rotated = a.json();
        const QString live = rotated.value("refresh_token").toString();

        // Its own client's: the grant ends, its access tokens with it.
        QCOMPARE(revoke(live).status, 200);
        QCOMPARE(errorOf(refresh(live)), QStringLiteral("invalid_grant"));
        QCOMPARE(userinfo(rotated).status, 401);
        QCOMPARE(revoke(live).status, 200);  // again: nothing left, still 200

        // An access token of a grant revokes the grant too.
        const QJsonObject second = redeem(codeFor(offline, m_alice)).json();
        QCOMPARE(userinfo(second).status, 200);
        QCOMPARE(revoke(second.value("access_token").toString(), basic("other", kAppSecret)).status, 200);
        QCOMPARE(userinfo(second).status, 200);  // not the other client's to revoke
        QCOMPARE(revoke(second.value("access_token").toString()).status, 200);
        QCOMPARE(userinfo(second).status, 401);
        QCOMPARE(errorOf(refresh(second.value("refresh_token").toString())), QStringLiteral("invalid_grant"));

        // Unknown tokens: 200. Refusals: client authentication and a missing token.
        QCOMPARE(revoke(QStringLiteral("made-up")).status, 200);
        QCOMPARE(revoke(QStringLiteral("a.b.c")).status, 200);
        a = revoke(token, basic("app", "wrong-secret"));
        QCOMPARE(a.status, 401);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_client"));
        a = revoke(QString());
        QCOMPARE(a.status, 400);
        QCOMPARE(errorOf(a), QStringLiteral("invalid_request"));
    }

    void introspection()
    {
        const QJsonObject tokens = redeem(codeFor(with(appRequest(), "scope", "openid email offline_access"), m_alice)).json();
        const QString access = tokens.value("access_token").toString();
        const QString refreshToken = tokens.value("refresh_token").toString();
        QJsonObject a = introspect(access);
        QCOMPARE(a.value("active").toBool(), true);
        QCOMPARE(a.value("client_id").toString(), QStringLiteral("app"));
        QCOMPARE(a.value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(a.value("scope").toString(), QStringLiteral("openid email offline_access"));
        QCOMPARE(a.value("iss").toString(), m_issuer);
        QCOMPARE(a.value("token_type").toString(), QStringLiteral("Bearer"));
        QVERIFY(a.value("exp").toDouble() > QDateTime::currentSecsSinceEpoch());
        a = introspect(refreshToken);
        QCOMPARE(a.value("active").toBool(), true);
        QCOMPARE(a.value("client_id").toString(), QStringLiteral("app"));
        QCOMPARE(a.value("sub").toString(), QStringLiteral("1"));

        // Another audience, unknown tokens: only active false.
        QCOMPARE(introspect(access, basic("other", kAppSecret)), (QJsonObject{{"active", false}}));
        QCOMPARE(introspect(refreshToken, basic("other", kAppSecret)), (QJsonObject{{"active", false}}));
        QCOMPARE(introspect(QStringLiteral("made-up")), (QJsonObject{{"active", false}}));
        // One character of the signature changed (six bits, whatever the token's last bits are).
        QString altered = access;
        const qsizetype inSignature = access.lastIndexOf(u'.') + 10;
        altered[inSignature] = altered.at(inSignature) == u'A' ? u'B' : u'A';
        QCOMPARE(introspect(altered), (QJsonObject{{"active", false}}));

        // Spent by rotation; then revoked with its grant.
        const QString next = refresh(refreshToken).json().value("refresh_token").toString();
        QCOMPARE(introspect(refreshToken), (QJsonObject{{"active", false}}));
        QCOMPARE(introspect(next).value("active").toBool(), true);
        QCOMPARE(revoke(next).status, 200);
        QCOMPARE(introspect(next), (QJsonObject{{"active", false}}));
        QCOMPARE(introspect(access), (QJsonObject{{"active", false}}));

        // Client authentication as at the token endpoint.
        QCOMPARE(introspect(access, basic("app", "wrong-secret")), (QJsonObject{{"status", 401}}));
    }
};

QTEST_GUILESS_MAIN(TestServerOidcProvider)
#include "tst_serveroidcprovider.moc"
