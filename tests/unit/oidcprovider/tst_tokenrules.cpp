// The token endpoint's rules: client authentication, redeeming a code, the tokens' claims,
// their signatures (checked with the OAuth client's verifier against the published keys).
#include "oidcprovider/authorizationcode.h"
#include "oidcprovider/clientauthentication.h"
#include "oidcprovider/idtoken.h"

#include "keytesting.h"

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;
using namespace Gatehouse::Testing;

class TestTokenRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clientAuthentication_data();
    void clientAuthentication();
    void redemption_data();
    void redemption();
    void codesAreRandomAndHashed();
    void claimsByScope_data();
    void claimsByScope();
    void sidOnlyInTheIdToken();
    void idTokenVerifiesWithThePublishedKey();
    void accessTokenVerification();
};

namespace {

const QString secret = QStringLiteral("grafana-secret-0123456789abcdef:+/x");
const QString verifier = QStringLiteral("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
const QString challenge = QStringLiteral("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");

QList<OidcClient> clients()
{
    OidcClient grafana;
    grafana.clientId = QStringLiteral("grafana");
    grafana.clientSecret = secret;
    grafana.redirectUris = {QStringLiteral("https://grafana.example.test/cb")};
    OidcClient desktop;
    desktop.clientId = QStringLiteral("desktop");
    desktop.isPublic = true;
    desktop.redirectUris = {QStringLiteral("http://127.0.0.1/cb")};
    return {grafana, desktop};
}

QByteArray basic(const QByteArray &id, const QByteArray &secretText)
{
    return "Basic " + (QUrl::toPercentEncoding(QString::fromUtf8(id)) + ':' + QUrl::toPercentEncoding(QString::fromUtf8(secretText))).toBase64();
}

OidcAuthorizationCode issued()
{
    OidcAuthorizationCode code;
    code.codeHash = codeHash(QStringLiteral("the-code"));
    code.clientId = QStringLiteral("grafana");
    code.redirectUri = QStringLiteral("https://grafana.example.test/cb");
    code.codeChallenge = challenge;
    code.nonce = QStringLiteral("n-1");
    code.scope = QStringLiteral("openid profile email groups");
    code.userId = QStringLiteral("42");
    code.authTime = QDateTime::currentDateTimeUtc().addSecs(-20);
    code.amr = {QStringLiteral("pwd"), QStringLiteral("otp"), QStringLiteral("mfa")};
    code.claims = QString::fromUtf8(QJsonDocument(QJsonObject{
        {"name", "Ada"}, {"preferred_username", "ada@example.test"}, {"email", "ada@example.test"}, {"email_verified", true},
        {"picture", QStringLiteral("https:") + "//img.example.test/a.png"}, {"groups", QJsonArray{"admins"}}}).toJson());
    code.expiresAt = QDateTime::currentDateTimeUtc().addSecs(60);
    return code;
}

QJsonObject payloadOf(const QString &token)
{
    QString problem;
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(token, &problem);
    return jws ? QJsonDocument::fromJson(jws->payload).object() : QJsonObject();
}

} // namespace

void TestTokenRules::clientAuthentication_data()
{
    QTest::addColumn<QByteArray>("authorization");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("client");     // authenticated client, or empty
    QTest::addColumn<QString>("error");
    QTest::addColumn<bool>("usedBasic");

    const QByteArray encodedSecret = QUrl::toPercentEncoding(secret);
    QTest::newRow("basic") << basic("grafana", secret.toUtf8()) << QByteArray() << "grafana" << "" << true;
    QTest::newRow("post") << QByteArray() << "client_id=grafana&client_secret=" + encodedSecret << "grafana" << "" << false;
    QTest::newRow("none, public") << QByteArray() << QByteArray("client_id=desktop") << "desktop" << "" << false;
    QTest::newRow("basic, wrong secret") << basic("grafana", "wrong") << QByteArray() << "" << "invalid_client" << true;
    QTest::newRow("basic, secret's prefix") << basic("grafana", secret.left(10).toUtf8()) << QByteArray() << "" << "invalid_client" << true;
    QTest::newRow("post, wrong secret") << QByteArray() << QByteArray("client_id=grafana&client_secret=wrong") << ""
                                        << "invalid_client" << false;
    QTest::newRow("confidential, no secret") << QByteArray() << QByteArray("client_id=grafana") << "" << "invalid_client" << false;
    QTest::newRow("unknown client") << basic("nobody", "x") << QByteArray() << "" << "invalid_client" << true;
    QTest::newRow("public with a secret") << QByteArray() << QByteArray("client_id=desktop&client_secret=x") << ""
                                          << "invalid_client" << false;
    QTest::newRow("nothing") << QByteArray() << QByteArray() << "" << "invalid_client" << false;
    QTest::newRow("two methods") << basic("grafana", secret.toUtf8()) << "client_secret=" + encodedSecret << ""
                                 << "invalid_request" << true;
    QTest::newRow("basic and another client_id") << basic("grafana", secret.toUtf8()) << QByteArray("client_id=desktop") << ""
                                                 << "invalid_client" << true;
    QTest::newRow("bearer, not basic") << QByteArray("Bearer abc") << QByteArray() << "" << "invalid_client" << true;
    QTest::newRow("basic, not base64") << QByteArray("Basic %%%") << QByteArray() << "" << "invalid_client" << true;
}

void TestTokenRules::clientAuthentication()
{
    QFETCH(QByteArray, authorization);
    QFETCH(QByteArray, body);
    QFETCH(QString, client);
    QFETCH(QString, error);
    QFETCH(bool, usedBasic);
    static const QList<OidcClient> configured = clients();
    const ClientAuthentication result = authenticateClient(authorization, parseParameters(body), configured);
    QCOMPARE(result.client ? result.client->clientId : QString(), client);
    QCOMPARE(result.error ? errorCodeName(result.error->code) : QString(), error);
    QCOMPARE(result.usedBasic, usedBasic);
}

void TestTokenRules::redemption_data()
{
    QTest::addColumn<QString>("client");
    QTest::addColumn<QString>("redirectUri");
    QTest::addColumn<QString>("verifier");
    QTest::addColumn<qint64>("expiresIn");
    QTest::addColumn<bool>("withChallenge");
    QTest::addColumn<bool>("ok");
    const QString uri = QStringLiteral("https://grafana.example.test/cb");
    QTest::newRow("valid") << "grafana" << uri << verifier << qint64(60) << true << true;
    QTest::newRow("another client's code") << "desktop" << uri << verifier << qint64(60) << true << false;
    QTest::newRow("expired") << "grafana" << uri << verifier << qint64(-1) << true << false;
    QTest::newRow("redirect uri differs") << "grafana" << uri + "/" << verifier << qint64(60) << true << false;
    QTest::newRow("redirect uri case") << "grafana" << "https://Grafana.example.test/cb" << verifier << qint64(60) << true << false;
    QTest::newRow("no verifier") << "grafana" << uri << "" << qint64(60) << true << false;
    QTest::newRow("wrong verifier") << "grafana" << uri << verifier.left(42) + "A" << qint64(60) << true << false;
    QTest::newRow("challenge as verifier (plain)") << "grafana" << uri << challenge << qint64(60) << true << false;
    QTest::newRow("short verifier") << "grafana" << uri << "abc" << qint64(60) << true << false;
    QTest::newRow("no PKCE, confidential") << "grafana" << uri << "" << qint64(60) << false << true;
    QTest::newRow("verifier without challenge") << "grafana" << uri << verifier << qint64(60) << false << false;
}

void TestTokenRules::redemption()
{
    QFETCH(QString, client);
    QFETCH(QString, redirectUri);
    QFETCH(QString, verifier);
    QFETCH(qint64, expiresIn);
    QFETCH(bool, withChallenge);
    QFETCH(bool, ok);
    static const QList<OidcClient> configured = clients();
    const OidcClient &by = client == u"grafana" ? configured.at(0) : configured.at(1);
    OidcAuthorizationCode code = issued();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    code.expiresAt = now.addSecs(expiresIn);
    if (!withChallenge)
        code.codeChallenge.clear();
    const std::optional<ProtocolError> refused = checkRedemption(code, by, redirectUri, verifier, now);
    QCOMPARE(!refused.has_value(), ok);
    if (refused)
        QCOMPARE(refused->code, ErrorCode::InvalidGrant);
}

void TestTokenRules::codesAreRandomAndHashed()
{
    const NewCode a = newAuthorizationCode();
    const NewCode b = newAuthorizationCode();
    QCOMPARE(a.code.size(), 43);  // 256 bits
    QVERIFY(a.code != b.code);
    QCOMPARE(a.hash, codeHash(a.code));
    QVERIFY(a.hash != a.code);
    QVERIFY(!a.hash.contains(a.code.left(8)));
}

void TestTokenRules::claimsByScope_data()
{
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QStringList>("claims");
    QTest::newRow("openid") << "openid" << QStringList{};
    QTest::newRow("profile") << "openid profile" << QStringList{"name", "picture", "preferred_username"};
    QTest::newRow("email") << "openid email" << QStringList{"email", "email_verified"};
    QTest::newRow("groups") << "openid groups" << QStringList{"groups"};
}

void TestTokenRules::claimsByScope()
{
    QFETCH(QString, scope);
    QFETCH(QStringList, claims);
    OidcAuthorizationCode code = issued();
    code.scope = scope;
    const QJsonObject id = idTokenClaims(QStringLiteral("https://auth.example.test/auth"), code, QDateTime::currentDateTimeUtc());
    QStringList personal;
    for (const QString &name : {"name", "picture", "preferred_username", "email", "email_verified", "groups"}) {
        if (id.contains(name))
            personal.append(name);
    }
    personal.sort();
    QCOMPARE(personal, claims);
}

void TestTokenRules::sidOnlyInTheIdToken()
{
    OidcAuthorizationCode code = issued();
    QJsonObject person = QJsonDocument::fromJson(code.claims.toUtf8()).object();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // A session without a sid (none could be derived): none in the token.
    QVERIFY(!idTokenClaims(QStringLiteral("https://auth.example.test/auth"), code, now).contains("sid"));
    person.insert("sid", "session-id-1");
    code.claims = QString::fromUtf8(QJsonDocument(person).toJson());
    QCOMPARE(idTokenClaims(QStringLiteral("https://auth.example.test/auth"), code, now).value("sid").toString(),
             QStringLiteral("session-id-1"));
    // Back-Channel Logout names sessions in ID tokens only, whatever the scope.
    QVERIFY(!accessTokenClaims(QStringLiteral("https://auth.example.test/auth"), code, now).contains("sid"));
}

void TestTokenRules::idTokenVerifiesWithThePublishedKey()
{
    const QString issuer = QStringLiteral("https://auth.example.test/auth");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const SigningAlgorithm algorithm : {SigningAlgorithm::RS256, SigningAlgorithm::ES256, SigningAlgorithm::EdDSA}) {
        const SigningKey key = SigningKey::generate(algorithm);
        // One record: issued() reads the clock, and a second may pass between two calls.
        const OidcAuthorizationCode code = issued();
        const QString token = signJwt(key, "JWT", idTokenClaims(issuer, code, now));
        QString problem;
        QVERIFY2(verifiesWith(token, key.publicJwk(), &problem), qPrintable(problem));
        const QJsonObject claims = payloadOf(token);
        QCOMPARE(claims.value("iss").toString(), issuer);
        QCOMPARE(claims.value("sub").toString(), QStringLiteral("42"));
        QCOMPARE(claims.value("aud").toString(), QStringLiteral("grafana"));
        QCOMPARE(claims.value("azp").toString(), QStringLiteral("grafana"));
        QCOMPARE(claims.value("nonce").toString(), QStringLiteral("n-1"));
        QCOMPARE(qint64(claims.value("iat").toDouble()), now.toSecsSinceEpoch());
        QCOMPARE(qint64(claims.value("exp").toDouble()), now.toSecsSinceEpoch() + tokenLifetimeSeconds);
        QCOMPARE(qint64(claims.value("auth_time").toDouble()), code.authTime.toSecsSinceEpoch());
        QCOMPARE(claims.value("amr").toArray(), QJsonArray({"pwd", "otp", "mfa"}));
        QCOMPARE(claims.value("groups").toArray(), QJsonArray({"admins"}));
    }
}

void TestTokenRules::accessTokenVerification()
{
    const QString issuer = QStringLiteral("https://auth.example.test/auth");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const SigningKey rsa = SigningKey::generate(SigningAlgorithm::RS256);
    const SigningKey ec = SigningKey::generate(SigningAlgorithm::ES256);
    const SigningKeySet keys({{rsa, 1}, {ec, 1}});
    const QString token = signJwt(rsa, "at+jwt", accessTokenClaims(issuer, issued(), now));
    QString problem;
    const std::optional<QJsonObject> claims = verifyAccessToken(token, keys, issuer, now, &problem);
    QVERIFY2(claims, qPrintable(problem));
    QCOMPARE(claims->value("client_id").toString(), QStringLiteral("grafana"));
    QCOMPARE(claims->value("scope").toString(), QStringLiteral("openid profile email groups"));

    // Refused: expired, another issuer, an ID token, another key, a changed payload, garbage.
    QVERIFY(!verifyAccessToken(token, keys, issuer, now.addSecs(tokenLifetimeSeconds), &problem));
    QVERIFY(!verifyAccessToken(token, keys, issuer + "/other", now, &problem));
    QVERIFY(!verifyAccessToken(signJwt(rsa, "JWT", accessTokenClaims(issuer, issued(), now)), keys, issuer, now, &problem));
    QVERIFY(!verifyAccessToken(signJwt(ec, "at+jwt", accessTokenClaims(issuer, issued(), now)), keys, issuer, now, &problem));
    const SigningKey stranger = SigningKey::generate(SigningAlgorithm::RS256);
    QVERIFY(!verifyAccessToken(signJwt(stranger, "at+jwt", accessTokenClaims(issuer, issued(), now)), keys, issuer, now, &problem));
    QStringList parts = token.split(u'.');
    OidcAuthorizationCode other = issued();
    other.userId = QStringLiteral("1");
    parts[1] = signJwt(rsa, "at+jwt", accessTokenClaims(issuer, other, now)).split(u'.').at(1);
    QVERIFY(!verifyAccessToken(parts.join(u'.'), keys, issuer, now, &problem));
    QVERIFY(!verifyAccessToken(QStringLiteral("not.a.token"), keys, issuer, now, &problem));
}

QTEST_GUILESS_MAIN(TestTokenRules)
#include "tst_tokenrules.moc"
