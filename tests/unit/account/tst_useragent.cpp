// summarizeUserAgent(): what the account page says of a session's browser and system.
#include "account/useragent.h"

#include <QTest>

using namespace Gatehouse::AccountDetail;

class TestUserAgent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summary_data()
    {
        QTest::addColumn<QString>("userAgent");
        QTest::addColumn<QString>("browser");
        QTest::addColumn<QString>("system");
        QTest::newRow("Firefox on Linux") << "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
                                          << "Firefox" << "Linux";
        QTest::newRow("Chrome on Windows") << "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
                                           << "Chrome" << "Windows";
        QTest::newRow("Edge, which also says Chrome") << "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0"
                                                      << "Edge" << "Windows";
        QTest::newRow("Safari on iPhone") << "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
                                          << "Safari" << "iOS";
        QTest::newRow("Safari on a Mac") << "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
                                         << "Safari" << "macOS";
        QTest::newRow("Chrome on Android, not Linux") << "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
                                                      << "Chrome" << "Android";
        QTest::newRow("curl") << "curl/8.5.0" << "curl" << "";
        QTest::newRow("unknown Mozilla") << "Mozilla/5.0" << "" << "";
        QTest::newRow("none") << "" << "" << "";
        QTest::newRow("markup is only text") << "<script>alert(1)</script>" << "" << "";
    }

    void summary()
    {
        QFETCH(QString, userAgent);
        QFETCH(QString, browser);
        QFETCH(QString, system);
        const UserAgentSummary summary = summarizeUserAgent(userAgent);
        QCOMPARE(summary.browser, browser);
        QCOMPARE(summary.operatingSystem, system);
    }
};

QTEST_GUILESS_MAIN(TestUserAgent)
#include "tst_useragent.moc"
