// Refresh grants' rules: who gets a refresh token, a refresh's checks, narrowing the scope, what
// the refreshed tokens say.
#include "oidcprovider/idtoken.h"
#include "oidcprovider/refreshgrant.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;
using Outcome = OidcRefreshRedemption::Outcome;

class TestRefreshGrant : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offered_data();
    void offered();
    void tokensAreRandomAndHashed();
    void grantOfACode();
    void refreshChecks_data();
    void refreshChecks();
    void narrowing_data();
    void narrowing();
    void refreshedTokensHaveNoNonce();
};

namespace {

OidcClient client(const QString &id = QStringLiteral("grafana"))
{
    OidcClient c;
    c.clientId = id;
    return c;
}

OidcGrant grant()
{
    OidcGrant g;
    g.grantId = QStringLiteral("g-1");
    g.clientId = QStringLiteral("grafana");
    g.userId = QStringLiteral("42");
    g.scope = QStringLiteral("openid profile email offline_access");
    g.authTime = QDateTime::fromSecsSinceEpoch(1700000000, Qt::UTC);
    g.amr = {QStringLiteral("pwd"), QStringLiteral("otp"), QStringLiteral("mfa")};
    g.claims = QStringLiteral(R"({"name":"Ada","email":"ada@example.test","email_verified":true})");
    g.expiresAt = QDateTime::fromSecsSinceEpoch(1800000000, Qt::UTC);
    return g;
}

} // namespace

void TestRefreshGrant::offered_data()
{
    QTest::addColumn<QStringList>("grantTypes");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<bool>("offered");
    const QStringList both{QStringLiteral("authorization_code"), QStringLiteral("refresh_token")};
    QTest::newRow("offline_access, refresh allowed") << both << "openid offline_access" << true;
    QTest::newRow("no offline_access") << both << "openid profile" << false;
    QTest::newRow("refresh not allowed") << QStringList{QStringLiteral("authorization_code")} << "openid offline_access" << false;
    QTest::newRow("a longer name") << both << "openid offline_access_x" << false;
}

void TestRefreshGrant::offered()
{
    QFETCH(QStringList, grantTypes);
    QFETCH(QString, scope);
    QFETCH(bool, offered);
    OidcClient c = client();
    c.grantTypes = grantTypes;
    QCOMPARE(offersRefreshToken(c, scope.split(u' ')), offered);
}

void TestRefreshGrant::tokensAreRandomAndHashed()
{
    const NewCode a = newRefreshToken();
    const NewCode b = newRefreshToken();
    QCOMPARE(a.code.size(), 43);
    QVERIFY(a.code != b.code);
    QCOMPARE(a.hash, refreshTokenHash(a.code));
    QVERIFY(a.hash != a.code);
    // SHA-256 of "abc", base64url.
    QCOMPARE(refreshTokenHash(QStringLiteral("abc")), QStringLiteral("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"));
}

void TestRefreshGrant::grantOfACode()
{
    OidcAuthorizationCode code;
    code.clientId = QStringLiteral("grafana");
    code.userId = QStringLiteral("42");
    code.storedUser = true;
    code.scope = QStringLiteral("openid offline_access");
    code.nonce = QStringLiteral("n-1");
    code.amr = {QStringLiteral("hwk")};
    code.claims = QStringLiteral("{}");
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1700000000, Qt::UTC);
    const OidcGrant g = grantOf(code, now, 3600);
    QCOMPARE(g.clientId, code.clientId);
    QCOMPARE(g.userId, code.userId);
    QVERIFY(g.storedUser);
    QCOMPARE(g.scope, code.scope);
    QCOMPARE(g.amr, code.amr);
    QCOMPARE(g.expiresAt, now.addSecs(3600));
    QCOMPARE(g.grantId.size(), 22);  // 128 bits
    QVERIFY(grantOf(code, now, 3600).grantId != g.grantId);
}

void TestRefreshGrant::refreshChecks_data()
{
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("clientId");
    QTest::addColumn<bool>("refused");
    QTest::newRow("rotated, own client") << int(Outcome::Rotated) << "grafana" << false;
    QTest::newRow("rotated, another client") << int(Outcome::Rotated) << "gitea" << true;
    QTest::newRow("client id case") << int(Outcome::Rotated) << "Grafana" << true;
    QTest::newRow("unknown") << int(Outcome::Unknown) << "grafana" << true;
    QTest::newRow("reused") << int(Outcome::Reused) << "grafana" << true;
    QTest::newRow("expired") << int(Outcome::Expired) << "grafana" << true;
}

void TestRefreshGrant::refreshChecks()
{
    QFETCH(int, outcome);
    QFETCH(QString, clientId);
    QFETCH(bool, refused);
    OidcRefreshRedemption redeemed;
    redeemed.outcome = Outcome(outcome);
    if (redeemed.outcome != Outcome::Unknown)
        redeemed.grant = grant();
    const std::optional<ProtocolError> error = checkRefresh(redeemed, client(clientId));
    QCOMPARE(error.has_value(), refused);
    if (error) {
        QCOMPARE(errorCodeName(error->code), QStringLiteral("invalid_grant"));
        QVERIFY(!error->description.isEmpty());
    }
}

void TestRefreshGrant::narrowing_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("scope");  // empty: refused
    QTest::newRow("none asked: all granted") << "" << "openid profile email offline_access";
    QTest::newRow("narrowed") << "openid email" << "openid email";
    QTest::newRow("repeated once") << "email email" << "email";
    QTest::newRow("widened") << "openid groups" << "";
    QTest::newRow("case") << "OpenID" << "";
    QTest::newRow("a prefix is no scope") << "open" << "";
}

void TestRefreshGrant::narrowing()
{
    QFETCH(QString, requested);
    QFETCH(QString, scope);
    QString result;
    const std::optional<ProtocolError> error = narrowScope(grant().scope, requested, &result);
    if (scope.isEmpty()) {
        QVERIFY(error);
        QCOMPARE(errorCodeName(error->code), QStringLiteral("invalid_scope"));
    } else {
        QVERIFY(!error);
        QCOMPARE(result, scope);
    }
}

void TestRefreshGrant::refreshedTokensHaveNoNonce()
{
    const OidcAuthorizationCode record = refreshedRecord(grant(), QStringLiteral("openid email"));
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1700000100, Qt::UTC);
    const QJsonObject id = idTokenClaims(QStringLiteral("https://auth.example.test"), record, now);
    QVERIFY(!id.contains("nonce"));
    QCOMPARE(id.value("sub").toString(), QStringLiteral("42"));
    QCOMPARE(id.value("aud").toString(), QStringLiteral("grafana"));
    QCOMPARE(id.value("auth_time").toInteger(), 1700000000);
    QCOMPARE(id.value("email").toString(), QStringLiteral("ada@example.test"));
    QVERIFY(!id.contains("name"));  // profile was narrowed away
    const QJsonObject access = accessTokenClaims(QStringLiteral("https://auth.example.test"), record, now, QStringLiteral("g-1"));
    QCOMPARE(access.value(grantIdClaim).toString(), QStringLiteral("g-1"));
    QCOMPARE(access.value("scope").toString(), QStringLiteral("openid email"));
    QVERIFY(!accessTokenClaims(QStringLiteral("https://auth.example.test"), record, now).contains(grantIdClaim));
}

QTEST_GUILESS_MAIN(TestRefreshGrant)
#include "tst_refreshgrant.moc"
