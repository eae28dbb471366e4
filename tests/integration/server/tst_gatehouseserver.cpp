// gatehouse-server with the example configuration (credentials from callbacks.js),
// started on a free loopback port and driven through every endpoint over real HTTP; a twin
// with trustHost false answers the UntrustedHost configuration error.
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

namespace {

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool waitForPort(quint16 port)
{
    for (int i = 0; i < 100; ++i) {  // at most ~10 s
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(100))
            return true;
        QTest::qWait(100);
    }
    return false;
}

struct Server
{
    QProcess process;
    quint16 port = 0;

    bool start(const QString &config)
    {
        port = freePort();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("AUTH_SECRET", "gatehouse-reference-test-secret-0123456789");
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(GATEHOUSE_SERVER, {"--config", config, "--listen", QStringLiteral("127.0.0.1:%1").arg(port), "--threads", "2"});
        return process.waitForStarted(5000) && waitForPort(port);
    }
    ~Server()
    {
        process.terminate();
        if (!process.waitForFinished(5000))
            process.kill();
    }
};

} // namespace

class TestGatehouseServer : public QObject
{
    Q_OBJECT

    Server m_server;
    Server m_untrusted;
    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
    QString m_base;

    QNetworkReply *finish(QNetworkReply *reply)
    {
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        return reply;
    }
    QNetworkRequest request(const QString &url)
    {
        QNetworkRequest r(QUrl(url.startsWith("http") ? url : m_base + url));
        r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        return r;
    }
    std::unique_ptr<QNetworkReply> get(const QString &path) { return std::unique_ptr<QNetworkReply>(finish(m_nam.get(request(path)))); }
    std::unique_ptr<QNetworkReply> post(const QString &path, const QList<QPair<QString, QString>> &fields)
    {
        QNetworkRequest r = request(path);
        r.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        QUrlQuery form;
        for (const auto &f : fields)
            form.addQueryItem(f.first, QString::fromLatin1(QUrl::toPercentEncoding(f.second)));
        return std::unique_ptr<QNetworkReply>(finish(m_nam.post(r, form.toString(QUrl::FullyEncoded).toUtf8())));
    }
    static int status(const std::unique_ptr<QNetworkReply> &r) { return r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); }
    QString csrf() { return QJsonDocument::fromJson(get("/auth/csrf")->readAll()).object().value("csrfToken").toString(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_server.start(EXAMPLE_CONFIG), "gatehouse-server did not start");
        m_base = QStringLiteral("http://127.0.0.1:%1").arg(m_server.port);
        // The same configuration with trustHost false, next to the original callbacks.js.
        QFile original(EXAMPLE_CONFIG);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(original.readAll()).object();
        json.insert("trustHost", false);
        json.insert("callbacksScript", QFileInfo(EXAMPLE_CONFIG).absolutePath() + "/callbacks.js");
        QFile untrusted(m_dir.filePath("untrusted.json"));
        QVERIFY(untrusted.open(QIODevice::WriteOnly));
        untrusted.write(QJsonDocument(json).toJson());
        untrusted.close();
        QVERIFY2(m_untrusted.start(untrusted.fileName()), "the untrusted twin did not start");
    }

    void init() { m_nam.setCookieJar(new QNetworkCookieJar(&m_nam)); }

    void discoveryAndPages()
    {
        auto providers = get("/auth/providers");
        QCOMPARE(status(providers), 200);
        const QJsonObject list = QJsonDocument::fromJson(providers->readAll()).object();
        QCOMPARE(list.value("credentials").toObject().value("callbackUrl").toString(), m_base + "/auth/callback/credentials");
        auto signin = get("/auth/signin");
        QCOMPARE(status(signin), 200);
        QVERIFY(signin->rawHeader("Content-Security-Policy").contains("default-src 'none'"));
        const QByteArray page = signin->readAll();
        QVERIFY(page.contains("name=\"username\"") && page.contains("name=\"password\""));
        QCOMPARE(status(get("/auth/signout")), 200);
        QCOMPARE(status(get("/auth/verify-request")), 200);
        QCOMPARE(status(get("/auth/error?error=AccessDenied")), 403);
        QCOMPARE(status(get("/auth/error?error=Configuration")), 500);
        QCOMPARE(status(get("/auth/unknown")), 400);   // under the base path: Auth.js's answer
    }

    // Outside the base path a person gets a page: / leads to the account page, the rest is a
    // themed 404 in their language.
    void siteRoot()
    {
        auto root = get("/");
        QCOMPARE(status(root), 302);
        QCOMPARE(root->rawHeader("Location"), QByteArray("/auth/account"));
        QNetworkRequest head = request("/");
        auto headReply = std::unique_ptr<QNetworkReply>(finish(m_nam.head(head)));
        QCOMPARE(status(headReply), 302);

        QNetworkRequest page = request("/no/such/page?x=1");
        page.setRawHeader("Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
        auto missing = std::unique_ptr<QNetworkReply>(finish(m_nam.get(page)));
        QCOMPARE(status(missing), 404);
        QVERIFY(missing->header(QNetworkRequest::ContentTypeHeader).toString().startsWith("text/html"));
        QVERIFY(missing->rawHeader("Content-Security-Policy").contains("frame-ancestors 'none'"));
        QVERIFY(missing->readAll().contains("Page not found"));
        QNetworkRequest german = request("/favicon.ico");
        german.setRawHeader("Accept-Language", "de-DE,de;q=0.9");
        german.setRawHeader("Accept", "text/html");
        auto inGerman = std::unique_ptr<QNetworkReply>(finish(m_nam.get(german)));
        QCOMPARE(status(inGerman), 404);
        QVERIFY(inGerman->readAll().contains("Seite nicht gefunden"));
        QCOMPARE(status(get("/other")), 400);   // a program: Auth.js's answer, as its transcript has it
        QCOMPARE(status(get("/healthz")), 200);   // the probes still answer before the site
    }

    void signInSessionUpdateSignOut()
    {
        const QString token = csrf();
        QCOMPARE(token.size(), 64);
        auto bad = post("/auth/callback/credentials", {{"csrfToken", token}, {"username", "alice"}, {"password", "nope"}});
        QCOMPARE(status(bad), 302);
        QCOMPARE(bad->rawHeader("Location"), (m_base + "/auth/signin?error=CredentialsSignin&code=credentials").toUtf8());
        auto noCsrf = post("/auth/callback/credentials", {{"username", "alice"}, {"password", "alice-password"}});
        QCOMPARE(noCsrf->rawHeader("Location"), (m_base + "/auth/signin?error=MissingCSRF").toUtf8());

        auto good = post("/auth/callback/credentials", {{"csrfToken", token}, {"username", "alice"}, {"password", "alice-password"}});
        QCOMPARE(status(good), 302);
        QCOMPARE(good->rawHeader("Location"), m_base.toUtf8());
        auto session = get("/auth/session");
        QCOMPARE(QJsonDocument::fromJson(session->readAll()).object().value("user").toObject().value("email").toString(),
                 QStringLiteral("alice@example.test"));

        QNetworkRequest update = request("/auth/session");
        update.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        std::unique_ptr<QNetworkReply> updated(finish(m_nam.post(update, QJsonDocument(QJsonObject{{"csrfToken", token}, {"data", QJsonObject{{"name", "x"}}}}).toJson())));
        QCOMPARE(status(updated), 200);

        auto out = post("/auth/signout", {{"csrfToken", token}});
        QCOMPARE(status(out), 302);
        QCOMPARE(get("/auth/session")->readAll(), QByteArray("null"));
    }

    void signOutWithoutASession()
    {
        // As Auth.js: without a session cookie there is nothing to end, so the redirect alone,
        // without a deletion of a cookie the browser does not have.
        const QString token = csrf();
        auto out = post("/auth/signout", {{"csrfToken", token}});
        QCOMPARE(status(out), 302);
        QCOMPARE(out->rawHeader("Location"), m_base.toUtf8());
        QVERIFY2(!out->rawHeader("Set-Cookie").contains("authjs.session-token"), out->rawHeader("Set-Cookie").constData());
    }

    void oversizedBodyIsRefused()
    {
        QNetworkRequest r = request("/auth/callback/credentials");
        r.setHeader(QNetworkRequest::ContentTypeHeader, "application/x-www-form-urlencoded");
        std::unique_ptr<QNetworkReply> reply(finish(m_nam.post(r, QByteArray(200 * 1024, 'a'))));
        QCOMPARE(status(reply), 413);
    }

    void untrustedHost()
    {
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(m_untrusted.port);
        auto csrf = get(base + "/auth/csrf");
        QCOMPARE(status(csrf), 500);
        QCOMPARE(QJsonDocument::fromJson(csrf->readAll()).object().value("message").toString(),
                 QStringLiteral("There was a problem with the server configuration. Check the server logs for more information."));
        auto page = get(base + "/auth/signin");
        QCOMPARE(status(page), 500);
        QVERIFY(page->header(QNetworkRequest::ContentTypeHeader).toString().startsWith("text/html"));
    }
};

QTEST_GUILESS_MAIN(TestGatehouseServer)
#include "tst_gatehouseserver.moc"
