// The built-in provider catalogue: every entry is a usable provider, overrides merge as
// documented, and the profile mappings turn the providers' real profile shapes into users.
#include "oauth/profile.h"
#include "oauth/providersettings.h"

#include <gatehouse/autherror.h>
#include <gatehouse/providers.h>

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace Gatehouse;

class TestCatalogue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theIssuesProvidersAreThere()
    {
        const QStringList ids = builtinProviderIds();
        QVERIFY(ids.size() >= 30);
        for (const char *id : {"github", "gitlab", "google", "microsoft-entra-id", "apple", "discord", "slack", "twitch",
                               "spotify", "linkedin", "facebook", "twitter", "reddit", "bitbucket", "atlassian", "dropbox",
                               "zoom", "keycloak", "auth0", "okta", "authentik", "zitadel", "cognito", "azure-ad-b2c",
                               "salesforce", "notion", "figma", "box", "yandex", "kakao"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
        QVERIFY(std::is_sorted(ids.cbegin(), ids.cend()));
    }

    void everyEntryIsUsable_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : builtinProviderIds())
            QTest::newRow(qPrintable(id)) << id;
    }

    void everyEntryIsUsable()
    {
        QFETCH(QString, id);
        QVERIFY(isBuiltinProvider(id));
        const Provider p = builtinProvider(id);
        QCOMPARE(p.id, id);
        QVERIFY(!p.name.isEmpty());
        QVERIFY(p.type == QLatin1String("oauth") || p.type == QLatin1String("oidc"));
        static const QRegularExpression colour(QStringLiteral("^#[0-9a-f]{6}$"));
        QVERIFY(colour.match(p.option("style").toObject().value("brandColor").toString()).hasMatch());
        for (const QJsonValue &rule : p.option("profileMapping").toObject())
            QVERIFY(rule.isString() || rule.isArray() || rule.isNull());
        // With a client (and the tenant's issuer where there is none), the settings are complete.
        QJsonObject overrides{{"clientId", "id"}, {"clientSecret", "secret"}};
        const bool perTenant = p.type == QLatin1String("oidc") && !p.options.contains("issuer");
        if (perTenant)
            overrides.insert("issuer", "https://sso.example.test/tenant");
        const OAuth::ProviderSettings settings = OAuth::ProviderSettings::fromProvider(builtinProvider(id, overrides), {});
        QCOMPARE(settings.id, id);
        if (p.type == QLatin1String("oauth")) {
            QVERIFY(settings.authorization.isSet() && settings.token.isSet());
            QVERIFY(settings.userinfo.isSet() || !settings.profileFromToken.isEmpty());
        } else {
            QVERIFY(settings.wellKnown.toString().endsWith("/.well-known/openid-configuration"));
        }
        if (perTenant)
            QVERIFY_THROWS_EXCEPTION(AuthError, OAuth::ProviderSettings::fromProvider(builtinProvider(id, {{"clientId", "id"}, {"clientSecret", "s"}}), {}));
    }

    void overridesMerge()
    {
        const Provider github = builtinProvider("github", {{"authorization", QJsonObject{{"params", QJsonObject{{"scope", "read:user"}}}}},
                                                           {"clientId", "abc"}});
        const QJsonObject authorization = github.option("authorization").toObject();
        QCOMPARE(authorization.value("url").toString(), QString("https://github.com/login/oauth/authorize"));
        QCOMPARE(authorization.value("params").toObject().value("scope").toString(), QString("read:user"));
        QCOMPARE(github.option("clientId").toString(), QString("abc"));
        QCOMPARE(github.option("userinfo").toString(), QString("https://api.github.com/user"));

        const Provider replaced = builtinProvider("github", {{"authorization", "https://github.example.test/login/oauth/authorize"}});
        QCOMPARE(replaced.option("authorization").toString(), QString("https://github.example.test/login/oauth/authorize"));

        const Provider second = builtinProvider("github", {{"id", "github-enterprise"}, {"name", "GitHub Enterprise"}});
        QCOMPARE(second.id, QString("github-enterprise"));
        QCOMPARE(second.name, QString("GitHub Enterprise"));
        QCOMPARE(second.type, QString("oauth"));
        QVERIFY(!second.options.contains("id"));
    }

    void unknownProviders()
    {
        QVERIFY(!isBuiltinProvider("no-such-provider"));
        QVERIFY(!isBuiltinProvider("../providers/github"));
        QVERIFY_THROWS_EXCEPTION(AuthError, builtinProvider("no-such-provider"));
    }

    void profileMappings_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QJsonObject>("profile");
        QTest::addColumn<QJsonObject>("user");
        QTest::newRow("github: numeric id, login as name")
            << "github" << QJsonObject{{"id", 583231}, {"login", "octocat"}, {"name", QJsonValue::Null}, {"email", "Octo@GitHub.com"},
                                      {"avatar_url", "https://avatars.example/u/583231"}}
            << QJsonObject{{"id", "583231"}, {"name", "octocat"}, {"email", "octo@github.com"}, {"image", "https://avatars.example/u/583231"}};
        QTest::newRow("spotify: first image")
            << "spotify" << QJsonObject{{"id", "wizzler"}, {"display_name", "Wizzler"}, {"email", "w@example.test"},
                                       {"images", QJsonArray{QJsonObject{{"url", "https://i.example/1.jpg"}}}}}
            << QJsonObject{{"id", "wizzler"}, {"name", "Wizzler"}, {"email", "w@example.test"}, {"image", "https://i.example/1.jpg"}};
        QTest::newRow("discord: avatar URL template")
            << "discord" << QJsonObject{{"id", "80351110224678912"}, {"username", "nelly"}, {"global_name", QJsonValue::Null},
                                       {"avatar", "8342729096ea3675442027381ff50dfe"}, {"email", "nelly@example.test"}}
            << QJsonObject{{"id", "80351110224678912"}, {"name", "nelly"}, {"email", "nelly@example.test"},
                           {"image", "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png"}};
        QTest::newRow("discord: no avatar")
            << "discord" << QJsonObject{{"id", "1"}, {"username", "n"}, {"avatar", QJsonValue::Null}}
            << QJsonObject{{"id", "1"}, {"name", "n"}, {"image", QJsonValue::Null}};
        QTest::newRow("twitter: nested data, no email")
            << "twitter" << QJsonObject{{"data", QJsonObject{{"id", "2244994945"}, {"name", "X Dev"}, {"profile_image_url", "https://pbs.example/p.jpg"}}}}
            << QJsonObject{{"id", "2244994945"}, {"name", "X Dev"}, {"email", QJsonValue::Null}, {"image", "https://pbs.example/p.jpg"}};
        QTest::newRow("strava: name from two fields")
            << "strava" << QJsonObject{{"id", 1234567890987654321.0}, {"firstname", "Marianne"}, {"lastname", "V."}, {"profile", "https://s.example/p.jpg"}}
            << QJsonObject{{"id", QString::number(qint64(1234567890987654321.0))}, {"name", "Marianne V."}, {"email", QJsonValue::Null},
                           {"image", "https://s.example/p.jpg"}};
        QTest::newRow("google: OpenID claims")
            << "google" << QJsonObject{{"sub", "10769150350006150715113082367"}, {"name", "Jane"}, {"email", "jane@example.test"}, {"picture", "https://lh3.example/a"}}
            << QJsonObject{{"id", "10769150350006150715113082367"}, {"name", "Jane"}, {"email", "jane@example.test"}, {"image", "https://lh3.example/a"}};
    }

    void profileMappings()
    {
        QFETCH(QString, id);
        QFETCH(QJsonObject, profile);
        QFETCH(QJsonObject, user);
        QCOMPARE(OAuth::userFromProfile(profile, builtinProvider(id).option("profileMapping").toObject()), user);
    }
};

QTEST_GUILESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
