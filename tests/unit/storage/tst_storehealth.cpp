// StoreHealth: an outage is logged once when it starts, at most once a minute while it lasts and
// once when it ends; while it lasts one call at a time tries the store.
#include <gatehouse/storehealth.h>

#include <QTest>

using namespace Gatehouse;
using namespace std::chrono_literals;

namespace {

struct Line
{
    bool warning;
    QString text;
};

//! A StoreHealth on a clock the test moves, writing its lines to a list.
struct Harness
{
    StoreHealth::Clock::time_point time{std::chrono::hours(1)};
    QList<Line> lines;
    StoreHealth health{QStringLiteral("database postgresql://db/gatehouse"), [this] { return time; },
                       [this](bool warning, const QString &text) { lines.append({warning, text}); }};

    void wait(std::chrono::milliseconds step) { time += step; }
};

} // namespace

class TestStoreHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reachableSaysNothing()
    {
        Harness h;
        QVERIFY(h.health.isReachable());
        QVERIFY(h.health.admit());
        h.health.succeeded();
        h.health.succeeded();
        QVERIFY(h.lines.isEmpty());
        const StoreStatus status = h.health.status();
        QVERIFY(status.reachable);
        QVERIFY(!status.since.isValid());
        QCOMPARE(status.failedCalls, 0);
    }

    void anOutageIsOneWarningAndOneLineWhenBack()
    {
        Harness h;
        h.health.failed(QStringLiteral("cannot connect: Connection refused\n\tIs the server running?"));
        QCOMPARE(h.lines.size(), 1);
        QVERIFY(h.lines[0].warning);
        QCOMPARE(h.lines[0].text,
                 QStringLiteral("database postgresql://db/gatehouse is unreachable: cannot connect: Connection refused "
                                "Is the server running?. Requests that need it fail until it is back (a line will say "
                                "so; at most one a minute until then)"));
        StoreStatus status = h.health.status();
        QVERIFY(!status.reachable);
        QVERIFY(status.since.isValid());
        QCOMPARE(status.reason, QStringLiteral("cannot connect: Connection refused Is the server running?"));
        QCOMPARE(status.failedCalls, 1);

        // 626 failed requests in 13 s: no line more.
        for (int i = 0; i < 625; ++i) {
            h.wait(20ms);
            h.health.failed(QStringLiteral("cannot connect: Connection refused"));
        }
        QCOMPARE(h.lines.size(), 1);
        QCOMPARE(h.health.status().failedCalls, 626);

        h.wait(500ms);
        h.health.succeeded();
        QCOMPARE(h.lines.size(), 2);
        QVERIFY(!h.lines[1].warning);
        QCOMPARE(h.lines[1].text,
                 QStringLiteral("database postgresql://db/gatehouse is reachable again after 13 s down; 626 calls failed meanwhile"));
        status = h.health.status();
        QVERIFY(status.reachable);
        QVERIFY(status.reason.isEmpty());
        QCOMPARE(status.failedCalls, 0);
        h.health.succeeded();
        QCOMPARE(h.lines.size(), 2);
    }

    void aLongOutageIsSummedUpOnceAMinute()
    {
        Harness h;
        h.health.failed(QStringLiteral("refused"));
        // One failure a second for three and a half minutes: three summaries.
        for (int second = 1; second <= 210; ++second) {
            h.wait(1s);
            h.health.failed(second == 150 ? QStringLiteral("timeout expired") : QStringLiteral("refused"));
        }
        QCOMPARE(h.lines.size(), 4);
        QCOMPARE(h.lines[1].text, QStringLiteral("database postgresql://db/gatehouse is still unreachable after 60 s: "
                                                 "60 calls failed in the last 60 s (61 in all); latest error: refused"));
        QCOMPARE(h.lines[3].text, QStringLiteral("database postgresql://db/gatehouse is still unreachable after 180 s: "
                                                 "60 calls failed in the last 60 s (181 in all); latest error: refused"));
        for (const Line &line : h.lines)
            QVERIFY(line.warning);
        h.health.succeeded();
        QCOMPARE(h.lines.last().text,
                 QStringLiteral("database postgresql://db/gatehouse is reachable again after 210 s down; 211 calls failed meanwhile"));
    }

    void oneCallAtATimeProbesWhileDown()
    {
        Harness h;
        h.health.failed(QStringLiteral("timeout expired"));
        QVERIFY(h.health.admit());    // the probe
        QVERIFY(!h.health.admit());   // refused while it runs, and counted
        QVERIFY(!h.health.admit());
        QCOMPARE(h.health.status().failedCalls, 3);
        h.wait(2s);
        h.health.failed(QStringLiteral("timeout expired"));  // the probe failed
        QVERIFY(h.health.admit());    // the next one probes
        QVERIFY(!h.health.admit());
        // A probe that hangs does not keep everybody out for ever.
        h.wait(30s);
        QVERIFY(h.health.admit());
        h.health.succeeded();
        QVERIFY(h.health.admit());
        QVERIFY(h.health.admit());
        QCOMPARE(h.lines.size(), 2);
        QCOMPARE(h.lines[1].text,
                 QStringLiteral("database postgresql://db/gatehouse is reachable again after 32 s down; 5 calls failed meanwhile"));
    }

    void aCallLetInBeforeTheOutageDoesNotEndIt()
    {
        Harness h;
        const StoreHealth::Admission early = h.health.admit();  // on its way when the store goes
        QVERIFY(early);
        h.health.failed(QStringLiteral("refused"));
        h.health.succeeded(early);  // it was answered just before
        QVERIFY(!h.health.isReachable());
        QCOMPARE(h.lines.size(), 1);
        const StoreHealth::Admission probe = h.health.admit();
        QVERIFY(probe);
        h.health.succeeded(probe);
        QVERIFY(h.health.isReachable());
        QCOMPARE(h.lines.size(), 2);
    }

    void refusedCallsAlsoBringTheSummary()
    {
        Harness h;
        h.health.failed(QStringLiteral("timeout expired"));
        QVERIFY(h.health.admit());  // a probe that never comes back (a silent server)
        for (int i = 0; i < 29; ++i) {
            h.wait(1s);
            QVERIFY(!h.health.admit());
        }
        QCOMPARE(h.lines.size(), 1);
        h.wait(1s);
        QVERIFY(h.health.admit());  // the probe's 30 s are over: another one
        for (int i = 0; i < 30; ++i) {
            h.wait(1s);
            h.health.admit();
        }
        QCOMPARE(h.lines.size(), 2);
        QVERIFY(h.lines[1].text.startsWith(QStringLiteral("database postgresql://db/gatehouse is still unreachable after 60 s: ")));
    }

    void theDefaultLogIsTheStorageCategory()
    {
        StoreHealth health(QStringLiteral("database sqlite:///x.db"));
        QTest::ignoreMessage(QtWarningMsg, "database sqlite:///x.db is unreachable: gone. Requests that need it fail "
                                           "until it is back (a line will say so; at most one a minute until then)");
        health.failed(QStringLiteral("gone"));
        QTest::ignoreMessage(QtInfoMsg, QRegularExpression(QStringLiteral("^database sqlite:///x.db is reachable again after "
                                                                          "0.0 s down; 1 calls failed meanwhile$")));
        health.succeeded();
    }
};

QTEST_GUILESS_MAIN(TestStoreHealth)
#include "tst_storehealth.moc"
