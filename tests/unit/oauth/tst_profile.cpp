// Profile mapping (SPEC.md: the default keeps id, email, name, image) and the account token set.
#include "oauth/profile.h"

#include <gatehouse/autherror.h>

#include <QJsonArray>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

class TestProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void paths()
    {
        const QJsonObject root{{"a", QJsonObject{{"b", QJsonArray{10, QJsonObject{{"c", "deep"}}}}}}};
        QCOMPARE(valueAtPath(root, u"a.b.0"), QJsonValue(10));
        QCOMPARE(valueAtPath(root, u"a.b.1.c"), QJsonValue("deep"));
        QVERIFY(valueAtPath(root, u"a.b.2").isUndefined());
        QVERIFY(valueAtPath(root, u"a.b.x").isUndefined());
        QVERIFY(valueAtPath(root, u"a.b.0.c").isUndefined());
        QVERIFY(valueAtPath(root, u"nope").isUndefined());
    }

    void defaultMapping_data()
    {
        QTest::addColumn<QJsonObject>("profile");
        QTest::addColumn<QJsonObject>("user");
        QTest::newRow("OpenID claims") << QJsonObject{{"sub", "u1"}, {"name", "Ann"}, {"email", "Ann@Example.TEST"}, {"picture", "https://p/a"}, {"locale", "de"}}
                                       << QJsonObject{{"id", "u1"}, {"name", "Ann"}, {"email", "ann@example.test"}, {"image", "https://p/a"}};
        QTest::newRow("id instead of sub, nickname") << QJsonObject{{"id", 42}, {"nickname", "a"}}
                                                     << QJsonObject{{"id", "42"}, {"name", "a"}};
        QTest::newRow("null name falls through") << QJsonObject{{"sub", "u"}, {"name", QJsonValue::Null}, {"preferred_username", "ann"}}
                                                 << QJsonObject{{"id", "u"}, {"name", "ann"}};
        // Found by tests/fuzz (tokenresponse): numbers beyond qint64 were converted to it (undefined).
        QTest::newRow("huge numeric id") << QJsonObject{{"id", 1e300}} << QJsonObject{{"id", "1e+300"}};
        QTest::newRow("large numeric id") << QJsonObject{{"id", 1e18}} << QJsonObject{{"id", "1000000000000000000"}};
        QTest::newRow("fractional id") << QJsonObject{{"id", -2.5}} << QJsonObject{{"id", "-2.5"}};
        QTest::newRow("null email stays null") << QJsonObject{{"sub", "u"}, {"email", QJsonValue::Null}}
                                               << QJsonObject{{"id", "u"}, {"email", QJsonValue::Null}};
    }

    void defaultMapping()
    {
        QFETCH(QJsonObject, profile);
        QFETCH(QJsonObject, user);
        QCOMPARE(userFromProfile(profile, {}), user);
    }

    void customMapping()
    {
        const QJsonObject mapping{{"id", "data.uid"}, {"name", "{first} {last}"}, {"email", QJsonValue::Null}, {"image", QJsonArray{"photo", "avatar.0"}}};
        const QJsonObject profile{{"data", QJsonObject{{"uid", 7}}}, {"first", "Ann"}, {"last", "Lee"}, {"avatar", QJsonArray{"https://a/0"}}, {"email", "x@y"}};
        QCOMPARE(userFromProfile(profile, mapping),
                 QJsonObject({{"id", "7"}, {"name", "Ann Lee"}, {"email", QJsonValue::Null}, {"image", "https://a/0"}}));
        QCOMPARE(userFromProfile(QJsonObject{{"data", QJsonObject{{"uid", "1"}}}, {"first", "Ann"}}, mapping).value("name"), QJsonValue(QJsonValue::Null));
    }

    void missingId()
    {
        try {
            userFromProfile(QJsonObject{{"name", "Ann"}}, {});
            QFAIL("a profile without id was accepted");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), QString("OAuthProfileParseError"));
            QVERIFY(e.message().contains("name"));
        }
        QVERIFY_THROWS_EXCEPTION(AuthError, userFromProfile(QJsonObject{{"sub", ""}}, {}));
    }

    void account()
    {
        const QJsonObject tokens{{"access_token", "at"}, {"refresh_token", "rt"}, {"id_token", "a.b.c"}, {"expires_in", 3600},
                                 {"scope", "openid email"}, {"token_type", "Bearer"}, {"session_state", "abc"}, {"not_stored", "x"}};
        const QJsonObject a = accountFromTokens(tokens, "idp", "oidc", "user-1", 1000);
        QCOMPARE(a, QJsonObject({{"access_token", "at"}, {"id_token", "a.b.c"}, {"refresh_token", "rt"}, {"expires_at", 4600},
                                 {"scope", "openid email"}, {"token_type", "bearer"}, {"session_state", "abc"},
                                 {"provider", "idp"}, {"type", "oidc"}, {"providerAccountId", "user-1"}}));
        QCOMPARE(accountFromTokens({{"access_token", "at"}, {"expires_in", "60"}}, "p", "oauth", "1", 1000).value("expires_at"), QJsonValue(1060));
        QCOMPARE(accountFromTokens({{"access_token", "at"}, {"expires_at", 5000}, {"expires_in", 60}}, "p", "oauth", "1", 1000).value("expires_at"), QJsonValue(5000));
        QVERIFY(!accountFromTokens({{"access_token", "at"}}, "p", "oauth", "1", 1000).contains("expires_at"));
        // Found by tests/fuzz (tokenresponse): absurd lifetimes overflowed converting to qint64
        // or adding now; they are kept within JSON's exact integers.
        QCOMPARE(accountFromTokens({{"expires_in", 1e59}}, "p", "oauth", "1", 1000).value("expires_at"), QJsonValue(1000 + 9007199254740991.0));
        QCOMPARE(accountFromTokens({{"expires_in", "9223372036854775807"}}, "p", "oauth", "1", 1000).value("expires_at"), QJsonValue(1000 + 9007199254740991.0));
        QCOMPARE(accountFromTokens({{"expires_at", -1e300}}, "p", "oauth", "1", 1000).value("expires_at"), QJsonValue(-9007199254740991.0));
    }
};

QTEST_GUILESS_MAIN(TestProfile)
#include "tst_profile.moc"
