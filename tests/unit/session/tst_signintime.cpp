// When the person of a JWT session signed in (session/signintime.h): the "auth_time" claim is
// written at sign-in where an AccountStore can use it, survives every re-issue whatever the jwt
// callback returns, and is never written without one (the token stays what Auth.js writes).
#include "session/signintime.h"
#include "support/engineclient.h"

#include <gatehouse/jwt.h>
#include <gatehouse/memoryadapter.h>

#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

namespace {

const QString kSecret = QStringLiteral("signin-time-secret-signin-time-secret-01");
const QString kCookie = QStringLiteral("authjs.session-token");

Config jwtConfig(std::shared_ptr<Adapter> adapter)
{
    Config config;
    config.secret = {kSecret};
    config.trustHost = true;
    config.adapter = std::move(adapter);
    config.session.strategy = SessionOptions::Strategy::Jwt;
    Provider p;
    p.id = p.name = QStringLiteral("credentials");
    p.type = QStringLiteral("credentials");
    p.authorize = [](const QJsonObject &c, const AuthRequest &) {
        std::optional<QJsonObject> user;
        if (c.value("password").toString() == "pw")
            user = QJsonObject{{"id", "u-alice"}, {"name", "Alice"}, {"email", "alice@example.test"}};
        return QtFuture::makeReadyFuture(user);
    };
    config.providers = {p};
    return config;
}

void signIn(EngineClient &client)
{
    const QString csrf = client.csrfToken();
    const Reply r = client.postForm("/auth/callback/credentials", {{"csrfToken", csrf}, {"username", "alice"}, {"password", "pw"}});
    QVERIFY2(r.response.status == 302, r.response.body.constData());
}

QJsonObject claimsOf(const EngineClient &client)
{
    return Jwt::decode({client.cookies.value(kCookie), {kSecret}, kCookie}).value_or(QJsonObject());
}

} // namespace

class TestSignInTime : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stampAndCarryOnlyWithAnAccountStore()
    {
        const Stores with = Stores::of(std::make_shared<MemoryAdapter>());
        const Stores without;
        const QDateTime now = QDateTime::fromSecsSinceEpoch(1'790'000'000, Qt::UTC);
        const QJsonObject token{{"sub", "u1"}};
        const QJsonObject stamped = SignInTime::stamp(with, token, now);
        QCOMPARE(stamped.value("auth_time").toDouble(), 1'790'000'000.0);
        QCOMPARE(SignInTime::of(stamped), now);
        QCOMPARE(SignInTime::stamp(without, token, now), token);

        // The callback's token loses the claim, or forges one: the previous one stands.
        QCOMPARE(SignInTime::carry(with, QJsonObject{{"sub", "u1"}}, stamped).value("auth_time").toDouble(), 1'790'000'000.0);
        QCOMPARE(SignInTime::carry(with, QJsonObject{{"sub", "u1"}, {"auth_time", 2e9}}, stamped)
                     .value("auth_time").toDouble(), 1'790'000'000.0);
        // A token from before the claim gets none: its sign-in is never recent.
        QVERIFY(!SignInTime::carry(with, QJsonObject{{"auth_time", 2e9}}, token).contains("auth_time"));
        QVERIFY(!SignInTime::of(token).isValid());
        // A claim that is no time at all (beyond every integer) is an unknown time too.
        QVERIFY(!SignInTime::of(QJsonObject{{"auth_time", 1e300}}).isValid());
        // Without the store the engine leaves the callback's token as it is.
        const QJsonObject own{{"sub", "u1"}, {"auth_time", "the app's own"}};
        QCOMPARE(SignInTime::carry(without, own, stamped), own);
    }

    void aSignInIsStampedAndReissuesKeepIt()
    {
        Config config = jwtConfig(std::make_shared<MemoryAdapter>());
        // A jwt callback that builds a token of its own, without the engine's claim.
        config.callbacks.jwt = [](const JwtParams &params) {
            QJsonObject fresh{{"sub", params.token.value("sub")}, {"name", params.token.value("name")},
                              {"email", params.token.value("email")}};
            return QtFuture::makeReadyFuture(std::optional<QJsonObject>(fresh));
        };
        const Auth auth(config);
        EngineClient client(auth);
        const qint64 before = QDateTime::currentSecsSinceEpoch();
        signIn(client);
        const qint64 after = QDateTime::currentSecsSinceEpoch();
        const QJsonObject first = claimsOf(client);
        const qint64 signedIn = qint64(first.value("auth_time").toDouble());
        QVERIFY2(signedIn >= before && signedIn <= after, qPrintable(QString::number(signedIn)));

        QTest::qWait(1100);  // iat has whole seconds
        const Reply session = client.get("/auth/session");
        QCOMPARE(session.json().object().value("user").toObject().value("email").toString(), QStringLiteral("alice@example.test"));
        const QJsonObject reissued = claimsOf(client);
        QVERIFY(reissued.value("iat").toDouble() > first.value("iat").toDouble());
        QCOMPARE(qint64(reissued.value("auth_time").toDouble()), signedIn);
        // Not part of the session the application sees.
        QVERIFY(!session.response.body.contains("auth_time"));
    }

    void withoutAnAccountStoreTheTokenIsAuthJss()
    {
        const Auth auth(jwtConfig(nullptr));
        EngineClient client(auth);
        signIn(client);
        const QJsonObject claims = claimsOf(client);
        QCOMPARE(claims.value("sub").toString(), QStringLiteral("u-alice"));
        QVERIFY(!claims.contains("auth_time"));
        client.get("/auth/session");
        QVERIFY(!claimsOf(client).contains("auth_time"));
    }
};

QTEST_GUILESS_MAIN(TestSignInTime)
#include "tst_signintime.moc"
