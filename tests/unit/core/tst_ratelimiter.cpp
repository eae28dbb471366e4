#include "core/ratelimiter.h"

#include <QSemaphore>
#include <QTest>
#include <QThreadPool>

#include <atomic>

using namespace Gatehouse;

class TestRateLimiter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void attemptsAreCountedBeforeTheCheck()
    {
        MemoryRateLimiter limiter;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(!limiter.limitedNow("k", 3, 60));
            QVERIFY(limiter.tryAttempt("k", 3, 60).result());
        }
        // The limit is reached by attempts alone; a refused attempt is not counted.
        QVERIFY(!limiter.tryAttempt("k", 3, 60).result());
        QVERIFY(limiter.limitedNow("k", 3, 60));
        QVERIFY(!limiter.limitedNow("k", 4, 60));
        QVERIFY(limiter.tryAttempt("other", 3, 60).result());
        limiter.reset("k");
        QVERIFY(limiter.tryAttempt("k", 3, 60).result());
    }

    void concurrentAttemptsStayWithinTheLimit()
    {
        // 40 threads released together, each taking one attempt: exactly the limit get through.
        MemoryRateLimiter limiter;
        QThreadPool pool;
        pool.setMaxThreadCount(40);
        QSemaphore ready;
        QSemaphore go;
        std::atomic<int> allowed{0};
        for (int i = 0; i < 40; ++i) {
            pool.start([&] {
                ready.release();
                go.acquire();
                if (limiter.tryAttempt("k", 5, 60).result())
                    ++allowed;
            });
        }
        ready.acquire(40);
        go.release(40);
        QVERIFY(pool.waitForDone(10000));
        QCOMPARE(allowed.load(), 5);
    }

    void refundGivesOneAttemptBack()
    {
        MemoryRateLimiter limiter;
        for (int i = 0; i < 3; ++i)
            QVERIFY(limiter.tryAttempt("k", 3, 60).result());
        limiter.refund("k", 60);
        QVERIFY(limiter.tryAttempt("k", 3, 60).result());
        QVERIFY(!limiter.tryAttempt("k", 3, 60).result());
        // Refunds of nothing counted leave nothing below zero.
        limiter.refund("never", 60);
        for (int i = 0; i < 5; ++i)
            limiter.refund("k", 60);
        QVERIFY(!limiter.limitedNow("k", 1, 60));
        for (int i = 0; i < 3; ++i)
            QVERIFY(limiter.tryAttempt("k", 3, 60).result());
        QVERIFY(!limiter.tryAttempt("k", 3, 60).result());
    }

    void severalLimitsAllOrNone_data()
    {
        QTest::addColumn<int>("addressUsed");     // attempts counted on the address before
        QTest::addColumn<int>("identifierUsed");  // and on the identifier
        QTest::addColumn<QString>("refusedBy");
        QTest::addColumn<int>("addressAfter");
        QTest::addColumn<int>("identifierAfter");
        // Limits: address 4, identifier 2.
        QTest::newRow("both allow") << 0 << 0 << QString() << 1 << 1;
        QTest::newRow("the first refuses") << 4 << 0 << QStringLiteral("ip") << 4 << 0;
        QTest::newRow("the second refuses: the first is given back") << 1 << 2 << QStringLiteral("id") << 1 << 2;
    }

    void severalLimitsAllOrNone()
    {
        QFETCH(int, addressUsed);
        QFETCH(int, identifierUsed);
        QFETCH(QString, refusedBy);
        QFETCH(int, addressAfter);
        QFETCH(int, identifierAfter);
        MemoryRateLimiter limiter;
        for (int i = 0; i < addressUsed; ++i)
            QVERIFY(limiter.tryAttempt("ip", 4, 60).result());
        for (int i = 0; i < identifierUsed; ++i)
            QVERIFY(limiter.tryAttempt("id", 2, 60).result());
        QCOMPARE(limiter.tryAttempts({{"ip", 4}, {QString(), 1}, {"id", 2}}, 60).result(), refusedBy);
        const auto counted = [&](const char *key, int limit) {
            int n = 0;   // limited at n means n attempts or more are counted
            for (int at = 1; at <= limit; ++at)
                n += limiter.limitedNow(key, at, 60) ? 1 : 0;
            return n;
        };
        QCOMPARE(counted("ip", 4), addressAfter);
        QCOMPARE(counted("id", 2), identifierAfter);
    }

    void windowSlides()
    {
        MemoryRateLimiter limiter;
        QVERIFY(limiter.tryAttempt("k", 2, 1).result());
        QVERIFY(limiter.tryAttempt("k", 2, 1).result());
        QVERIFY(limiter.limitedNow("k", 2, 1));
        QTRY_VERIFY_WITH_TIMEOUT(!limiter.limitedNow("k", 2, 1), 3000);
        QVERIFY(limiter.tryAttempt("k", 2, 1).result());
    }

    void boundedInKeys()
    {
        MemoryRateLimiter limiter(100);
        for (int i = 0; i < 1000; ++i)
            limiter.tryAttempt(QString::number(i), 5, 600);
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
