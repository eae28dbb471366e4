// The id_token claim rules: each row breaks one rule of OpenID Connect Core 3.1.3.7.
#include "oauth/idtoken.h"

#include <gatehouse/autherror.h>

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {
constexpr qint64 now = 1800000000;

QJsonObject validClaims()
{
    return {{"iss", "https://idp.example.test"}, {"sub", "user-1"}, {"aud", "client-1"}, {"exp", double(now + 600)},
            {"iat", double(now)}, {"nonce", "n-0S6_WzA2Mj"}};
}

IdTokenRules rules()
{
    IdTokenRules r;
    r.issuer = QStringLiteral("https://idp.example.test");
    r.clientId = QStringLiteral("client-1");
    r.nonce = QStringLiteral("n-0S6_WzA2Mj");
    r.now = now;
    return r;
}
} // namespace

class TestIdToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validClaimsPass()
    {
        checkIdTokenClaims(validClaims(), rules());
        QJsonObject several = validClaims();
        several.insert("aud", QJsonArray{"client-1", "api"});
        several.insert("azp", "client-1");
        checkIdTokenClaims(several, rules());
        QJsonObject withinTolerance = validClaims();
        withinTolerance.insert("exp", double(now - 10));
        withinTolerance.insert("iat", double(now + 10));
        withinTolerance.insert("nbf", double(now + 10));
        checkIdTokenClaims(withinTolerance, rules());
        IdTokenRules noNonce = rules();
        noNonce.nonce.reset();
        QJsonObject withoutNonce = validClaims();
        withoutNonce.remove("nonce");
        checkIdTokenClaims(withoutNonce, noNonce);
    }

    void brokenRules_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");   // Undefined: remove the claim
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("message");
        QTest::newRow("other issuer") << "iss" << QJsonValue("https://evil.example.test") << "CallbackRouteError" << "\"iss\" is \"https://evil.example.test\"";
        QTest::newRow("issuer with a slash") << "iss" << QJsonValue("https://idp.example.test/") << "CallbackRouteError" << "\"iss\"";
        QTest::newRow("no issuer") << "iss" << QJsonValue(QJsonValue::Undefined) << "CallbackRouteError" << "\"iss\"";
        QTest::newRow("no subject") << "sub" << QJsonValue(QJsonValue::Undefined) << "CallbackRouteError" << "\"sub\" is missing";
        QTest::newRow("other audience") << "aud" << QJsonValue("client-2") << "CallbackRouteError" << "\"aud\" does not name client \"client-1\"";
        QTest::newRow("audience list without us") << "aud" << QJsonValue(QJsonArray{"a", "b"}) << "CallbackRouteError" << "\"aud\"";
        QTest::newRow("several audiences, no azp") << "aud" << QJsonValue(QJsonArray{"client-1", "api"}) << "CallbackRouteError" << "no \"azp\"";
        QTest::newRow("azp of another client") << "azp" << QJsonValue("client-2") << "CallbackRouteError" << "\"azp\" is \"client-2\"";
        QTest::newRow("expired") << "exp" << QJsonValue(double(now - 31)) << "CallbackRouteError" << "expired";
        QTest::newRow("exp as a string") << "exp" << QJsonValue(QString::number(now + 600)) << "CallbackRouteError" << "\"exp\" is missing or not a number";
        QTest::newRow("exp beyond any integer") << "exp" << QJsonValue(4.1e89) << "CallbackRouteError" << "\"exp\" is out of range";
        QTest::newRow("iat far in the past") << "iat" << QJsonValue(-1e300) << "CallbackRouteError" << "\"iat\" is out of range";
        QTest::newRow("no iat") << "iat" << QJsonValue(QJsonValue::Undefined) << "CallbackRouteError" << "\"iat\"";
        QTest::newRow("issued in the future") << "iat" << QJsonValue(double(now + 3600)) << "CallbackRouteError" << "issued in the future";
        QTest::newRow("not valid yet") << "nbf" << QJsonValue(double(now + 3600)) << "CallbackRouteError" << "not valid yet";
        QTest::newRow("other nonce") << "nonce" << QJsonValue("replayed") << "InvalidCheck" << "nonce does not match";
        QTest::newRow("nonce removed") << "nonce" << QJsonValue(QJsonValue::Undefined) << "InvalidCheck" << "nonce does not match";
    }

    void brokenRules()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, type);
        QFETCH(QString, message);
        QJsonObject claims = validClaims();
        if (value.isUndefined())
            claims.remove(key);
        else
            claims.insert(key, value);
        try {
            checkIdTokenClaims(claims, rules());
            QFAIL("accepted");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), type);
            QVERIFY2(e.message().contains(message), qPrintable(e.message()));
        }
    }

    void unexpectedNonce()
    {
        IdTokenRules noNonce = rules();
        noNonce.nonce.reset();
        QVERIFY_THROWS_EXCEPTION(AuthError, checkIdTokenClaims(validClaims(), noNonce));
    }
};

QTEST_GUILESS_MAIN(TestIdToken)
#include "tst_idtoken.moc"
