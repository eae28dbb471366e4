#include <gatehouse/configloader.h>
#include <gatehouse/serversettings.h>

#include <QJsonDocument>
#include <QTest>

using namespace Gatehouse;

namespace {

const QString secretA = QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
const QString secretB = QStringLiteral("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
const QString secretC = QStringLiteral("cccccccccccccccccccccccccccccccccccc");
const QString secretD = QStringLiteral("dddddddddddddddddddddddddddddddddddd");

QJsonObject parse(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QProcessEnvironment environment(const QStringList &variables)
{
    QProcessEnvironment env;
    for (const QString &variable : variables)
        env.insert(variable.section(u'=', 0, 0), variable.section(u'=', 1));
    return env;
}

ServerConfigResult load(const QByteArray &json, const QStringList &env)
{
    return loadServerConfig(parse(json), environment(env), QStringLiteral("/nonexistent"));
}

QString problems(const ConfigResult &result)
{
    QStringList lines;
    for (const ConfigProblem &problem : result.errors())
        lines.append(problem.toString());
    return lines.join(u'\n');
}

} // namespace

class TestConfigEnvironment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secrets_data();
    void secrets();
    void secretNotRequired();
    void url_data();
    void url();
    void trustHost_data();
    void trustHost();
    void authUrlImpliesTrustHost_data();
    void authUrlImpliesTrustHost();
    void redirectProxyUrl();
    void providerEnvironmentName_data();
    void providerEnvironmentName();
    void providerCredentials_data();
    void providerCredentials();
    void emailApiKey();
    void databaseUrl_data();
    void databaseUrl();
};

void TestConfigEnvironment::secrets_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("AUTH_SECRET") << QByteArray("{}") << QStringList{"AUTH_SECRET=" + secretA} << QStringList{secretA};
    QTest::newRow("NEXTAUTH_SECRET alias") << QByteArray("{}") << QStringList{"NEXTAUTH_SECRET=" + secretB}
                                           << QStringList{secretB};
    QTest::newRow("AUTH_SECRET wins over the alias")
        << QByteArray("{}") << QStringList{"AUTH_SECRET=" + secretA, "NEXTAUTH_SECRET=" + secretB}
        << QStringList{secretA};
    QTest::newRow("rotation: newest first")
        << QByteArray("{}")
        << QStringList{"AUTH_SECRET_2=" + secretC, "AUTH_SECRET=" + secretA, "AUTH_SECRET_1=" + secretB,
                       "AUTH_SECRET_3=" + secretD}
        << QStringList{secretA, secretB, secretC, secretD};
    QTest::newRow("rotation with the alias")
        << QByteArray("{}") << QStringList{"NEXTAUTH_SECRET=" + secretA, "AUTH_SECRET_1=" + secretB}
        << QStringList{secretA, secretB};
    QTest::newRow("empty variables are unset")
        << QByteArray("{}") << QStringList{"AUTH_SECRET=", "NEXTAUTH_SECRET=" + secretB} << QStringList{secretB};
    QTest::newRow("configuration wins")
        << (R"({"secret": ")" + secretC.toUtf8() + R"("})")
        << QStringList{"AUTH_SECRET=" + secretA, "AUTH_SECRET_1=" + secretB} << QStringList{secretC};
    QTest::newRow("configuration list keeps its order")
        << (R"({"secret": [")" + secretC.toUtf8() + R"(", ")" + secretA.toUtf8() + R"("]})")
        << QStringList() << QStringList{secretC, secretA};
}

void TestConfigEnvironment::secrets()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, env);
    QFETCH(QStringList, expected);
    const ConfigResult result = load(json, env);
    QCOMPARE(result.config.secret, expected);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
}

void TestConfigEnvironment::secretNotRequired()
{
    ConfigLoadOptions options;
    options.requireSecret = false;
    const ConfigResult result = loadConfig(QJsonObject(), QProcessEnvironment(), QString(), options);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QVERIFY(result.config.secret.isEmpty());
}

void TestConfigEnvironment::url_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QUrl>("url");
    QTest::addColumn<QString>("basePath");

    QTest::newRow("none") << QByteArray("{}") << QStringList() << QUrl() << QStringLiteral("/auth");
    QTest::newRow("AUTH_URL origin") << QByteArray("{}") << QStringList{"AUTH_URL=https://example.test"}
                                     << QUrl("https://example.test") << QStringLiteral("/auth");
    QTest::newRow("AUTH_URL with path sets basePath")
        << QByteArray("{}") << QStringList{"AUTH_URL=https://example.test/api/auth/"}
        << QUrl("https://example.test/api/auth/") << QStringLiteral("/api/auth");
    QTest::newRow("NEXTAUTH_URL alias") << QByteArray("{}") << QStringList{"NEXTAUTH_URL=http://localhost:3000"}
                                        << QUrl("http://localhost:3000") << QStringLiteral("/auth");
    QTest::newRow("AUTH_URL wins over the alias")
        << QByteArray("{}") << QStringList{"NEXTAUTH_URL=http://old.test", "AUTH_URL=http://new.test"}
        << QUrl("http://new.test") << QStringLiteral("/auth");
    QTest::newRow("configuration wins")
        << QByteArray(R"({"url": "https://config.test", "basePath": "/login"})")
        << QStringList{"AUTH_URL=https://env.test/api/auth"} << QUrl("https://config.test") << QStringLiteral("/login");
}

void TestConfigEnvironment::url()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, env);
    QFETCH(QUrl, url);
    QFETCH(QString, basePath);
    const ConfigResult result = load(json, env << "AUTH_SECRET=" + secretA);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QCOMPARE(result.config.url, url);
    QCOMPARE(result.config.basePath, basePath);
}

void TestConfigEnvironment::trustHost_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("variable");
    QTest::addColumn<bool>("expected");

    QTest::newRow("unset") << QByteArray("{}") << QString() << false;
    QTest::newRow("true") << QByteArray("{}") << QStringLiteral("true") << true;
    QTest::newRow("1") << QByteArray("{}") << QStringLiteral("1") << true;
    QTest::newRow("yes") << QByteArray("{}") << QStringLiteral("yes") << true;
    QTest::newRow("TRUE") << QByteArray("{}") << QStringLiteral("TRUE") << true;
    QTest::newRow("false") << QByteArray("{}") << QStringLiteral("false") << false;
    QTest::newRow("0") << QByteArray("{}") << QStringLiteral("0") << false;
    QTest::newRow("configuration false wins") << QByteArray(R"({"trustHost": false})") << QStringLiteral("true") << false;
    QTest::newRow("configuration true wins") << QByteArray(R"({"trustHost": true})") << QStringLiteral("no") << true;
}

void TestConfigEnvironment::trustHost()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, variable);
    QFETCH(bool, expected);
    QStringList env{"AUTH_SECRET=" + secretA};
    if (!variable.isEmpty())
        env.append("AUTH_TRUST_HOST=" + variable);
    const ConfigResult result = load(json, env);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QCOMPARE(result.config.trustHost, expected);
}

void TestConfigEnvironment::authUrlImpliesTrustHost_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<bool>("expected");

    QTest::newRow("AUTH_URL") << QByteArray("{}") << QStringList{"AUTH_URL=https://example.test"} << true;
    QTest::newRow("NEXTAUTH_URL") << QByteArray("{}") << QStringList{"NEXTAUTH_URL=http://localhost:3000"} << true;
    QTest::newRow("AUTH_TRUST_HOST=false wins")
        << QByteArray("{}") << QStringList{"AUTH_URL=https://example.test", "AUTH_TRUST_HOST=false"} << false;
    QTest::newRow("configuration wins")
        << QByteArray(R"({"trustHost": false})") << QStringList{"AUTH_URL=https://example.test"} << false;
    QTest::newRow("url in the configuration only") << QByteArray(R"({"url": "https://example.test"})") << QStringList() << false;
}

void TestConfigEnvironment::authUrlImpliesTrustHost()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, env);
    QFETCH(bool, expected);
    const ConfigResult result = load(json, QStringList{"AUTH_SECRET=" + secretA} + env);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QCOMPARE(result.config.trustHost, expected);
}

void TestConfigEnvironment::redirectProxyUrl()
{
    const QStringList env{"AUTH_SECRET=" + secretA, "AUTH_REDIRECT_PROXY_URL=https://proxy.test/auth"};
    QCOMPARE(load("{}", env).config.redirectProxyUrl, QStringLiteral("https://proxy.test/auth"));
    const QByteArray json = R"({"redirectProxyUrl": "https://mine.test/auth"})";
    QCOMPARE(load(json, env).config.redirectProxyUrl, QStringLiteral("https://mine.test/auth"));
}

void TestConfigEnvironment::providerEnvironmentName_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QStringLiteral("github") << QStringLiteral("GITHUB");
    QTest::newRow("hyphen") << QStringLiteral("local-idp") << QStringLiteral("LOCAL_IDP");
    QTest::newRow("hyphens") << QStringLiteral("azure-ad-b2c") << QStringLiteral("AZURE_AD_B2C");
    QTest::newRow("underscore") << QStringLiteral("my_idp") << QStringLiteral("MY_IDP");
}

void TestConfigEnvironment::providerEnvironmentName()
{
    QFETCH(QString, id);
    QFETCH(QString, expected);
    QCOMPARE(Gatehouse::providerEnvironmentName(id), expected);
}

void TestConfigEnvironment::providerCredentials_data()
{
    QTest::addColumn<QByteArray>("provider");
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<QString>("clientId");
    QTest::addColumn<QString>("clientSecret");
    QTest::addColumn<QString>("issuer");

    QTest::newRow("oidc from the environment")
        << QByteArray(R"({"id": "local-idp", "name": "Local IdP", "type": "oidc"})")
        << QStringList{"AUTH_LOCAL_IDP_ID=env-id", "AUTH_LOCAL_IDP_SECRET=env-secret",
                       "AUTH_LOCAL_IDP_ISSUER=http://127.0.0.1:9400"}
        << QStringLiteral("env-id") << QStringLiteral("env-secret") << QStringLiteral("http://127.0.0.1:9400");
    QTest::newRow("oauth, multi-hyphen id")
        << QByteArray(R"({"id": "azure-ad-b2c", "name": "Azure", "type": "oauth", "issuer": "https://login.test"})")
        << QStringList{"AUTH_AZURE_AD_B2C_ID=azure-id", "AUTH_AZURE_AD_B2C_SECRET=azure-secret"}
        << QStringLiteral("azure-id") << QStringLiteral("azure-secret") << QStringLiteral("https://login.test");
    QTest::newRow("built-in provider from the environment")
        << QByteArray(R"({"id": "github"})")
        << QStringList{"AUTH_GITHUB_ID=gh-id", "AUTH_GITHUB_SECRET=gh-secret"}
        << QStringLiteral("gh-id") << QStringLiteral("gh-secret") << QString();
    QTest::newRow("built-in provider with an issuer")
        << QByteArray(R"({"id": "keycloak", "clientId": "kc-id"})")
        << QStringList{"AUTH_KEYCLOAK_SECRET=kc-secret", "AUTH_KEYCLOAK_ISSUER=https://sso.test/realms/main"}
        << QStringLiteral("kc-id") << QStringLiteral("kc-secret") << QStringLiteral("https://sso.test/realms/main");
    QTest::newRow("configuration wins")
        << QByteArray(R"({"id": "idp", "name": "IdP", "type": "oidc", "clientId": "json-id",
                         "issuer": "https://json.test"})")
        << QStringList{"AUTH_IDP_ID=env-id", "AUTH_IDP_SECRET=env-secret", "AUTH_IDP_ISSUER=https://env.test"}
        << QStringLiteral("json-id") << QStringLiteral("env-secret") << QStringLiteral("https://json.test");
    QTest::newRow("other providers' variables are ignored")
        << QByteArray(R"({"id": "idp", "name": "IdP", "type": "oidc", "clientId": "json-id",
                         "issuer": "https://json.test"})")
        << QStringList{"AUTH_IDP2_SECRET=other", "AUTH_LOCAL_IDP_SECRET=other"}
        << QStringLiteral("json-id") << QString() << QStringLiteral("https://json.test");
}

void TestConfigEnvironment::providerCredentials()
{
    QFETCH(QByteArray, provider);
    QFETCH(QStringList, env);
    QFETCH(QString, clientId);
    QFETCH(QString, clientSecret);
    QFETCH(QString, issuer);
    const ConfigResult result = load(R"({"providers": [)" + provider + "]}", env << "AUTH_SECRET=" + secretA);
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    const QJsonObject options = result.config.providers.value(0).options;
    QCOMPARE(options.value(QStringLiteral("clientId")).toString(), clientId);
    QCOMPARE(options.value(QStringLiteral("clientSecret")).toString(), clientSecret);
    QCOMPARE(options.value(QStringLiteral("issuer")).toString(), issuer);
}

void TestConfigEnvironment::emailApiKey()
{
    const ConfigResult result = load(R"({"adapter": {"url": "sqlite:///tmp/g.db"},
        "providers": [{"id": "resend", "name": "Email", "type": "email", "from": "a@example.test",
                       "server": "smtps://resend@smtp.resend.test"}]})",
                                     {"AUTH_SECRET=" + secretA, "AUTH_RESEND_KEY=re_123"});
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QCOMPARE(result.config.providers.value(0).options.value(QStringLiteral("apiKey")).toString(),
             QStringLiteral("re_123"));
}

void TestConfigEnvironment::databaseUrl_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("DATABASE_URL alone") << QByteArray("{}") << QStringLiteral("postgresql://env@db/gatehouse");
    QTest::newRow("fills adapter.url") << QByteArray(R"({"adapter": {}})") << QStringLiteral("postgresql://env@db/gatehouse");
    QTest::newRow("configuration wins") << QByteArray(R"({"adapter": {"url": "sqlite:///tmp/g.db"}})")
                                        << QStringLiteral("sqlite:///tmp/g.db");
}

void TestConfigEnvironment::databaseUrl()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const ServerConfigResult result = load(json, {"AUTH_SECRET=" + secretA, "DATABASE_URL=postgresql://env@db/gatehouse"});
    QVERIFY2(result.isValid(), qPrintable(problems(result)));
    QCOMPARE(result.server.adapterUrl, expected);
    QCOMPARE(result.server.adapterOptions.value(QStringLiteral("url")).toString(), expected);
}

QTEST_GUILESS_MAIN(TestConfigEnvironment)
#include "tst_configenvironment.moc"
