// NativeSignIn (gatehouse/nativesignin.h), a desktop app's sign-in in the system browser,
// against a real gatehouse-server as OpenID Provider with its built-in public client
// gatehouse-admin. The test plays the browser: signed in at Gatehouse (a session cookie), it
// GETs the authorization URL the helper hands out and follows the redirect to the helper's
// loopback listener. Then: the tokens work at userinfo, refresh rotates, the old refresh token
// is refused; a wrong state, a foreign issuer, a request to another path or with another Host,
// a person outside admin.groups, a time-out and a non-https issuer each end as they should.
#include "serverharness.h"

#include <gatehouse/nativesignin.h>

#include <QJsonArray>
#include <QHostAddress>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Gatehouse;
using namespace Gatehouse::Testing;
using Reason = NativeSignInError::Reason;

namespace {

const QByteArray kPassword = "a long admin password 1";

struct Answer
{
    int status = 0;
    QByteArray body;
    QUrl location;
};

//! The failure \a future ended with; nullopt when it has tokens (or did not finish in 20 s).
std::optional<NativeSignInError> failureOf(QFuture<NativeSignInTokens> future)
{
    if (!QTest::qWaitFor([&future] { return future.isFinished(); }, 20000))
        return std::nullopt;
    try {
        future.waitForFinished();
    } catch (const NativeSignInError &e) {
        return e;
    }
    return std::nullopt;
}

//! The tokens of \a future; empty ones when it failed (the failure is printed).
NativeSignInTokens tokensOf(QFuture<NativeSignInTokens> future)
{
    if (!QTest::qWaitFor([&future] { return future.isFinished(); }, 20000))
        return {};
    try {
        return future.result();
    } catch (const NativeSignInError &e) {
        qWarning("the sign-in failed: %s", e.what());
    }
    return {};
}

} // namespace

class TestServerNativeSignIn : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    ServerUnderTest m_server;
    QUrl m_issuer;
    QNetworkAccessManager m_nam;

    Answer get(const QUrl &url, const QByteArray &cookie = {}, const QByteArray &authorization = {})
    {
        QNetworkRequest request(url);
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        if (!cookie.isEmpty())
            request.setRawHeader("Cookie", cookie);
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
        std::unique_ptr<QNetworkReply> reply(waitForReply(m_nam.get(request)));
        return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll(),
                QUrl(QString::fromUtf8(reply->rawHeader("Location")))};
    }

    //! The session cookies of \a email, signed in with the password form.
    QByteArray sessionOf(const QString &email)
    {
        Browser browser(m_server.baseUrl());
        browser.signIn(QStringLiteral("credentials"), {{"email", email}, {"password", QString::fromLatin1(kPassword)}});
        return browser.cookieHeader();
    }

    //! Starts \a helper's sign-in; the authorization URL it hands out (empty when none came).
    QUrl start(NativeSignIn &helper, QFuture<NativeSignInTokens> *future)
    {
        QSignalSpy ready(&helper, &NativeSignIn::authorizationUrlReady);
        *future = helper.signIn();
        if (ready.isEmpty() && !ready.wait(10000))
            return {};
        return ready.first().first().toUrl();
    }

    //! The browser at the authorization URL with \a cookie: where Gatehouse redirects it.
    QUrl authorize(const QUrl &url, const QByteArray &cookie)
    {
        const Answer a = get(url, cookie);
        return a.status == 302 || a.status == 303 ? a.location : QUrl();
    }

    QJsonObject userinfo(const QString &accessToken)
    {
        const Answer a = get(QUrl(m_issuer.toString() + QStringLiteral("/oidc/userinfo")), {}, "Bearer " + accessToken.toLatin1());
        return a.status == 200 ? QJsonDocument::fromJson(a.body).object() : QJsonObject{{"status", a.status}};
    }

    //! True when something accepts connections at \a url's port.
    static bool listening(const QUrl &url)
    {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, quint16(url.port()));
        return socket.waitForConnected(2000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_issuer = QUrl(QStringLiteral("http://127.0.0.1:%1/auth").arg(m_server.reservePort()));
        const QString config = m_dir.filePath(QStringLiteral("gatehouse.json"));
        const QJsonObject json{
            {"url", m_issuer.toString()},
            {"adapter", QJsonObject{{"url", QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("gatehouse.db"))}}},
            {"providers", QJsonArray{QJsonObject{{"id", "credentials"}, {"type", "credentials"}, {"name", "Password"},
                                                 {"authorize", "builtin"}}}},
            {"admin", QJsonObject{{"groups", QJsonArray{"admins"}}}},
        };
        QVERIFY(replaceFile(config, QJsonDocument(json).toJson()));
        const CommandResult migrated = runServerCommand({"migrate", "--config", config});
        QVERIFY2(migrated.exitCode == 0, qPrintable(migrated.err));
        for (const char *email : {"ada@example.test", "bob@example.test"}) {
            const CommandResult added = runServerCommand({"user", "add", email, "--password-stdin", "--config", config}, kPassword + '\n');
            QVERIFY2(added.exitCode == 0, qPrintable(added.err));
        }
        QCOMPARE(runServerCommand({"user", "groups", "add", "ada@example.test", "admins", "--config", config}).exitCode, 0);
        QVERIFY2(m_server.start(config), qPrintable(m_server.log()));
    }

    // The whole flow as gatehouse-admin will run it: the URL handed out, the browser's visit, the
    // tokens; then refresh, twice, and the first refresh token presented again.
    void signInRefreshAndReuse()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email", "offline_access"});
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        QVERIFY(url.isValid());
        // What the provider is asked: a code with PKCE S256, a loopback redirect URI on the
        // helper's port, the scopes with openid, fresh state and nonce.
        QCOMPARE(url.toString(QUrl::RemoveQuery), m_issuer.toString() + QStringLiteral("/oidc/authorize"));
        const QUrlQuery asked(url);
        QCOMPARE(asked.queryItemValue("response_type"), QStringLiteral("code"));
        QCOMPARE(asked.queryItemValue("client_id"), QStringLiteral("gatehouse-admin"));
        QCOMPARE(asked.queryItemValue("code_challenge_method"), QStringLiteral("S256"));
        QCOMPARE(asked.queryItemValue("code_challenge").size(), 43);
        QCOMPARE(asked.queryItemValue("scope", QUrl::FullyDecoded), QStringLiteral("openid email offline_access"));
        QVERIFY(asked.queryItemValue("state").size() >= 43);
        QVERIFY(asked.queryItemValue("nonce").size() >= 43);
        const QUrl redirect(asked.queryItemValue("redirect_uri", QUrl::FullyDecoded));
        QCOMPARE(redirect.host(), QStringLiteral("127.0.0.1"));
        QCOMPARE(redirect.path(), QStringLiteral("/callback"));
        QVERIFY(redirect.port() > 0);

        const QUrl back = authorize(url, sessionOf(QStringLiteral("ada@example.test")));
        QCOMPARE(back.toString(QUrl::RemoveQuery), redirect.toString());
        QVERIFY(!QUrlQuery(back).queryItemValue("code").isEmpty());
        QVERIFY(!future.isFinished());
        const Answer page = get(back);
        const std::optional<NativeSignInError> failed = failureOf(future);
        QVERIFY2(!failed, failed ? failed->what() : "");
        QCOMPARE(page.status, 200);
        QVERIFY2(page.body.contains("You may close this tab"), page.body.constData());

        const NativeSignInTokens tokens = tokensOf(future);
        QVERIFY(!tokens.accessToken.isEmpty());
        QCOMPARE(tokens.tokenType, QStringLiteral("Bearer"));
        QVERIFY(!tokens.refreshToken.isEmpty());
        QCOMPARE(tokens.idTokenClaims.value("email").toString(), QStringLiteral("ada@example.test"));
        QCOMPARE(tokens.idTokenClaims.value("aud").toString(), QStringLiteral("gatehouse-admin"));
        QCOMPARE(tokens.idTokenClaims.value("nonce").toString(), asked.queryItemValue("nonce"));
        const qint64 lifetime = QDateTime::currentDateTimeUtc().secsTo(tokens.expiresAt);
        QVERIFY2(lifetime > 60 && lifetime <= 3600, qPrintable(QString::number(lifetime)));
        QVERIFY(tokens.scopes.contains(QStringLiteral("offline_access")));
        const QString subject = tokens.idTokenClaims.value("sub").toString();
        QCOMPARE(userinfo(tokens.accessToken).value("email").toString(), QStringLiteral("ada@example.test"));
        // One request only: the listener is gone.
        QVERIFY(!listening(redirect));

        const NativeSignInTokens refreshed = tokensOf(helper.refresh(tokens.refreshToken, subject));
        QVERIFY(!refreshed.accessToken.isEmpty());
        QVERIFY(refreshed.accessToken != tokens.accessToken);
        QVERIFY(!refreshed.refreshToken.isEmpty());
        QVERIFY(refreshed.refreshToken != tokens.refreshToken);
        QCOMPARE(refreshed.idTokenClaims.value("sub").toString(), subject);
        QCOMPARE(userinfo(refreshed.accessToken).value("email").toString(), QStringLiteral("ada@example.test"));
        const NativeSignInTokens again = tokensOf(helper.refresh(refreshed.refreshToken));
        QCOMPARE(userinfo(again.accessToken).value("email").toString(), QStringLiteral("ada@example.test"));

        // The spent refresh token is refused with the provider's words (and ends the grant).
        const std::optional<NativeSignInError> reused = failureOf(helper.refresh(tokens.refreshToken));
        QVERIFY(reused);
        QCOMPARE(reused->reason(), Reason::ProviderError);
        QCOMPARE(reused->error(), QStringLiteral("invalid_grant"));
        QVERIFY(!reused->errorDescription().isEmpty());
        QCOMPARE(failureOf(helper.refresh(again.refreshToken))->error(), QStringLiteral("invalid_grant"));
    }

    // Requests to another path, with another method or Host header, are refused and change
    // nothing: the real redirect still signs in.
    void foreignRequestsAreRefused()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        const QUrl redirect(QUrlQuery(url).queryItemValue("redirect_uri", QUrl::FullyDecoded));
        QVERIFY(redirect.port() > 0);

        QUrl favicon = redirect;
        favicon.setPath(QStringLiteral("/favicon.ico"));
        QCOMPARE(get(favicon).status, 404);
        QUrl prefix = redirect;
        prefix.setPath(QStringLiteral("/callback/x"));
        QCOMPARE(get(prefix).status, 404);
        QNetworkRequest post(redirect);
        std::unique_ptr<QNetworkReply> posted(waitForReply(m_nam.post(post, QByteArray("code=x"))));
        QCOMPARE(posted->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 405);
        // A page of another site whose name resolves to 127.0.0.1 (DNS rebinding).
        QTcpSocket rebound;
        rebound.connectToHost(QHostAddress::LocalHost, quint16(redirect.port()));
        QVERIFY(rebound.waitForConnected(2000));
        rebound.write("GET /callback?code=x&state=y HTTP/1.1\r\nHost: evil.example:" + QByteArray::number(redirect.port())
                      + "\r\n\r\n");
        QVERIFY(QTest::qWaitFor([&rebound] { return rebound.bytesAvailable() > 0 || rebound.state() != QAbstractSocket::ConnectedState; }, 5000));
        QVERIFY(rebound.readAll().startsWith("HTTP/1.1 400"));
        QVERIFY(!future.isFinished());

        const QUrl back = authorize(url, sessionOf(QStringLiteral("ada@example.test")));
        QCOMPARE(get(back).status, 200);
        QCOMPARE(tokensOf(future).idTokenClaims.value("email").toString(), QStringLiteral("ada@example.test"));
    }

    // A redirect without this sign-in's state ends it: the browser is told, the app gets
    // StateMismatch, and the listener closes (a second try is not listened to).
    void wrongStateIsRefused()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        const QUrl back = authorize(url, sessionOf(QStringLiteral("ada@example.test")));
        QUrlQuery query(back);
        query.removeQueryItem("state");
        query.addQueryItem("state", "forged");
        QUrl forged = back;
        forged.setQuery(query);
        const Answer page = get(forged);
        QCOMPARE(page.status, 400);
        QVERIFY(page.body.contains("did not succeed"));
        const std::optional<NativeSignInError> failure = failureOf(future);
        QVERIFY(failure);
        QCOMPARE(failure->reason(), Reason::StateMismatch);
        QVERIFY(!listening(back));
    }

    // RFC 9207: Gatehouse names itself in the redirect; another issuer, or none, is refused.
    void foreignIssuerIsRefused_data()
    {
        QTest::addColumn<QString>("iss");
        QTest::newRow("another issuer") << QStringLiteral("https://evil.example/auth");
        QTest::newRow("no issuer") << QString();
    }
    void foreignIssuerIsRefused()
    {
        QFETCH(QString, iss);
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        const QUrl back = authorize(url, sessionOf(QStringLiteral("ada@example.test")));
        QCOMPARE(QUrlQuery(back).queryItemValue("iss", QUrl::FullyDecoded), m_issuer.toString());
        QUrlQuery query(back);
        query.removeQueryItem("iss");
        if (!iss.isEmpty())
            query.addQueryItem("iss", iss);
        QUrl changed = back;
        changed.setQuery(query);
        QCOMPARE(get(changed).status, 400);
        const std::optional<NativeSignInError> failure = failureOf(future);
        QVERIFY(failure);
        QCOMPARE(failure->reason(), Reason::IssuerMismatch);
    }

    // Someone outside admin.groups: Gatehouse sends access_denied back, the app gets its words.
    void providerRefusalIsTyped()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        const QUrl back = authorize(url, sessionOf(QStringLiteral("bob@example.test")));
        QCOMPARE(QUrlQuery(back).queryItemValue("error"), QStringLiteral("access_denied"));
        QCOMPARE(get(back).status, 400);
        const std::optional<NativeSignInError> failure = failureOf(future);
        QVERIFY(failure);
        QCOMPARE(failure->reason(), Reason::ProviderError);
        QCOMPARE(failure->error(), QStringLiteral("access_denied"));
    }

    // Another registered path may be used; one that is not a plain path is refused.
    void redirectPath()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        helper.setRedirectPath(QStringLiteral("/callback?x=1"));
        QCOMPARE(failureOf(helper.signIn())->reason(), Reason::InvalidArgument);
        helper.setRedirectPath(QStringLiteral("/other"));
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        QCOMPARE(QUrl(QUrlQuery(url).queryItemValue("redirect_uri", QUrl::FullyDecoded)).path(), QStringLiteral("/other"));
        // Not registered for gatehouse-admin: Gatehouse shows its error page, never redirects.
        const Answer refused = get(url, sessionOf(QStringLiteral("ada@example.test")));
        QCOMPARE(refused.status, 400);
        QVERIFY(refused.location.isEmpty());
        helper.cancel();
        QCOMPARE(failureOf(future)->reason(), Reason::Cancelled);
    }

    // Nobody comes back: the time-out ends the sign-in and closes the port.
    void timeOut()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        helper.setTimeout(std::chrono::milliseconds(400));
        QFuture<NativeSignInTokens> future;
        const QUrl url = start(helper, &future);
        const QUrl redirect(QUrlQuery(url).queryItemValue("redirect_uri", QUrl::FullyDecoded));
        const std::optional<NativeSignInError> failure = failureOf(future);
        QVERIFY(failure);
        QCOMPARE(failure->reason(), Reason::TimedOut);
        QVERIFY(!listening(redirect));
    }

    // A second signIn() cancels the first; cancel() ends the second.
    void cancel()
    {
        NativeSignIn helper(m_issuer, QStringLiteral("gatehouse-admin"), {"email"});
        QFuture<NativeSignInTokens> first;
        const QUrl firstUrl = start(helper, &first);
        QFuture<NativeSignInTokens> second;
        QVERIFY(start(helper, &second).isValid());
        QCOMPARE(failureOf(first)->reason(), Reason::Cancelled);
        QVERIFY(!listening(QUrl(QUrlQuery(firstUrl).queryItemValue("redirect_uri", QUrl::FullyDecoded))));
        helper.cancel();
        QCOMPARE(failureOf(second)->reason(), Reason::Cancelled);
    }

    // Destroyed with a request under way or a browser awaited: every future still finishes,
    // with a NativeSignInError, and nothing is touched afterwards (the sanitizers watch).
    void destroyedMidway()
    {
        auto helper = std::make_unique<NativeSignIn>(m_issuer, QStringLiteral("gatehouse-admin"), QStringList{"email"});
        const QFuture<NativeSignInTokens> discovering = helper->signIn();
        const QFuture<NativeSignInTokens> refreshing = helper->refresh(QStringLiteral("some-token"));
        helper.reset();
        QCOMPARE(failureOf(discovering)->reason(), Reason::Cancelled);
        QVERIFY(failureOf(refreshing));

        helper = std::make_unique<NativeSignIn>(m_issuer, QStringLiteral("gatehouse-admin"), QStringList{"email"});
        QFuture<NativeSignInTokens> waiting;
        const QUrl url = start(*helper, &waiting);
        helper.reset();
        QCOMPARE(failureOf(waiting)->reason(), Reason::Cancelled);
        QVERIFY(!listening(QUrl(QUrlQuery(url).queryItemValue("redirect_uri", QUrl::FullyDecoded))));
    }

    // https only, but for loopback issuers; a wrong client id or an issuer that is not one.
    void badArguments_data()
    {
        QTest::addColumn<QUrl>("issuer");
        QTest::addColumn<QString>("clientId");
        QTest::addColumn<int>("reason");
        QTest::newRow("plain http") << QUrl("http://auth.example.test/auth") << "gatehouse-admin" << int(Reason::InvalidArgument);
        QTest::newRow("no client") << QUrl("https://auth.example.test/auth") << "" << int(Reason::InvalidArgument);
        QTest::newRow("ftp") << QUrl("ftp://127.0.0.1/auth") << "gatehouse-admin" << int(Reason::InvalidArgument);
        QTest::newRow("issuer with a query") << QUrl("https://auth.example.test/auth?x=1") << "gatehouse-admin"
                                             << int(Reason::InvalidArgument);
        // The server is there, but has no discovery document at that path.
        QTest::newRow("another issuer") << QUrl(m_server.baseUrl() + QStringLiteral("/auth/x")) << "gatehouse-admin"
                                        << int(Reason::InvalidResponse);
        QTest::newRow("nobody there") << QUrl("http://127.0.0.1:1/auth") << "gatehouse-admin" << int(Reason::Network);
    }
    void badArguments()
    {
        QFETCH(QUrl, issuer);
        QFETCH(QString, clientId);
        QFETCH(int, reason);
        NativeSignIn helper(issuer, clientId, {"email"});
        QCOMPARE(helper.scopes(), QStringList({"openid", "email"}));
        QSignalSpy ready(&helper, &NativeSignIn::authorizationUrlReady);
        const std::optional<NativeSignInError> failure = failureOf(helper.signIn());
        QVERIFY(failure);
        QCOMPARE(int(failure->reason()), reason);
        QCOMPARE(ready.size(), 0);
        QCOMPARE(int(failureOf(helper.refresh(QStringLiteral("some-token")))->reason()), reason);
    }
};

QTEST_MAIN(TestServerNativeSignIn)
#include "tst_servernativesignin.moc"
