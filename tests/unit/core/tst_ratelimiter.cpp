#include "core/ratelimiter.h"

#include <QTest>

using namespace Gatehouse;

class TestRateLimiter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void limitsAfterFailures()
    {
        MemoryRateLimiter limiter;
        for (int i = 0; i < 4; ++i) {
            QVERIFY(!limiter.limitedNow("k", 5, 60));
            limiter.recordFailure("k", 60);
        }
        QVERIFY(!limiter.limitedNow("k", 5, 60));
        limiter.recordFailure("k", 60);
        QVERIFY(limiter.limitedNow("k", 5, 60));
        QVERIFY(!limiter.limitedNow("other", 5, 60));
        limiter.reset("k");
        QVERIFY(!limiter.limitedNow("k", 5, 60));
    }

    void attemptsAreCountedBeforeTheCheck()
    {
        MemoryRateLimiter limiter;
        for (int i = 0; i < 3; ++i)
            QVERIFY(limiter.tryAttempt("k", 3, 60).result());
        // The limit is reached by attempts alone; a refused attempt is not counted.
        QVERIFY(!limiter.tryAttempt("k", 3, 60).result());
        QVERIFY(limiter.limitedNow("k", 3, 60));
        QVERIFY(!limiter.limitedNow("k", 4, 60));
        QVERIFY(limiter.tryAttempt("other", 3, 60).result());
        limiter.reset("k");
        QVERIFY(limiter.tryAttempt("k", 3, 60).result());
    }

    void windowSlides()
    {
        MemoryRateLimiter limiter;
        limiter.recordFailure("k", 1);
        limiter.recordFailure("k", 1);
        QVERIFY(limiter.limitedNow("k", 2, 1));
        QTRY_VERIFY_WITH_TIMEOUT(!limiter.limitedNow("k", 2, 1), 3000);
    }

    void boundedInKeys()
    {
        MemoryRateLimiter limiter(100);
        for (int i = 0; i < 1000; ++i)
            limiter.recordFailure(QString::number(i), 600);
        // The newest keys are remembered; the table never grows past its bound.
        QVERIFY(limiter.limitedNow("999", 1, 600));
        int remembered = 0;
        for (int i = 0; i < 1000; ++i)
            remembered += limiter.limitedNow(QString::number(i), 1, 600) ? 1 : 0;
        QVERIFY2(remembered <= 100, qPrintable(QString::number(remembered)));
    }
};

QTEST_GUILESS_MAIN(TestRateLimiter)
#include "tst_ratelimiter.moc"
