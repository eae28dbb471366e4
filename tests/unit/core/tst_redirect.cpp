#include "core/redirect.h"

#include <QTest>

using namespace Gatehouse;

class TestRedirect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameOrigin_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        const QString base = QStringLiteral("http://127.0.0.1:9300");
        QTest::newRow("relative") << "/dashboard" << base + "/dashboard";
        QTest::newRow("relative with query") << "/a?b=c#d" << base + "/a?b=c#d";
        QTest::newRow("same origin") << base + "/profile?x=1" << base + "/profile?x=1";
        QTest::newRow("origin itself") << base << base;
        QTest::newRow("other origin") << "http://evil.example/" << base;
        QTest::newRow("other port") << "http://127.0.0.1:9301/" << base;
        QTest::newRow("other scheme") << "https://127.0.0.1:9300/" << base;
        QTest::newRow("protocol relative stays a path") << "//evil.example/x" << base + "//evil.example/x";
        QTest::newRow("backslash") << "/\\evil.example" << base;
        QTest::newRow("backslash absolute") << "http:\\\\evil.example" << base;
        QTest::newRow("javascript") << "javascript:alert(1)" << base;
        QTest::newRow("data") << "data:text/html,<script>" << base;
        QTest::newRow("userinfo trick") << "http://127.0.0.1:9300@evil.example/" << base;
        QTest::newRow("newline") << "/a\r\nSet-Cookie: x=y" << base;
        QTest::newRow("tab") << "/a\tb" << base;
        QTest::newRow("nul") << QStringLiteral("/a") + QChar(0) << base;
        QTest::newRow("empty") << "" << base;
        QTest::newRow("garbage") << "%%%:::" << base;
        QTest::newRow("bare word") << "dashboard" << base;
        // Found by tests/fuzz (redirect): QUrl reads these hosts as 127.0.0.1, a browser as no
        // address at all (or another one); they were passed on as written.
        QTest::newRow("address with a sign") << "httP://127.+0X0.1:9300" << base;
        QTest::newRow("address in hex") << "http://0x7f.0.0.1:9300/" << base;
        QTest::newRow("address with a user") << "http://me@127.0.0.1:9300/x" << "http://me@127.0.0.1:9300/x";
        QTest::newRow("upper-case scheme") << "HTTP://127.0.0.1:9300/x" << "HTTP://127.0.0.1:9300/x";
        QTest::newRow("very long") << "/" + QString(100000, QLatin1Char('a')) << base + "/" + QString(100000, QLatin1Char('a'));
    }
    void sameOrigin()
    {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        QCOMPARE(Redirect::sameOrigin(url, QStringLiteral("http://127.0.0.1:9300")), expected);
    }

    // Found by tests/fuzz (redirect): without an origin a path was returned as it was, and
    // "//evil.example/x" is another site to a browser.
    void pathNeedsAnOrigin()
    {
        QCOMPARE(Redirect::sameOrigin(QStringLiteral("//evil.example/x"), QString()), QString());
        QCOMPARE(Redirect::sameOrigin(QStringLiteral("/dashboard"), QString()), QString());
    }

    // redirectDomains: the hosts forward authentication sends clients back to.
    void allowedDomains_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("kept");
        QTest::newRow("subdomain") << "https://app.example.test/x?y=1" << true;
        QTest::newRow("deeper subdomain") << "https://a.b.example.test/" << true;
        QTest::newRow("exact host") << "https://files.other.test/a" << true;
        QTest::newRow("exact host with port") << "https://files.other.test:8443/a" << true;
        QTest::newRow("upper-case host") << "https://APP.Example.TEST/x" << true;
        QTest::newRow("suffix itself is not below") << "https://example.test/" << false;
        QTest::newRow("not dot-bounded") << "https://evilexample.test/" << false;
        QTest::newRow("suffix in the middle") << "https://app.example.test.evil.test/" << false;
        QTest::newRow("below an exact host") << "https://x.files.other.test/" << false;
        QTest::newRow("user info") << "https://evil.test@app.example.test/" << false;
        QTest::newRow("user info hiding the host") << "https://app.example.test@evil.test/" << false;
        QTest::newRow("http from an https origin") << "http://app.example.test/" << false;
        QTest::newRow("javascript") << "javascript://app.example.test/%0aalert(1)" << false;
        QTest::newRow("backslash") << "https://evil.test\\@app.example.test/" << false;
        QTest::newRow("newline") << "https://app.example.test/\r\nx" << false;
        QTest::newRow("protocol relative") << "//app.example.test/x" << false;
        QTest::newRow("other host") << "https://evil.test/" << false;
    }
    void allowedDomains()
    {
        QFETCH(QString, url);
        QFETCH(bool, kept);
        const QString base = QStringLiteral("https://auth.example.test");
        const QStringList domains{QStringLiteral(".example.test"), QStringLiteral("files.other.test")};
        const QString result = Redirect::allowed(url, base, domains);
        QCOMPARE(result == url, kept);
        if (!kept)
            QVERIFY2(result.startsWith(base), qPrintable(result));  // back to the origin, never elsewhere
    }
    void allowedWithoutDomainsIsSameOrigin()
    {
        const QString base = QStringLiteral("http://127.0.0.1:9300");
        for (const char *url : {"/x", "http://127.0.0.1:9300/a", "http://evil.example/", "//evil/x", "javascript:1"})
            QCOMPARE(Redirect::allowed(QString::fromLatin1(url), base, {}), Redirect::sameOrigin(QString::fromLatin1(url), base));
        QCOMPARE(Redirect::allowed(QStringLiteral("/x"), base, {QStringLiteral(".example.test")}), base + QStringLiteral("/x"));
    }

    void originOf()
    {
        QCOMPARE(Redirect::originOf(QUrl("https://user:pw@example.test:8443/a?b#c")), QStringLiteral("https://example.test:8443"));
        QCOMPARE(Redirect::originOf(QUrl("/relative")), QString());
        QCOMPARE(Redirect::originOf(QUrl("HTTP://Example.TEST/x")), QStringLiteral("http://example.test"));
        QCOMPARE(Redirect::originOf(QUrl("http://127.0.0.1:9300/auth/session")), QStringLiteral("http://127.0.0.1:9300"));
        QCOMPARE(Redirect::originOf(QUrl("http://[::1]:3000/a")), QStringLiteral("http://[::1]:3000"));
        QCOMPARE(Redirect::originOf(QUrl(QStringLiteral(u"https://bücher.example/a"))), QStringLiteral("https://xn--bcher-kva.example"));
        QCOMPARE(Redirect::originOf(QUrl("https://example.test:443/")), QStringLiteral("https://example.test:443"));
        QCOMPARE(Redirect::originOf(QUrl("myapp://callback/x")), QStringLiteral("myapp://callback"));
    }
};

QTEST_GUILESS_MAIN(TestRedirect)
#include "tst_redirect.moc"
