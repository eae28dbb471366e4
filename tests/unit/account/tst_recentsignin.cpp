// isRecentSignIn(): the re-authentication rule (lib/src/account/README.md).
#include "account/recentsignin.h"

#include <QTest>

using namespace Gatehouse::AccountDetail;

class TestRecentSignIn : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rule_data()
    {
        QTest::addColumn<qint64>("ageSeconds");   // now - signedInAt
        QTest::addColumn<qint64>("maxAge");
        QTest::addColumn<bool>("recent");
        QTest::newRow("just now") << qint64(0) << kDefaultReauthenticateAfter << true;
        QTest::newRow("9 minutes") << qint64(540) << kDefaultReauthenticateAfter << true;
        QTest::newRow("exactly 10 minutes") << qint64(600) << kDefaultReauthenticateAfter << true;
        QTest::newRow("10 minutes and a second") << qint64(601) << kDefaultReauthenticateAfter << false;
        QTest::newRow("a day") << qint64(86400) << kDefaultReauthenticateAfter << false;
        QTest::newRow("configured 1 hour") << qint64(3000) << qint64(3600) << true;
        QTest::newRow("a little in the future (clock skew)") << qint64(-30) << kDefaultReauthenticateAfter << true;
        QTest::newRow("far in the future") << qint64(-3600) << kDefaultReauthenticateAfter << false;
        QTest::newRow("no age allowed") << qint64(1) << qint64(0) << false;
    }

    void rule()
    {
        QFETCH(qint64, ageSeconds);
        QFETCH(qint64, maxAge);
        QFETCH(bool, recent);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QCOMPARE(isRecentSignIn(now.addSecs(-ageSeconds), now, maxAge), recent);
    }

    void unknownTimeIsNeverRecent()
    {
        QVERIFY(!isRecentSignIn(QDateTime(), QDateTime::currentDateTimeUtc()));
        QVERIFY(!isRecentSignIn(QDateTime::currentDateTimeUtc(), QDateTime()));
    }
};

QTEST_GUILESS_MAIN(TestRecentSignIn)
#include "tst_recentsignin.moc"
