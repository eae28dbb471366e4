// The Logout Token of OpenID Connect Back-Channel Logout 1.0 §2.4 as a client checks it, and
// the sid it names (§2.1): stable per session, different between sessions, never the token.
#include "oidclogout/logouttoken.h"
#include "oidcprovider/sessionid.h"
#include "oidcprovider/jwks.h"

#include "oauth/jws.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcLogout;
using namespace Gatehouse::OidcProvider;
using OidcProvider::SigningAlgorithm;
using OidcProvider::SigningKey;

Q_DECLARE_METATYPE(SigningAlgorithm)

namespace {

const QString kIssuer = QStringLiteral("https://auth.example.test/auth");
const QStringList kSecrets{QStringLiteral("a-secret-of-at-least-thirty-two-characters")};

//! The payload of \a token when it verifies with a key of \a jwks (by kid), as a relying party checks it.
std::optional<QJsonObject> verified(const QString &token, const QJsonObject &jwks, QJsonObject *header, QString *problem)
{
    const std::optional<OAuth::CompactJws> jws = OAuth::CompactJws::parse(token, problem);
    if (!jws)
        return std::nullopt;
    for (const QJsonValue &published : jwks.value(QStringLiteral("keys")).toArray()) {
        if (published.toObject().value(QStringLiteral("kid")).toString() != jws->kid)
            continue;
        const std::optional<OAuth::Jwk> jwk = OAuth::Jwk::fromJson(published.toObject(), problem);
        if (!jwk || !OAuth::keyFits(*jwk, jws->alg) || !OAuth::verifySignature(*jws, *jwk))
            break;
        *header = jws->header;
        return QJsonDocument::fromJson(jws->payload).object();
    }
    if (problem->isEmpty())
        *problem = QStringLiteral("no published key verifies it");
    return std::nullopt;
}

} // namespace

class TestLogoutToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signedAndVerifiableWithTheJwks_data()
    {
        QTest::addColumn<SigningAlgorithm>("algorithm");
        QTest::addColumn<QString>("sid");
        QTest::newRow("RS256 with sid") << SigningAlgorithm::RS256 << QStringLiteral("sid-1");
        QTest::newRow("ES256 with sid") << SigningAlgorithm::ES256 << QStringLiteral("sid-2");
        QTest::newRow("EdDSA with sid") << SigningAlgorithm::EdDSA << QStringLiteral("sid-3");
        QTest::newRow("RS256, person only") << SigningAlgorithm::RS256 << QString();
    }

    void signedAndVerifiableWithTheJwks()
    {
        QFETCH(SigningAlgorithm, algorithm);
        QFETCH(QString, sid);
        const SigningKey key = SigningKey::generate(algorithm);
        const SigningKey other = SigningKey::generate(SigningAlgorithm::RS256);
        const QJsonObject published = OidcProvider::jwks({other, key});
        const QDateTime now = QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC);
        const QString token = signLogoutToken(key, logoutTokenClaims(kIssuer, {QStringLiteral("grafana"), QStringLiteral("42"), sid},
                                                                     now, QStringLiteral("jti-1")));
        QJsonObject header;
        QString problem;
        const std::optional<QJsonObject> claims = verified(token, published, &header, &problem);
        QVERIFY2(claims, qPrintable(problem));
        QCOMPARE(header.value("typ").toString(), QStringLiteral("logout+jwt"));
        QCOMPARE(header.value("alg").toString(), key.alg());
        QCOMPARE(header.value("kid").toString(), key.kid());
        QCOMPARE(claims->value("iss").toString(), kIssuer);
        QCOMPARE(claims->value("aud").toString(), QStringLiteral("grafana"));
        QCOMPARE(claims->value("sub").toString(), QStringLiteral("42"));
        QCOMPARE(claims->value("iat").toInteger(), now.toSecsSinceEpoch());
        QCOMPARE(claims->value("exp").toInteger(), now.toSecsSinceEpoch() + 120);
        QCOMPARE(claims->value("jti").toString(), QStringLiteral("jti-1"));
        QCOMPARE(claims->value("events").toObject(),
                 (QJsonObject{{"http://schemas.openid.net/event/backchannel-logout", QJsonObject()}}));
        // §2.4: a nonce is prohibited, so that it cannot pass for an ID token.
        QVERIFY(!claims->contains("nonce"));
        QCOMPARE(claims->contains("sid"), !sid.isEmpty());
        if (!sid.isEmpty())
            QCOMPARE(claims->value("sid").toString(), sid);

        // Another provider's key does not verify it.
        const QJsonObject stranger = OidcProvider::jwks({SigningKey::generate(algorithm)});
        problem.clear();
        QVERIFY(!verified(token, stranger, &header, &problem));
    }

    void tokenIdsAreRandom()
    {
        const QString a = newLogoutTokenId();
        QCOMPARE(a.size(), 22);  // 128 bits, base64url
        QVERIFY(a != newLogoutTokenId());
    }

    void sessionIdIsStableAndNeverTheToken()
    {
        const QString token = QStringLiteral("0f2c1f4e-session-token");
        const QString sid = databaseSessionId(kSecrets, token);
        QCOMPARE(sid.size(), 43);  // HMAC-SHA256, base64url
        QCOMPARE(databaseSessionId(kSecrets, token), sid);
        QVERIFY(!sid.contains(token));
        QVERIFY(databaseSessionId(kSecrets, token + u'x') != sid);
        // Another secret, another sid: a sid cannot be computed without the secret.
        QVERIFY(databaseSessionId({QStringLiteral("another-secret-of-thirty-two-characters")}, token) != sid);
        QVERIFY(databaseSessionId(kSecrets, QString()).isEmpty());
        QVERIFY(databaseSessionId({}, token).isEmpty());

        const QDateTime signedIn = QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC);
        const QString jwt = jwtSessionId(kSecrets, QStringLiteral("42"), signedIn);
        QCOMPARE(jwtSessionId(kSecrets, QStringLiteral("42"), signedIn), jwt);
        QVERIFY(jwtSessionId(kSecrets, QStringLiteral("42"), signedIn.addSecs(1)) != jwt);  // a new sign-in
        QVERIFY(jwtSessionId(kSecrets, QStringLiteral("43"), signedIn) != jwt);
        QVERIFY(jwtSessionId(kSecrets, QStringLiteral("42"), QDateTime()).isEmpty());
        QVERIFY(jwt != sid);
    }
};

QTEST_GUILESS_MAIN(TestLogoutToken)
#include "tst_logouttoken.moc"
