// A hostile identity provider (hostile.mjs) answers sign-ins with forged id_tokens, a wrong
// issuer in the redirect, and oversized or slow responses. Every attack fails with the error
// Auth.js would show (the error page with error=Configuration), the logged reason names the
// attack, and nothing is stored: no user, no session cookie.
#include "browser.h"
#include "nodeprocess.h"

#include <gatehouse/memoryadapter.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Test;

class TestHostileProvider : public QObject
{
    Q_OBJECT

    NodeProcess m_hostile;
    QString m_issuer;

    struct Engine
    {
        std::shared_ptr<MemoryAdapter> adapter = std::make_shared<MemoryAdapter>();
        QStringList errors;
        std::unique_ptr<Auth> auth;
    };

    std::unique_ptr<Engine> engine(QJsonObject extra = {}) const
    {
        auto e = std::make_unique<Engine>();
        Provider p;
        p.id = p.name = QStringLiteral("hostile");
        p.type = QStringLiteral("oidc");
        p.options = {{"issuer", m_issuer}, {"clientId", "hostile-client"}, {"clientSecret", "hostile-secret"},
                     {"checks", QJsonArray{"pkce", "nonce"}}, {"httpOptions", QJsonObject{{"timeout", 500}}}};
        for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
            p.options.insert(it.key(), *it);
        Config c;
        c.secret = {QStringLiteral("hostile-e2e-secret-hostile-e2e-secret")};
        c.trustHost = true;
        c.providers = {p};
        c.adapter = e->adapter;
        Engine *raw = e.get();
        c.logger.error = [raw](const AuthError &error) { raw->errors << error.type() + QStringLiteral(": ") + error.message(); };
        e->auth = std::make_unique<Auth>(c);
        return e;
    }

    int jwksFetches() const { return m_hostile.getJson("/__stats").value("jwks").toInt(); }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_hostile.start(QStringLiteral(GATEHOUSE_OIDC_DIR "/hostile.mjs"), {}, &error), qPrintable(error));
        m_issuer = m_hostile.url().toString();
        if (m_issuer.endsWith(QLatin1Char('/')))
            m_issuer.chop(1);
    }

    void cleanupTestCase() { m_hostile.stop(); }

    void validTokens_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("RS256") << "ok";
        QTest::newRow("PS256") << "ps256";
        QTest::newRow("ES256") << "es256";
        QTest::newRow("EdDSA") << "eddsa";
    }

    // The same provider signing correctly: the attacks below fail for their own reason only.
    void validTokens()
    {
        QFETCH(QString, mode);
        const auto e = engine();
        Browser browser(*e->auth);
        const Reply done = browser.signIn("hostile", {}, "?mode=" + mode);
        QVERIFY2(done.location() == "http://127.0.0.1:9300", qPrintable(e->errors.join('\n') + done.response.body));
        QCOMPARE(e->adapter->countUsers({}).result(), 1);
        QCOMPARE(e->adapter->getUserByAccount("hostile", "hostile-user").result()->email, QString("mallory@example.test"));
    }

    void attacks_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("reason");
        const QString rejected = QStringLiteral("CallbackRouteError: id_token rejected: ");
        QTest::newRow("wrong signature") << "bad-signature" << rejected + "the RS256 signature does not verify";
        QTest::newRow("alg none") << "alg-none" << rejected + "alg \"none\" is not accepted";
        QTest::newRow("HS256 keyed with the RSA public key") << "hs256-pubkey" << rejected + "alg HS256 is not allowed";
        QTest::newRow("key never published") << "unknown-kid" << rejected + "the issuer's JWKS has no RS256 key \"ghost\"";
        QTest::newRow("wrong aud") << "wrong-aud" << rejected + "\"aud\" does not name client \"hostile-client\"";
        QTest::newRow("wrong iss") << "wrong-iss" << rejected + "\"iss\" is \"http://evil.example\"";
        QTest::newRow("expired") << "expired" << rejected + "expired";
        QTest::newRow("azp of another client") << "azp-mismatch" << rejected + "\"azp\" is \"other\"";
        QTest::newRow("wrong nonce") << "wrong-nonce" << "InvalidCheck: the id_token's nonce does not match";
        QTest::newRow("iss of another issuer in the callback") << "iss-mismatch"
            << "CallbackRouteError: the authorization response comes from issuer \"http://evil.example\"";
        QTest::newRow("no iss in the callback") << "no-iss" << "CallbackRouteError: the authorization response has no \"iss\"";
        QTest::newRow("token endpoint refuses") << "token-error" << "CallbackRouteError: token request to";
        QTest::newRow("slow token response") << "slow" << "CallbackRouteError: token request to";
        QTest::newRow("endless token response") << "drip" << "CallbackRouteError: token request to";
        QTest::newRow("oversized token response") << "oversized" << "CallbackRouteError: token request to";
    }

    void attacks()
    {
        QFETCH(QString, mode);
        QFETCH(QString, reason);
        // 500 ms ends the slow and endless responses; an oversized one must be stopped by its size
        // alone, however slowly 1 MiB arrives (under the sanitizers it took longer than 500 ms).
        const auto e = mode == QLatin1String("oversized") ? engine({{"httpOptions", QJsonObject{{"timeout", 30000}}}})
                                                          : engine();
        Browser browser(*e->auth);
        const int fetchesBefore = jwksFetches();
        const Reply done = browser.signIn("hostile", {}, "?mode=" + mode);
        QCOMPARE(done.location(), QByteArray("http://127.0.0.1:9300/auth/error?error=Configuration"));
        QCOMPARE(e->errors.size(), 1);
        QVERIFY2(e->errors.first().startsWith(reason), qPrintable(e->errors.first()));
        // Nothing created, nothing used up.
        QCOMPARE(e->adapter->countUsers({}).result(), 0);
        QVERIFY(!browser.engine.cookies.contains("authjs.session-token"));
        QVERIFY(browser.engine.cookies.contains("authjs.pkce.code_verifier"));
        QVERIFY(done.response.cookies.isEmpty());
        if (mode == QLatin1String("unknown-kid"))
            QCOMPARE(jwksFetches() - fetchesBefore, 2);  // the cached set, then one refresh
        if (mode == QLatin1String("token-error"))
            QVERIFY(e->errors.first().contains("answered status 400: invalid_grant"));
        if (mode == QLatin1String("slow") || mode == QLatin1String("drip"))
            QVERIFY(e->errors.first().contains("timed out after 500 ms"));
        if (mode == QLatin1String("oversized"))
            QVERIFY(e->errors.first().contains("response larger than 1048576 bytes"));
    }

    // A key the JWKS publishes after it was cached is found by fetching the set once more.
    void rotatedKeyIsFetchedOnce()
    {
        const auto e = engine();
        Browser first(*e->auth);
        QCOMPARE(first.signIn("hostile", {}, "?mode=ok").location(), QByteArray("http://127.0.0.1:9300"));
        const int fetchesBefore = jwksFetches();
        Browser second(*e->auth);
        const Reply done = second.signIn("hostile", {}, "?mode=rotated");
        QVERIFY2(done.location() == "http://127.0.0.1:9300", qPrintable(e->errors.join('\n')));
        QCOMPARE(jwksFetches() - fetchesBefore, 1);
        Browser third(*e->auth);
        QCOMPARE(third.signIn("hostile", {}, "?mode=rotated").location(), QByteArray("http://127.0.0.1:9300"));
        QCOMPARE(jwksFetches() - fetchesBefore, 1);  // cached now
    }

    void slowDiscoveryFailsTheSignIn()
    {
        const auto e = engine({{"wellKnown", m_issuer + "/slow/.well-known/openid-configuration"}});
        Browser browser(*e->auth);
        const Reply start = browser.signIn("hostile");
        QCOMPARE(start.location(), QByteArray("http://127.0.0.1:9300/auth/signin?error=OAuthSignin"));
        QVERIFY(!start.cookieNames().contains("authjs.pkce.code_verifier"));
        QCOMPARE(e->errors.size(), 1);
        QVERIFY2(e->errors.first().startsWith("OAuthSignin: CallbackRouteError: discovery at " + m_issuer
                                              + "/slow/.well-known/openid-configuration failed: timed out after 500 ms"),
                 qPrintable(e->errors.first()));
    }
};

QTEST_GUILESS_MAIN(TestHostileProvider)
#include "tst_hostileprovider.moc"
