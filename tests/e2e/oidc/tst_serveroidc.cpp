// gatehouse-server as a user runs it (a process on loopback, SQLite, its serving threads) with an
// OpenID provider from the JSON configuration: the provider's profile callback in JavaScript, and
// GET /auth/token/<provider> handing a signed-in user's access token to a same-origin script.
#include "nodeprocess.h"
#include "integration/server/serverharness.h"
#include "support/serverprocess.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace Gatehouse::Test;

namespace {

const char callbacksScript[] = R"JS(
function mapProfile(profile, tokens) {
    return { id: profile.sub, name: "JS " + profile.name, email: profile.email };
}
)JS";

struct Answer
{
    int status = 0;            //!< 0: no answer within 10 s
    QByteArray location;
    QByteArray setCookie;      //!< every Set-Cookie header, one a line
    QByteArray body;
};

} // namespace

class TestServerOidc : public QObject
{
    Q_OBJECT

    NodeProcess m_idp;
    QTemporaryDir m_dir;
    Gatehouse::Testing::ServerUnderTest m_server;
    quint16 m_port = 0;
    QNetworkAccessManager m_nam;
    QStringList m_neverLogged;   //!< tokens and codes seen: the server's log must not hold them

    QString base() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

    Answer send(QNetworkRequest request, const QByteArray &method, const QByteArray &body = {})
    {
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        QNetworkReply *reply = m_nam.sendCustomRequest(request, method, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        Answer answer;
        if (reply->isFinished()) {
            answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            answer.location = reply->rawHeader("Location");
            answer.setCookie = reply->rawHeader("Set-Cookie");
            answer.body = reply->readAll();
        }
        reply->deleteLater();
        return answer;
    }

    Answer get(const QUrl &url, const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        QNetworkRequest request(url);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        return send(request, "GET");
    }

    //! Follows redirects from \a url (through the IdP) until an answer that is not one, or one to "/".
    Answer follow(QUrl url)
    {
        Answer answer;
        for (int hop = 0; hop < 20; ++hop) {
            answer = get(url);
            if (answer.status < 300 || answer.status >= 400 || answer.location.isEmpty())
                return answer;
            const QUrl next = url.resolved(QUrl(QString::fromUtf8(answer.location)));
            const QString code = QUrlQuery(next).queryItemValue(QStringLiteral("code"));
            if (!code.isEmpty())
                m_neverLogged << code;   // the authorization code, on its way to the callback
            if (next.port() == m_port && !next.path().startsWith(QLatin1String("/auth/")))
                return answer;  // back at the application
            url = next;
        }
        return answer;
    }

    QString csrfToken()
    {
        return QJsonDocument::fromJson(get(QUrl(base() + "/auth/csrf")).body).object().value("csrfToken").toString();
    }

    Answer postForm(const QString &path, const QList<QPair<QString, QString>> &fields)
    {
        QNetworkRequest post(QUrl(base() + path));
        post.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        QUrlQuery form;
        for (const auto &[name, value] : fields)
            form.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
        return send(post, "POST", form.toString(QUrl::FullyEncoded).toUtf8());
    }

    //! The value of the cookie \a name the jar holds for the server, empty when there is none.
    QString jarCookie(const QByteArray &name)
    {
        for (const QNetworkCookie &c : m_nam.cookieJar()->cookiesForUrl(QUrl(base() + "/auth/session"))) {
            if (c.name() == name)
                return QString::fromLatin1(c.value());
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_port = m_server.reservePort();  // the IdP's redirect URI names it
        QVERIFY(m_port != 0);
        const QJsonArray clients = {QJsonObject{
            {"client_id", "gh-server"}, {"client_secret", "gh-server-secret"}, {"access_token_ttl", 30},
            {"redirect_uris", QJsonArray{base() + "/auth/callback/local-idp"}}}};
        QProcessEnvironment idpEnv;
        idpEnv.insert("GH_IDP_CLIENTS", QString::fromUtf8(QJsonDocument(clients).toJson(QJsonDocument::Compact)));
        QString error;
        QVERIFY2(m_idp.start(QStringLiteral(GATEHOUSE_OIDC_DIR "/idp.mjs"), idpEnv, &error), qPrintable(error));
        QString issuer = m_idp.url().toString();
        if (issuer.endsWith(QLatin1Char('/')))
            issuer.chop(1);

        QFile script(m_dir.filePath("callbacks.js"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(callbacksScript);
        script.close();
        const QJsonObject config{
            {"trustHost", true},
            {"callbacksScript", "callbacks.js"},
            {"adapter", QJsonObject{{"url", "sqlite://" + m_dir.filePath("gatehouse.db")}}},
            {"providers", QJsonArray{QJsonObject{{"id", "local-idp"}, {"name", "Local IdP"}, {"type", "oidc"},
                                                 {"issuer", issuer}, {"clientId", "gh-server"},
                                                 {"profile", "mapProfile"}, {"accessTokenEndpoint", true}}}}};
        QFile file(m_dir.filePath("gatehouse.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(config).toJson());
        file.close();

        m_server.setEnvironment("AUTH_LOCAL_IDP_SECRET", "gh-server-secret");   // inferred from the environment
        m_server.setEnvironment("QT_LOGGING_RULES", "gatehouse.*.debug=true");   // for noSecretInTheLog
        QVERIFY2(m_server.start(m_dir.filePath("gatehouse.json"), m_dir.path()),
                 qPrintable("gatehouse-server did not start listening:\n" + m_server.log()));
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
    }

    void cleanupTestCase()
    {
        m_idp.stop();  // the server stops with the fixture
    }

    void signInWithJavaScriptProfileThenReadTheToken()
    {
        const Answer csrf = get(QUrl(base() + "/auth/csrf"));
        QCOMPARE(csrf.status, 200);
        const QString token = QJsonDocument::fromJson(csrf.body).object().value("csrfToken").toString();
        QNetworkRequest post(QUrl(base() + "/auth/signin/local-idp"));
        post.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        QUrlQuery form;
        form.addQueryItem("csrfToken", token);
        const Answer start = send(post, "POST", form.toString(QUrl::FullyEncoded).toUtf8());
        QCOMPARE(start.status, 302);
        QVERIFY2(start.location.startsWith(m_idp.url().toString(QUrl::StripTrailingSlash).toUtf8() + "/auth?"), start.location);

        const Answer done = follow(QUrl(QString::fromUtf8(start.location)));
        QCOMPARE(done.status, 302);
        QCOMPARE(done.location, base().toUtf8());
        const QJsonObject user = QJsonDocument::fromJson(get(QUrl(base() + "/auth/session")).body).object().value("user").toObject();
        QCOMPARE(user.value("name").toString(), QString("JS Alice"));   // the JavaScript profile callback
        QCOMPARE(user.value("email").toString(), QString("alice@example.test"));

        // The 30 s token is within the refresh margin: refreshed on a serving thread, over SQLite.
        const QList<QPair<QByteArray, QByteArray>> script = {{"X-Gatehouse-Access-Token", "1"}};
        const Answer first = get(QUrl(base() + "/auth/token/local-idp"), script);
        QCOMPARE(first.status, 200);
        const QJsonObject a = QJsonDocument::fromJson(first.body).object();
        QVERIFY(!a.value("accessToken").toString().isEmpty());
        QCOMPARE(a.value("tokenType").toString(), QString("bearer"));
        const int refreshes = m_idp.getJson("/__stats").value("refreshGrants").toInt();
        QCOMPARE(refreshes, 1);
        QCOMPARE(get(QUrl(base() + "/auth/token/local-idp")).status, 403);   // not a script request

        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        QCOMPARE(get(QUrl(base() + "/auth/token/local-idp"), script).status, 401);
    }

    //! The reference transcript's OIDC sign-out steps, with a database session (SQLite).
    void signOutOfAnOidcSession()
    {
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        // Signed out already: as Auth.js, nothing to end, so the redirect alone, without a
        // deletion of a session cookie the browser does not have.
        const QString token = csrfToken();
        const Answer none = postForm("/auth/signout", {{"csrfToken", token}});
        QCOMPARE(none.status, 302);
        QCOMPARE(none.location, base().toUtf8());
        QVERIFY2(!none.setCookie.contains("authjs.session-token"), none.setCookie.constData());

        const Answer start = postForm("/auth/signin/local-idp", {{"csrfToken", token}});
        QCOMPARE(start.status, 302);
        const Answer done = follow(QUrl(QString::fromUtf8(start.location)));
        QCOMPARE(done.location, base().toUtf8());
        const QString session = jarCookie("authjs.session-token");
        QCOMPARE(session.size(), 36);   // a database session's token
        m_neverLogged << session << jarCookie("authjs.csrf-token");
        QCOMPARE(QJsonDocument::fromJson(get(QUrl(base() + "/auth/session")).body).object()
                     .value("user").toObject().value("email").toString(), QString("alice@example.test"));

        const Answer out = postForm("/auth/signout", {{"csrfToken", token}});
        QCOMPARE(out.status, 302);
        QCOMPARE(out.location, base().toUtf8());
        QVERIFY2(out.setCookie.contains("authjs.session-token=; Max-Age=0"), out.setCookie.constData());
        QCOMPARE(jarCookie("authjs.session-token"), QString());
        QCOMPARE(get(QUrl(base() + "/auth/session")).body, QByteArray("null"));

        // The pre-sign-out cookie replayed: its row is gone, so no session and the cookie deleted.
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        const Answer replay = get(QUrl(base() + "/auth/session"), {{"Cookie", "authjs.session-token=" + session.toLatin1()}});
        QCOMPARE(replay.body, QByteArray("null"));
        QVERIFY2(replay.setCookie.contains("authjs.session-token=; Max-Age=0"), replay.setCookie.constData());
    }

    //! A debug-level log of the sign-ins above holds no secret, authorization code or token.
    void noSecretInTheLog()
    {
        QVERIFY(m_neverLogged.size() >= 3);
        const QString log = m_server.log();
        QVERIFY(log.contains(QStringLiteral("/auth/callback/local-idp")));
        for (const QString &secret : m_neverLogged + QStringList{QStringLiteral("gh-server-secret"),
                                                                  Gatehouse::Testing::serverSecret()}) {
            for (const QString &part : secret.split(u'|'))
                QVERIFY2(part.size() < 16 || !log.contains(part), qPrintable(QStringLiteral("logged: ") + part));
        }
    }
};

QTEST_GUILESS_MAIN(TestServerOidc)
#include "tst_serveroidc.moc"
