#include "storage/ratelimitwindow.h"

#include <QTest>

using Gatehouse::RateLimitWindow;

class TestRateLimitWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void allowsTheLimitPerWindow()
    {
        RateLimitWindow window;
        const qint64 start = 1'700'000'000'000 - 1'700'000'000'000 % 60'000; // a window boundary
        for (int i = 0; i < 3; ++i)
            QVERIFY(window.hit(start + i, 60'000, 3));
        QVERIFY(!window.hit(start + 10, 60'000, 3));
        QCOMPARE(window.count, qint64(3)); // refused attempts are not counted
    }

    void previousWindowWeighsByOverlap_data()
    {
        QTest::addColumn<qint64>("intoNextWindow");
        QTest::addColumn<bool>("allowed");
        // 10 attempts in the previous window, limit 10: the estimate is 10 * (1 - elapsed share).
        QTest::newRow("at the boundary") << qint64(0) << false;
        QTest::newRow("5% in") << qint64(3'000) << false; // 9.5 + 1 > 10
        QTest::newRow("20% in") << qint64(12'000) << true; // 8 + 1 <= 10
        QTest::newRow("almost through") << qint64(59'999) << true;
    }

    void previousWindowWeighsByOverlap()
    {
        QFETCH(qint64, intoNextWindow);
        QFETCH(bool, allowed);
        RateLimitWindow window;
        const qint64 start = 1'700'000'040'000 - 1'700'000'040'000 % 60'000;
        for (int i = 0; i < 10; ++i)
            QVERIFY(window.hit(start + 100 + i, 60'000, 10));
        QCOMPARE(window.hit(start + 60'000 + intoNextWindow, 60'000, 10), allowed);
    }

    void allowedFromIsWhenHitAllowsAgain_data()
    {
        QTest::addColumn<int>("hits");          // at the start of a 60 s window, limit 5
        QTest::addColumn<qint64>("askedAt");    // ms after that start
        QTest::addColumn<qint64>("expected");   // ms after that start
        QTest::newRow("room left") << 3 << qint64(1'000) << qint64(1'000);
        // Full: the next window, once this one's 5 weigh 4 or less: 20% into it.
        QTest::newRow("full") << 5 << qint64(1'000) << qint64(72'000);
        QTest::newRow("full, asked in the next window") << 5 << qint64(61'000) << qint64(72'000);
        QTest::newRow("full, asked after that") << 5 << qint64(80'000) << qint64(80'000);
        QTest::newRow("long ago") << 5 << qint64(200'000) << qint64(200'000);
    }

    void allowedFromIsWhenHitAllowsAgain()
    {
        QFETCH(int, hits);
        QFETCH(qint64, askedAt);
        QFETCH(qint64, expected);
        const qint64 start = 1'700'000'040'000 - 1'700'000'040'000 % 60'000;
        RateLimitWindow window;
        for (int i = 0; i < hits; ++i)
            QVERIFY(window.hit(start, 60'000, 5));
        const qint64 from = window.allowedFrom(start + askedAt, 60'000, 5);
        QCOMPARE(from - start, expected);
        // What it promises holds: refused just before (when that is later than asked), allowed then.
        if (from > start + askedAt)
            QVERIFY(!RateLimitWindow(window).hit(from - 1, 60'000, 5));
        QVERIFY(RateLimitWindow(window).hit(from, 60'000, 5));
    }

    void oldWindowsAreForgotten()
    {
        RateLimitWindow window;
        const qint64 start = 1'700'000'040'000 - 1'700'000'040'000 % 60'000;
        for (int i = 0; i < 10; ++i)
            window.hit(start + i, 60'000, 10);
        QVERIFY(window.hit(start + 120'000, 60'000, 10));
        QCOMPARE(window.previousCount, qint64(0));
        QCOMPARE(window.count, qint64(1));
    }

    void refundTakesBackOneAttempt_data()
    {
        QTest::addColumn<int>("hits");
        QTest::addColumn<qint64>("refundAfter");   // ms after the hits' window began
        QTest::addColumn<qint64>("count");
        QTest::addColumn<qint64>("previousCount");
        // The hits are at the start of a 60 s window; the refund comes later.
        QTest::newRow("same window") << 3 << qint64(30'000) << qint64(2) << qint64(0);
        QTest::newRow("the window moved on") << 3 << qint64(70'000) << qint64(0) << qint64(2);
        QTest::newRow("two windows later: nothing left") << 3 << qint64(130'000) << qint64(0) << qint64(0);
        QTest::newRow("nothing counted") << 0 << qint64(30'000) << qint64(0) << qint64(0);
    }

    void refundTakesBackOneAttempt()
    {
        QFETCH(int, hits);
        QFETCH(qint64, refundAfter);
        QFETCH(qint64, count);
        QFETCH(qint64, previousCount);
        RateLimitWindow window;
        const qint64 start = 1'700'000'040'000 - 1'700'000'040'000 % 60'000;
        for (int i = 0; i < hits; ++i)
            QVERIFY(window.hit(start + i, 60'000, 3));
        window.refund(start + refundAfter, 60'000);
        QCOMPARE(window.count, count);
        QCOMPARE(window.previousCount, previousCount);
    }

    void refundedAttemptIsAllowedAgain()
    {
        RateLimitWindow window;
        const qint64 start = 1'700'000'040'000 - 1'700'000'040'000 % 60'000;
        for (int i = 0; i < 3; ++i)
            QVERIFY(window.hit(start + i, 60'000, 3));
        QVERIFY(!window.hit(start + 10, 60'000, 3));
        window.refund(start + 11, 60'000);
        QVERIFY(window.hit(start + 12, 60'000, 3));
        QVERIFY(!window.hit(start + 13, 60'000, 3));
    }
};

QTEST_GUILESS_MAIN(TestRateLimitWindow)
#include "tst_ratelimitwindow.moc"
