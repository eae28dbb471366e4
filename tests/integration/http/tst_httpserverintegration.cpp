#include <gatehouse/httpserverintegration.h>

#include "rawhttpclient.h"
#include "testhandler.h"

#include <QHttpServer>
#include <QHttpServerResponder>
#include <QLoggingCategory>
#include <QUrlQuery>
#include <QtTest>

#include <memory>

using namespace Gatehouse;

class TestHttpServerIntegration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void routing_data();
    void routing();
    void rootBasePath();
    void requestConversion();
    void urlWithoutHost();
    void cookiesAndStatus();
    void head();
    void asynchronousHandlers_data();
    void asynchronousHandlers();
    void failingHandlers_data();
    void failingHandlers();
    void clientGoneBeforeResponse();
    void connectionCloseHonoured();
    void bodilessAnswersKeepTheConnection();
    void invalidBasePath_data();
    void invalidBasePath();
    void respondFromHostRoute();
    void mountAndProtectAnAuth();
    void protectNeedsAnAuth();

private:
    quint16 mount(const QString &basePath = QStringLiteral("/auth"));

    std::unique_ptr<TestHandler> m_handler;
    std::unique_ptr<QHttpServer> m_server;
    std::unique_ptr<HttpServerIntegration> m_integration;
};

void TestHttpServerIntegration::init()
{
    QLoggingCategory::setFilterRules(QStringLiteral("gatehouse.http.info=false"));
    m_handler = std::make_unique<TestHandler>();
    m_server = std::make_unique<QHttpServer>();
    m_server->route(QStringLiteral("/other"), [] { return QStringLiteral("other"); });
    m_integration = std::make_unique<HttpServerIntegration>(m_handler->handler());
}

void TestHttpServerIntegration::cleanup()
{
    m_server.reset();
    m_integration.reset();
}

quint16 TestHttpServerIntegration::mount(const QString &basePath)
{
    if (!m_integration->mount(m_server.get(), basePath))
        return 0;
    return m_server->listen(QHostAddress::LocalHost, 0);
}

void TestHttpServerIntegration::routing_data()
{
    QTest::addColumn<QByteArray>("requestLine");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("handled");
    QTest::newRow("base path") << QByteArray("GET /auth HTTP/1.1") << 200 << true;
    QTest::newRow("action") << QByteArray("GET /auth/session HTTP/1.1") << 200 << true;
    QTest::newRow("nested") << QByteArray("POST /auth/callback/credentials HTTP/1.1") << 200 << true;
    QTest::newRow("query") << QByteArray("GET /auth/signin?callbackUrl=%2F HTTP/1.1") << 200 << true;
    QTest::newRow("put") << QByteArray("PUT /auth/session HTTP/1.1") << 200 << true;
    QTest::newRow("prefix only") << QByteArray("GET /authx HTTP/1.1") << 404 << false;
    QTest::newRow("other route") << QByteArray("GET /other HTTP/1.1") << 200 << false;
    QTest::newRow("unknown method") << QByteArray("PROPFIND /auth/x HTTP/1.1") << 404 << false;
}

void TestHttpServerIntegration::routing()
{
    QFETCH(QByteArray, requestLine);
    QFETCH(int, status);
    QFETCH(bool, handled);
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send(requestLine + "\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, status);
    QCOMPARE(m_handler->requestCount(), handled ? 1 : 0);
}

void TestHttpServerIntegration::rootBasePath()
{
    const quint16 port = mount(QStringLiteral("/"));
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /anything/below HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->body, QByteArray("hello"));
}

void TestHttpServerIntegration::requestConversion()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("POST /auth/callback/credentials?x=%2F HTTP/1.1\r\nHost: app.example:3000\r\n"
                "Cookie: a=1; b=2\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n"
                R"({"u":"alice"})");
    QVERIFY(client.readResponse());
    QCOMPARE(m_handler->requestCount(), 1);
    const AuthRequest request = m_handler->requests().first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.url.toString(QUrl::FullyEncoded),
             QStringLiteral("http://app.example:3000/auth/callback/credentials?x=%2F"));
    QCOMPARE(request.body, QByteArray(R"({"u":"alice"})"));
    QCOMPARE(request.remoteAddress, QHostAddress(QHostAddress::LocalHost));
    const QList<QPair<QByteArray, QByteArray>> headers = {
        {"Host", "app.example:3000"},
        {"Cookie", "a=1; b=2"},
        {"Content-Type", "application/json"},
        {"Content-Length", "13"}};
    QCOMPARE(request.headers, headers);
}

void TestHttpServerIntegration::urlWithoutHost()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/session HTTP/1.1\r\n\r\n");
    QVERIFY(client.readResponse());
    QCOMPARE(m_handler->requests().first().url,
             QUrl(QStringLiteral("http://127.0.0.1:%1/auth/session").arg(port)));
}

void TestHttpServerIntegration::cookiesAndStatus()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/cookies HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 302);
    QCOMPARE(response->value("Location"), QByteArray("http://127.0.0.1/next"));
    QCOMPARE(response->values("Set-Cookie").size(), 2);
    QVERIFY(response->values("Set-Cookie").at(0).startsWith("authjs.csrf-token=abc%7Cdef;"));
    QVERIFY(response->values("Set-Cookie").at(1).startsWith("authjs.callback-url="));
    QCOMPARE(response->body, QByteArray("hello"));
}

void TestHttpServerIntegration::head()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("HEAD /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse(false);
    QVERIFY(response);
    QCOMPARE(response->value("Content-Length"), QByteArray("5"));
    QCOMPARE(m_handler->requests().first().method, QByteArray("HEAD"));
    client.send("GET /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto next = client.readResponse();
    QVERIFY(next);
    QCOMPARE(next->body, QByteArray("hello"));
}

void TestHttpServerIntegration::asynchronousHandlers_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("finished later on the server's thread") << QByteArray("/auth/later");
    QTest::newRow("finished on another thread") << QByteArray("/auth/thread");
}

void TestHttpServerIntegration::asynchronousHandlers()
{
    QFETCH(QByteArray, path);
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 200);
    QCOMPARE(response->body, QByteArray("later"));
}

void TestHttpServerIntegration::failingHandlers_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("handler throws") << QByteArray("/auth/throw");
    QTest::newRow("future holds an exception") << QByteArray("/auth/broken");
}

void TestHttpServerIntegration::failingHandlers()
{
    QFETCH(QByteArray, path);
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression("request handler (threw|failed)"));
    client.send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 500);
}

void TestHttpServerIntegration::clientGoneBeforeResponse()
{
    const quint16 port = mount();
    QVERIFY(port);
    {
        RawHttpClient client(port);
        client.send("GET /auth/slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
        QTRY_COMPARE(m_handler->requestCount(), 1);
        client.socket().abort();
    }
    QTest::qWait(500);  // the slow response finishes with its connection gone
    RawHttpClient next(port);
    next.send("GET /auth/session HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const auto response = next.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 200);
}

// nginx's upstream keepalive pool reuses a connection only after an answer it has read whole:
// a bodiless 200, 401 or 403 (the forward-auth checks) leaves the connection open.
void TestHttpServerIntegration::bodilessAnswersKeepTheConnection()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    for (const int status : {200, 401, 403, 200}) {
        client.send("GET /auth/bare/" + QByteArray::number(status) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        const auto response = client.readResponse();
        QVERIFY(response);
        QCOMPARE(response->status, status);
        QCOMPARE(response->value("Content-Length"), QByteArray("0"));
        QCOMPARE(response->value("Connection"), QByteArray());  // HTTP/1.1: kept alive
        QCOMPARE(response->body, QByteArray());
        QVERIFY(client.isConnected());
    }
    QCOMPARE(m_handler->requestCount(), 4);
}

void TestHttpServerIntegration::connectionCloseHonoured()
{
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /auth/later HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->value("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed());
}

void TestHttpServerIntegration::invalidBasePath_data()
{
    QTest::addColumn<QString>("basePath");
    QTest::addColumn<QString>("problem");
    QTest::newRow("relative") << QStringLiteral("auth") << QStringLiteral("must start with \"/\"");
    QTest::newRow("trailing slash") << QStringLiteral("/auth/") << QStringLiteral("must not end with \"/\"");
    QTest::newRow("query") << QStringLiteral("/auth?x") << QStringLiteral("must be a plain path such as /auth");
}

void TestHttpServerIntegration::invalidBasePath()
{
    QFETCH(QString, basePath);
    QFETCH(QString, problem);
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(QRegularExpression::escape(problem)));
    QVERIFY(!m_integration->mount(m_server.get(), basePath));
}

void TestHttpServerIntegration::respondFromHostRoute()
{
    // A host route answering with a Gatehouse response, as an "authorized" wrapper does.
    AuthRequest seen;
    m_server->route(QStringLiteral("/protected"),
                    [&seen](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
                        seen = HttpServerIntegration::toAuthRequest(request, responder.socket());
                        AuthResponse redirect;
                        redirect.status = 302;
                        redirect.headers = {{"Location", "/auth/signin"}};
                        HttpServerIntegration::respond(request, std::move(responder),
                                                       QtFuture::makeReadyFuture(redirect));
                    });
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /protected?page=1 HTTP/1.1\r\nHost: localhost:8000\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 302);
    QCOMPARE(response->value("Location"), QByteArray("/auth/signin"));
    QCOMPARE(seen.method, QByteArray("GET"));
    QCOMPARE(seen.url, QUrl(QStringLiteral("http://localhost:8000/protected?page=1")));
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerIntegration::mountAndProtectAnAuth()
{
    // The embedding of the README: the Auth's endpoints under its base path, and a protected route.
    Config config;
    config.secret = {QStringLiteral("integration-secret-integration-secret-01")};
    config.trustHost = true;
    config.basePath = QStringLiteral("/api/auth");
    Provider credentials;
    credentials.id = credentials.name = credentials.type = QStringLiteral("credentials");
    credentials.authorize = [](const QJsonObject &, const AuthRequest &) {
        return QtFuture::makeReadyFuture(std::optional<QJsonObject>());
    };
    config.providers = {credentials};
    const Auth auth(config);
    HttpServerIntegration gatehouse(auth);
    QVERIFY(gatehouse.mount(m_server.get()));
    m_server->route(QStringLiteral("/dashboard"),
                    gatehouse.protect([](const AuthRequest &, const std::optional<QJsonObject> &) {
                        return QtFuture::makeReadyFuture(AuthResponse::html("<h1>Dashboard</h1>"));
                    }));
    const quint16 port = m_server->listen(QHostAddress::LocalHost, 0);
    QVERIFY(port);

    RawHttpClient client(port);
    client.send("GET /api/auth/providers HTTP/1.1\r\nHost: localhost:8000\r\n\r\n");
    const auto providers = client.readResponse();
    QVERIFY(providers);
    QCOMPARE(providers->status, 200);
    QVERIFY2(providers->body.contains("localhost:8000/api/auth/signin/credentials"), providers->body.constData());

    client.send("GET /dashboard?tab=2 HTTP/1.1\r\nHost: localhost:8000\r\n\r\n");
    const auto denied = client.readResponse();
    QVERIFY(denied);
    QCOMPARE(denied->status, 302);
    const QUrl signIn(QString::fromUtf8(denied->value("Location")));
    QCOMPARE(signIn.adjusted(QUrl::RemoveQuery), QUrl(QStringLiteral("http://localhost:8000/api/auth/signin")));
    QCOMPARE(QUrlQuery(signIn).queryItemValue(QStringLiteral("callbackUrl"), QUrl::FullyDecoded),
             QStringLiteral("http://localhost:8000/dashboard?tab=2"));
    QCOMPARE(m_handler->requestCount(), 0);
}

void TestHttpServerIntegration::protectNeedsAnAuth()
{
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("protect\\(\\) needs an HttpServerIntegration made from an Auth")));
    m_server->route(QStringLiteral("/dashboard"), m_integration->protect([](const AuthRequest &, const std::optional<QJsonObject> &) {
        return QtFuture::makeReadyFuture(AuthResponse::html("<h1>Dashboard</h1>"));
    }));
    const quint16 port = mount();
    QVERIFY(port);
    RawHttpClient client(port);
    client.send("GET /dashboard HTTP/1.1\r\nHost: localhost:8000\r\n\r\n");
    const auto response = client.readResponse();
    QVERIFY(response);
    QCOMPARE(response->status, 500);
    QCOMPARE(m_handler->requestCount(), 0);
}

QTEST_GUILESS_MAIN(TestHttpServerIntegration)
#include "tst_httpserverintegration.moc"
