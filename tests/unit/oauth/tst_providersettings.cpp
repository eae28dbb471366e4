// Provider options as the OAuth flows read them, discovery metadata, and which endpoints a
// flow ends up with.
#include "oauth/endpoints.h"
#include "oauth/providersettings.h"

#include <gatehouse/autherror.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OAuth;

namespace {

Provider provider(const QString &type, const QJsonObject &options)
{
    Provider p;
    p.id = QStringLiteral("my-idp");
    p.name = QStringLiteral("My IdP");
    p.type = type;
    p.options = options;
    return p;
}

const QJsonObject oidcBase{{"clientId", "c"}, {"clientSecret", "s"}, {"issuer", "https://idp.example.test"}};

} // namespace

class TestProviderSettings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oidcDefaults()
    {
        const ProviderSettings s = ProviderSettings::fromProvider(provider("oidc", oidcBase), {});
        QCOMPARE(s.wellKnown, QUrl("https://idp.example.test/.well-known/openid-configuration"));
        QVERIFY(s.pkce && !s.state && !s.nonce);
        QVERIFY(s.useIdToken);
        QCOMPARE(s.tokenEndpointAuthMethod, QString("client_secret_basic"));
        QCOMPARE(s.timeoutMs, 10000);
        QJsonObject slash = oidcBase;
        slash.insert("issuer", "https://idp.example.test/realms/x/");
        QCOMPARE(ProviderSettings::fromProvider(provider("oidc", slash), {}).wellKnown,
                 QUrl("https://idp.example.test/realms/x/.well-known/openid-configuration"));
    }

    void explicitEndpoints()
    {
        const ProviderSettings s = ProviderSettings::fromProvider(
            provider("oauth", {{"clientId", "c"}, {"clientSecret", "s"},
                               {"authorization", QJsonObject{{"url", "https://a.example.test/auth"}, {"params", QJsonObject{{"scope", "x y"}, {"max_age", 0}, {"ok", true}}}}},
                               {"token", "https://a.example.test/token"},
                               {"userinfo", QJsonObject{{"url", "https://a.example.test/me"}, {"params", QJsonObject{{"fields", "id,name"}}}}},
                               {"checks", QJsonArray{"state"}}, {"idToken", true}, {"httpOptions", QJsonObject{{"timeout", 2500}}}}),
            {});
        QVERIFY(s.wellKnown.isEmpty());
        QCOMPARE(s.authorization.url, QUrl("https://a.example.test/auth"));
        QCOMPARE(s.authorization.params, ParamList({{"max_age", "0"}, {"ok", "true"}, {"scope", "x y"}}));
        QCOMPARE(s.userinfo.params, ParamList({{"fields", "id,name"}}));
        QVERIFY(!s.pkce && s.state);
        QVERIFY(!s.useIdToken);  // oauth providers never use the id_token as the profile
        QCOMPARE(s.timeoutMs, 2500);
        QVERIFY(!needsDiscovery(s, Need::Authorization | Need::Token | Need::Userinfo));
    }

    void redirectProxyForcesState()
    {
        const ProviderSettings s = ProviderSettings::fromProvider(provider("oidc", oidcBase), "https://proxy.example.test/auth/");
        QCOMPARE(s.redirectProxyUrl, QString("https://proxy.example.test/auth"));
        QVERIFY(s.state && s.pkce);
        QJsonObject own = oidcBase;
        own.insert("redirectProxyUrl", "https://own.example.test/auth");
        QCOMPARE(ProviderSettings::fromProvider(provider("oidc", own), "https://proxy.example.test/auth").redirectProxyUrl,
                 QString("https://own.example.test/auth"));
    }

    void environmentFillsTheClient()
    {
        qputenv("AUTH_MY_IDP_ID", "from-env");
        qputenv("AUTH_MY_IDP_SECRET", "env-secret");
        qputenv("AUTH_MY_IDP_ISSUER", "https://env.example.test");
        const ProviderSettings s = ProviderSettings::fromProvider(provider("oidc", {}), {});
        qunsetenv("AUTH_MY_IDP_ID");
        qunsetenv("AUTH_MY_IDP_SECRET");
        qunsetenv("AUTH_MY_IDP_ISSUER");
        QCOMPARE(s.clientId, QString("from-env"));
        QCOMPARE(s.clientSecret, QString("env-secret"));
        QCOMPARE(s.issuer, QString("https://env.example.test"));
    }

    void invalidOptions_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QJsonObject>("options");
        QTest::addColumn<QString>("message");
        QJsonObject noClient = oidcBase;
        noClient.remove("clientId");
        QJsonObject noSecret = oidcBase;
        noSecret.remove("clientSecret");
        const auto with = [](QJsonObject o, const QString &key, const QJsonValue &v) { o.insert(key, v); return o; };
        QTest::newRow("no client id") << "oidc" << noClient << "\"clientId\" is missing (or set AUTH_MY_IDP_ID)";
        QTest::newRow("no secret") << "oidc" << noSecret << "\"clientSecret\" is missing";
        QTest::newRow("oidc without issuer") << "oidc" << QJsonObject{{"clientId", "c"}, {"clientSecret", "s"}} << "needs \"issuer\" or \"wellKnown\"";
        QTest::newRow("oauth without endpoints") << "oauth" << QJsonObject{{"clientId", "c"}, {"clientSecret", "s"}, {"token", "https://t.example.test"}}
                                                 << "needs \"authorization\" and \"token\"";
        QTest::newRow("oauth without userinfo") << "oauth"
            << QJsonObject{{"clientId", "c"}, {"clientSecret", "s"}, {"authorization", "https://a.example.test"}, {"token", "https://t.example.test"}}
            << "needs a \"userinfo\" endpoint";
        QTest::newRow("endpoint not http") << "oidc" << with(oidcBase, "token", "ftp://t.example.test") << "\"token\" is not an http(s) URL";
        QTest::newRow("endpoint of a wrong type") << "oidc" << with(oidcBase, "token", 42) << "\"token\" must be a URL or an object";
        QTest::newRow("unknown check") << "oidc" << with(oidcBase, "checks", QJsonArray{"pkce", "magic"}) << "check \"magic\" is not one of none, state, pkce, nonce";
        QTest::newRow("nonce for oauth") << "oauth"
            << QJsonObject{{"clientId", "c"}, {"clientSecret", "s"}, {"issuer", "https://i.example.test"}, {"checks", QJsonArray{"nonce"}}}
            << "check \"nonce\" is not one of none, state, pkce";
        QTest::newRow("unknown auth method") << "oidc" << with(oidcBase, "client", QJsonObject{{"token_endpoint_auth_method", "private_key_jwt"}})
                                             << "\"private_key_jwt\" is not one of";
        QTest::newRow("alg none") << "oidc" << with(oidcBase, "client", QJsonObject{{"id_token_signed_response_alg", "none"}}) << "never accepted";
        QTest::newRow("zero timeout") << "oidc" << with(oidcBase, "httpOptions", QJsonObject{{"timeout", 0}}) << "httpOptions.timeout";
        QTest::newRow("proxy not a URL") << "oidc" << with(oidcBase, "redirectProxyUrl", "proxy") << "\"redirectProxyUrl\" is not an http(s) URL";
    }

    void invalidOptions()
    {
        QFETCH(QString, type);
        QFETCH(QJsonObject, options);
        QFETCH(QString, message);
        try {
            ProviderSettings::fromProvider(provider(type, options), {});
            QFAIL("accepted");
        } catch (const AuthError &e) {
            QCOMPARE(e.type(), QString("InvalidProvider"));
            QVERIFY2(e.message().startsWith("provider \"my-idp\": ") && e.message().contains(message), qPrintable(e.message()));
        }
    }

    void publicClientNeedsNoSecret()
    {
        QJsonObject options = oidcBase;
        options.remove("clientSecret");
        options.insert("client", QJsonObject{{"token_endpoint_auth_method", "none"}});
        QCOMPARE(ProviderSettings::fromProvider(provider("oidc", options), {}).tokenEndpointAuthMethod, QString("none"));
    }

    void metadata()
    {
        const QJsonObject doc{{"issuer", "https://idp.example.test"},
                              {"authorization_endpoint", "https://idp.example.test/auth"},
                              {"token_endpoint", "https://idp.example.test/token"},
                              {"jwks_uri", "https://idp.example.test/jwks"},
                              {"id_token_signing_alg_values_supported", QJsonArray{"RS256", "ES256"}},
                              {"authorization_response_iss_parameter_supported", true}};
        const QByteArray json = QJsonDocument(doc).toJson();
        QString problem;
        const auto m = ServerMetadata::fromJson(json, "https://idp.example.test/", &problem);
        QVERIFY2(m, qPrintable(problem));
        QCOMPARE(m->tokenEndpoint, QUrl("https://idp.example.test/token"));
        QCOMPARE(m->idTokenSigningAlgs, QStringList({"RS256", "ES256"}));
        QVERIFY(m->issParameterSupported);
        QVERIFY(!ServerMetadata::fromJson(json, "https://other.example.test", &problem));
        QVERIFY(problem.contains("not \"https://other.example.test\""));
        QJsonObject bad = doc;
        bad.insert("token_endpoint", "javascript:alert(1)");
        QVERIFY(!ServerMetadata::fromJson(QJsonDocument(bad).toJson(), {}, &problem));
        QVERIFY(!ServerMetadata::fromJson("[]", {}, &problem));
        QVERIFY(!ServerMetadata::fromJson("{}", {}, &problem));
    }

    void resolution()
    {
        QJsonObject options = oidcBase;
        options.insert("token", "https://idp.example.test/custom-token");
        options.insert("authorization", QJsonObject{{"params", QJsonObject{{"prompt", "login"}}}});
        const ProviderSettings s = ProviderSettings::fromProvider(provider("oidc", options), {});
        QVERIFY(needsDiscovery(s, Need::Authorization));
        QVERIFY(!needsDiscovery(s, Need::Token));
        QVERIFY(needsDiscovery(s, Need::Token | Need::Jwks));
        ServerMetadata m;
        m.issuer = QStringLiteral("https://idp.example.test");
        m.authorizationEndpoint = QUrl("https://idp.example.test/auth");
        m.tokenEndpoint = QUrl("https://idp.example.test/token");
        m.jwksUri = QUrl("https://idp.example.test/jwks");
        const Endpoints e = resolveEndpoints(s, &m, Need::Authorization | Need::Token | Need::Jwks);
        QCOMPARE(e.authorization.url, QUrl("https://idp.example.test/auth"));
        QCOMPARE(e.authorization.params, ParamList({{"prompt", "login"}}));
        QCOMPARE(e.token.url, QUrl("https://idp.example.test/custom-token"));  // configured wins
        QCOMPARE(e.issuer, QString("https://idp.example.test"));
        try {
            resolveEndpoints(s, &m, Need::Userinfo);
            QFAIL("no userinfo endpoint, yet resolved");
        } catch (const AuthError &error) {
            QCOMPARE(error.type(), QString("InvalidEndpoints"));
            QVERIFY(error.message().contains("no userinfo endpoint"));
        }
    }
};

QTEST_GUILESS_MAIN(TestProviderSettings)
#include "tst_providersettings.moc"
