#include "oidcprovider/redirecturi.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::OidcProvider;

Q_DECLARE_METATYPE(std::optional<RedirectUriProblem>)

class TestRedirectUri : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registration_data();
    void registration();
    void matching_data();
    void matching();
    void oneOfSeveral();
};

void TestRedirectUri::registration_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<std::optional<RedirectUriProblem>>("problem");
    using P = RedirectUriProblem;
    const std::optional<P> fine;

    QTest::newRow("https") << "https://grafana.example.test/login/generic_oauth" << fine;
    QTest::newRow("https with port and query") << "https://app.example.test:8443/cb?tenant=a" << fine;
    QTest::newRow("loopback v4") << "http://127.0.0.1/callback" << fine;
    QTest::newRow("loopback v4 with port") << "http://127.0.0.1:8080/callback" << fine;
    QTest::newRow("loopback v6") << "http://[::1]:8080/callback" << fine;
    QTest::newRow("loopback without path") << "http://127.0.0.1" << fine;
    QTest::newRow("private-use scheme") << "com.example.app:/oauth2redirect" << fine;

    QTest::newRow("relative") << "/callback" << std::optional(P::NotAbsolute);
    QTest::newRow("no scheme") << "grafana.example.test/cb" << std::optional(P::NotAbsolute);
    QTest::newRow("empty") << "" << std::optional(P::NotAbsolute);
    QTest::newRow("space") << "https://app.example.test/c b" << std::optional(P::NotAbsolute);
    QTest::newRow("newline") << "https://app.example.test/cb\n" << std::optional(P::NotAbsolute);
    QTest::newRow("non-ascii") << QStringLiteral("https://äpp.example.test/cb") << std::optional(P::NotAbsolute);
    QTest::newRow("fragment") << "https://app.example.test/cb#x" << std::optional(P::Fragment);
    QTest::newRow("empty fragment") << "https://app.example.test/cb#" << std::optional(P::Fragment);
    QTest::newRow("userinfo") << "https://user@app.example.test/cb" << std::optional(P::UserInfo);
    QTest::newRow("userinfo with password") << "https://a:b@app.example.test/cb" << std::optional(P::UserInfo);
    QTest::newRow("wildcard host") << "https://*.example.test/cb" << std::optional(P::Wildcard);
    QTest::newRow("wildcard path") << "https://app.example.test/*" << std::optional(P::Wildcard);
    QTest::newRow("javascript") << "javascript:alert(1)" << std::optional(P::SchemeNotAllowed);
    QTest::newRow("JavaScript") << "JavaScript:alert(1)" << std::optional(P::SchemeNotAllowed);
    QTest::newRow("data") << "data:text/html,hi" << std::optional(P::SchemeNotAllowed);
    QTest::newRow("file") << "file:///etc/passwd" << std::optional(P::SchemeNotAllowed);
    QTest::newRow("http to a host") << "http://app.example.test/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("http to localhost") << "http://localhost:3000/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("http to 127.0.0.2") << "http://127.0.0.2/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("http to a loopback-like name") << "http://127.0.0.1.evil.test/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("HTTP upper case") << "HTTP://127.0.0.1/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("http loopback port 0") << "http://127.0.0.1:0/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("http loopback port too big") << "http://127.0.0.1:65536/cb" << std::optional(P::HttpNotLoopback);
    QTest::newRow("https without host") << "https:///cb" << std::optional(P::NoHost);
    QTest::newRow("https without authority") << "https:cb" << std::optional(P::NoHost);
    QTest::newRow("too long") << "https://app.example.test/" + QString(maxRedirectUriLength, u'a')
                              << std::optional(P::TooLong);
}

void TestRedirectUri::registration()
{
    QFETCH(QString, uri);
    QFETCH(std::optional<RedirectUriProblem>, problem);
    const std::optional<RedirectUriProblem> found = redirectUriProblem(uri);
    QCOMPARE(found.has_value(), problem.has_value());
    if (problem)
        QCOMPARE(int(*found), int(*problem));
}

void TestRedirectUri::matching_data()
{
    QTest::addColumn<QString>("registered");
    QTest::addColumn<QString>("presented");
    QTest::addColumn<bool>("matches");

    const QString app = QStringLiteral("https://app.example.test/callback");
    QTest::newRow("exact") << app << app << true;
    QTest::newRow("prefix") << app << "https://app.example.test/call" << false;
    QTest::newRow("suffix path") << app << app + "/evil" << false;
    QTest::newRow("suffix query") << app << app + "?next=https://evil.test" << false;
    QTest::newRow("suffix empty query") << app << app + "?" << false;
    QTest::newRow("trailing slash") << app << app + "/" << false;
    QTest::newRow("host case") << app << "https://APP.example.test/callback" << false;
    QTest::newRow("path case") << app << "https://app.example.test/Callback" << false;
    QTest::newRow("scheme case") << app << "HTTPS://app.example.test/callback" << false;
    QTest::newRow("userinfo") << app << "https://app.example.test@evil.test/callback" << false;
    QTest::newRow("userinfo before host") << app << "https://evil@app.example.test/callback" << false;
    QTest::newRow("fragment") << app << app + "#x" << false;
    QTest::newRow("explicit default port") << app << "https://app.example.test:443/callback" << false;
    QTest::newRow("other port") << app << "https://app.example.test:8443/callback" << false;
    QTest::newRow("dot segment") << app << "https://app.example.test/x/../callback" << false;
    QTest::newRow("dot segment out") << app << "https://app.example.test/callback/../../evil" << false;
    QTest::newRow("percent-encoded") << app << "https://app.example.test/%63allback" << false;
    QTest::newRow("double slash") << app << "https://app.example.test//callback" << false;
    QTest::newRow("backslash") << app << "https://app.example.test\\callback" << false;
    QTest::newRow("http downgrade") << app << "http://app.example.test/callback" << false;
    QTest::newRow("subdomain") << app << "https://evil.app.example.test/callback" << false;
    QTest::newRow("trailing dot host") << app << "https://app.example.test./callback" << false;
    QTest::newRow("empty") << app << "" << false;
    QTest::newRow("query order") << "https://app.example.test/cb?a=1&b=2" << "https://app.example.test/cb?b=2&a=1" << false;
    QTest::newRow("registered query") << "https://app.example.test/cb?a=1" << "https://app.example.test/cb?a=1" << true;

    // RFC 8252 §7.3: a native app's loopback redirect may use any port.
    const QString v4 = QStringLiteral("http://127.0.0.1/callback");
    QTest::newRow("loopback v4 any port") << v4 << "http://127.0.0.1:51004/callback" << true;
    QTest::newRow("loopback v4 no port") << v4 << v4 << true;
    QTest::newRow("loopback registered port, other port") << "http://127.0.0.1:8080/callback"
                                                        << "http://127.0.0.1:9090/callback" << true;
    QTest::newRow("loopback registered port, no port") << "http://127.0.0.1:8080/callback" << v4 << true;
    QTest::newRow("loopback v6 any port") << "http://[::1]/callback" << "http://[::1]:51004/callback" << true;
    QTest::newRow("loopback port, other path") << v4 << "http://127.0.0.1:51004/callback/x" << false;
    QTest::newRow("loopback port, other query") << v4 << "http://127.0.0.1:51004/callback?x" << false;
    QTest::newRow("loopback port, fragment") << v4 << "http://127.0.0.1:51004/callback#x" << false;
    QTest::newRow("loopback v4 vs v6") << v4 << "http://[::1]:51004/callback" << false;
    QTest::newRow("loopback to https") << v4 << "https://127.0.0.1:51004/callback" << false;
    QTest::newRow("loopback port 0") << v4 << "http://127.0.0.1:0/callback" << false;
    QTest::newRow("loopback leading zero port") << v4 << "http://127.0.0.1:08080/callback" << false;
    QTest::newRow("loopback port too big") << v4 << "http://127.0.0.1:65536/callback" << false;
    QTest::newRow("loopback long port") << v4 << "http://127.0.0.1:0000000080/callback" << false;
    QTest::newRow("loopback empty port") << v4 << "http://127.0.0.1:/callback" << false;
    QTest::newRow("loopback port and userinfo") << v4 << "http://127.0.0.1:80@evil.test/callback" << false;
    QTest::newRow("loopback-like name") << v4 << "http://127.0.0.1.evil.test/callback" << false;
    QTest::newRow("other loopback address") << v4 << "http://127.0.0.2:51004/callback" << false;
    QTest::newRow("decimal address") << v4 << "http://2130706433:51004/callback" << false;
    QTest::newRow("localhost is no loopback IP") << v4 << "http://localhost:51004/callback" << false;
    // A registered localhost URI matches exactly, never with another port.
    QTest::newRow("localhost exact") << "http://localhost:3000/cb" << "http://localhost:3000/cb" << true;
    QTest::newRow("localhost other port") << "http://localhost:3000/cb" << "http://localhost:3001/cb" << false;
    // Non-http schemes on a loopback IP get no port exception either.
    QTest::newRow("https loopback other port") << "https://127.0.0.1:8443/cb" << "https://127.0.0.1:9443/cb" << false;
    QTest::newRow("too long") << app << app + QString(maxRedirectUriLength, u'a') << false;
}

void TestRedirectUri::matching()
{
    QFETCH(QString, registered);
    QFETCH(QString, presented);
    QFETCH(bool, matches);
    QCOMPARE(redirectUriMatches(registered, presented), matches);
}

void TestRedirectUri::oneOfSeveral()
{
    const QStringList registered{QStringLiteral("https://a.example.test/cb"), QStringLiteral("http://127.0.0.1/cb")};
    QVERIFY(isRegisteredRedirectUri(registered, QStringLiteral("https://a.example.test/cb")));
    QVERIFY(isRegisteredRedirectUri(registered, QStringLiteral("http://127.0.0.1:4711/cb")));
    QVERIFY(!isRegisteredRedirectUri(registered, QStringLiteral("https://b.example.test/cb")));
    QVERIFY(!isRegisteredRedirectUri({}, QStringLiteral("https://a.example.test/cb")));
}

QTEST_APPLESS_MAIN(TestRedirectUri)
#include "tst_redirecturi.moc"
