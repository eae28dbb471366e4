// Gatehouse as an OpenID Provider for a relying party it did not write: openid-client (an OpenID
// Certified library) discovers gatehouse-server, sends the authorization request with PKCE, state
// and nonce, redeems the code with each client authentication, checks the ID token (signature
// against the JWKS, issuer, audience, nonce, RFC 9207's iss in the answer), reads userinfo, and
// jose checks the access token as a resource server would (RFC 9068). A person signed in on
// Gatehouse's own form is the browser in between. A machine client uses client_credentials, and
// the library's RP-initiated logout request ends the person's session.
#include "integration/server/serverharness.h"
#include "rpscript.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Gatehouse::Testing;

namespace {

const QString kSecret = QStringLiteral("rp-secret-0123456789abcdef-0123456789");
// Registered without a port, presented with one (RFC 8252 §7.3): as a desktop app's would be.
const QString kRedirect = QStringLiteral("http://127.0.0.1:41000/cb");
const QString kPostLogout = QStringLiteral("http://127.0.0.1:41000/bye");

} // namespace

class TestOpenIdClientRp : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QString m_issuer;
    QByteArray m_alice;  //!< alice's session cookies

    //! The person's browser at \a url (the authorization request, the logout request): the redirect's Location.
    QString authorize(const QString &url, QList<QByteArray> *setCookies = nullptr)
    {
        QNetworkAccessManager nam;
        QNetworkRequest request{QUrl(url)};
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        request.setRawHeader("Cookie", m_alice);
        QNetworkReply *reply = waitForReply(nam.get(request));
        const QString location = QString::fromUtf8(reply->rawHeader("Location"));
        if (setCookies) {
            for (const auto &[name, value] : reply->rawHeaderPairs()) {
                if (name.compare("set-cookie", Qt::CaseInsensitive) == 0)
                    setCookies->append(value);
            }
        }
        reply->deleteLater();
        return location;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_issuer = QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.reservePort());
        QFile script(m_dir.filePath(QStringLiteral("callbacks.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(groupsCallbacksScript(QJsonObject{
            {"alice", QJsonObject{{"id", "1"}, {"name", "Alice"}, {"email", "alice@example.test"},
                                  {"groups", QJsonArray{"admins"}}}},
        }));
        script.close();
        const QJsonArray scopes{"openid", "profile", "email", "groups"};
        // First-party clients ("consent": false): the relying party cannot click on a consent page.
        const auto client = [&](const QString &id, const QString &alg, bool isPublic) {
            QJsonObject c{{"clientId", id}, {"redirectUris", QJsonArray{"http://127.0.0.1/cb"}}, {"scopes", scopes},
                          {"consent", false}, {"idTokenSignedResponseAlg", alg}};
            if (isPublic)
                c.insert("public", true);
            else
                c.insert("clientSecret", kSecret);
            c.insert("postLogoutRedirectUris", QJsonArray{kPostLogout});
            return c;
        };
        const QJsonObject machine{{"clientId", "machine"}, {"clientSecret", kSecret}, {"grantTypes", QJsonArray{"client_credentials"}},
                                  {"scopes", QJsonArray{"groups"}}};
        const QJsonObject config{
            {"url", m_issuer},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            // The script's jwt callback puts the person's groups into the session.
            {"session", QJsonObject{{"strategy", "jwt"}}},
            {"callbacksScript", "callbacks.js"},
            {"callbacks", QJsonObject{{"jwt", "jwt"}}},
            {"providers", QJsonArray{scriptCredentialsProvider()}},
            {"oidcProvider", QJsonObject{{"clients", QJsonArray{
                client("web-rs", "RS256", false), client("web-es", "ES256", false), client("desktop-ed", "EdDSA", true), machine}}}},
        };
        const QString configFile = m_dir.filePath(QStringLiteral("gatehouse.json"));
        QVERIFY(replaceFile(configFile, QJsonDocument(config).toJson()));
        const CommandResult migrated = runServerCommand({QStringLiteral("migrate"), QStringLiteral("--config"), configFile});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        QVERIFY2(m_server.start(configFile, m_dir.path()), qPrintable(m_server.log()));
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"username", "alice"}, {"password", "good-password"}});
        m_alice = browser.cookieHeader();
        QVERIFY(m_alice.contains("authjs.session-token="));
    }

    void signsInWithTheCertifiedClient_data()
    {
        QTest::addColumn<QString>("clientId");
        QTest::addColumn<QString>("auth");
        QTest::addColumn<QString>("alg");
        QTest::newRow("confidential, client_secret_basic, RS256") << "web-rs" << "basic" << "RS256";
        QTest::newRow("confidential, client_secret_post, ES256") << "web-es" << "post" << "ES256";
        QTest::newRow("public with PKCE only, EdDSA") << "desktop-ed" << "none" << "EdDSA";
    }

    void signsInWithTheCertifiedClient()
    {
        QFETCH(QString, clientId);
        QFETCH(QString, auth);
        QFETCH(QString, alg);
        QJsonObject rp{{"id", clientId}, {"auth", auth}, {"alg", alg}, {"redirectUri", kRedirect},
                       {"scope", "openid profile email groups"}};
        if (auth != QLatin1String("none"))
            rp.insert("secret", kSecret);

        const QJsonObject begun = runRp({QStringLiteral("begin"), m_issuer, compact(rp)});
        QVERIFY2(!begun.contains("error"), qPrintable(compact(begun)));
        const QString callback = authorize(begun.value("url").toString());
        QVERIFY2(callback.startsWith(kRedirect + QStringLiteral("?code=")), qPrintable(callback));

        const QJsonObject done = runRp({QStringLiteral("finish"), m_issuer, compact(rp), callback, compact(begun)});
        QVERIFY2(!done.contains("error"), qPrintable(compact(done)));
        const QJsonObject id = done.value("idToken").toObject();
        QCOMPARE(done.value("idTokenHeader").toObject().value("alg").toString(), alg);
        QCOMPARE(id.value("iss").toString(), m_issuer);
        QCOMPARE(id.value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(id.value("aud").toString(), clientId);
        QCOMPARE(id.value("nonce").toString(), begun.value("nonce").toString());
        QCOMPARE(id.value("email").toString(), QStringLiteral("alice@example.test"));
        QCOMPARE(id.value("groups").toArray(), QJsonArray{"admins"});

        const QJsonObject info = done.value("userinfo").toObject();
        QCOMPARE(info.value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(info.value("name").toString(), QStringLiteral("Alice"));
        QCOMPARE(info.value("email").toString(), QStringLiteral("alice@example.test"));

        const QJsonObject access = done.value("accessToken").toObject();
        QCOMPARE(access.value("header").toObject().value("typ").toString(), QStringLiteral("at+jwt"));
        QCOMPARE(access.value("claims").toObject().value("client_id").toString(), clientId);
        QCOMPARE(access.value("claims").toObject().value("sub").toString(), QStringLiteral("1"));
        QCOMPARE(done.value("response").toObject().value("token_type").toString().toLower(), QStringLiteral("bearer"));

        // The library redeems the same answer again, as a replayed callback would: the code is spent.
        const QJsonObject replay = runRp({QStringLiteral("finish"), m_issuer, compact(rp), callback, compact(begun)});
        QCOMPARE(replay.value("error").toString(), QStringLiteral("invalid_grant"));
    }

    void anotherClientsAnswerIsRefused()
    {
        // A code issued to web-rs, redeemed by web-es with its own valid secret.
        const QJsonObject issuedTo{{"id", "web-rs"}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"},
                                   {"redirectUri", kRedirect}, {"scope", "openid"}};
        QJsonObject thief = issuedTo;
        thief.insert("id", "web-es");
        thief.insert("alg", "ES256");
        const QJsonObject begun = runRp({QStringLiteral("begin"), m_issuer, compact(issuedTo)});
        QVERIFY2(!begun.contains("error"), qPrintable(compact(begun)));
        const QString callback = authorize(begun.value("url").toString());
        QVERIFY2(callback.contains(QStringLiteral("code=")), qPrintable(callback));
        const QJsonObject stolen = runRp({QStringLiteral("finish"), m_issuer, compact(thief), callback, compact(begun)});
        QCOMPARE(stolen.value("error").toString(), QStringLiteral("invalid_grant"));
    }

    void machineClientGetsAnAccessToken()
    {
        const QJsonObject rp{{"id", "machine"}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"}, {"scope", "groups"}};
        const QJsonObject done = runRp({QStringLiteral("machine"), m_issuer, compact(rp)});
        QVERIFY2(!done.contains("error"), qPrintable(compact(done)));
        const QJsonObject response = done.value("response").toObject();
        QCOMPARE(response.value("token_type").toString().toLower(), QStringLiteral("bearer"));
        QCOMPARE(response.value("scope").toString(), QStringLiteral("groups"));
        QCOMPARE(response.value("id_token").toBool(), false);
        QCOMPARE(response.value("refresh_token").toBool(), false);
        const QJsonObject claims = done.value("accessToken").toObject().value("claims").toObject();
        QCOMPARE(claims.value("sub").toString(), QStringLiteral("machine"));
        QCOMPARE(claims.value("client_id").toString(), QStringLiteral("machine"));
        // A client meant for people may not.
        const QJsonObject web{{"id", "web-rs"}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"}};
        QCOMPARE(runRp({QStringLiteral("machine"), m_issuer, compact(web)}).value("error").toString(),
                 QStringLiteral("unauthorized_client"));
    }

    // Last: it signs alice out.
    void logoutEndsTheSession()
    {
        const QJsonObject rp{{"id", "web-rs"}, {"auth", "basic"}, {"secret", kSecret}, {"alg", "RS256"},
                             {"redirectUri", kRedirect}, {"scope", "openid"}};
        const QJsonObject begun = runRp({QStringLiteral("begin"), m_issuer, compact(rp)});
        const QString callback = authorize(begun.value("url").toString());
        const QJsonObject done = runRp({QStringLiteral("finish"), m_issuer, compact(rp), callback, compact(begun)});
        QVERIFY2(!done.contains("error"), qPrintable(compact(done)));
        const QJsonObject logout = runRp({QStringLiteral("logout"), m_issuer, compact(rp), done.value("rawIdToken").toString(),
                                          kPostLogout, QStringLiteral("bye-state")});
        QVERIFY2(!logout.contains("error"), qPrintable(compact(logout)));
        const QString url = logout.value("url").toString();
        QVERIFY2(url.startsWith(m_issuer + QStringLiteral("/oidc/end-session?")), qPrintable(url));
        QList<QByteArray> setCookies;
        QCOMPARE(authorize(url, &setCookies), kPostLogout + QStringLiteral("?state=bye-state"));
        // The session cookie is deleted (an expiry in the past).
        const auto deleted = std::find_if(setCookies.cbegin(), setCookies.cend(), [](const QByteArray &c) {
            return c.startsWith("authjs.session-token=;") || c.startsWith("authjs.session-token=; ");
        });
        QVERIFY2(deleted != setCookies.cend(), setCookies.join(" | ").constData());
    }
};

QTEST_GUILESS_MAIN(TestOpenIdClientRp)
#include "tst_openidclientrp.moc"
