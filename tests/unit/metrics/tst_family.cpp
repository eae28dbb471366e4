#include "metrics/family.h"
#include "metrics/registry.h"

#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

using namespace Gatehouse::Metrics;

namespace {
QByteArray collected(const Collectable &family)
{
    ExpositionWriter w;
    family.collect(w);
    return w.text();
}
} // namespace

class TestFamily : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void counterChildrenPerLabelSet()
    {
        Family<Counter> requests("gatehouse_http_requests_total", "Requests.", {"action", "status"});
        requests.with({"session", "200"}).increment();
        requests.with({"session", "200"}).increment();
        requests.with({"signin", "302"}).increment(5);
        QCOMPARE(&requests.with({"session", "200"}), &requests.with({"session", "200"}));
        QCOMPARE(collected(requests),
                 QByteArray("# HELP gatehouse_http_requests_total Requests.\n"
                            "# TYPE gatehouse_http_requests_total counter\n"
                            "gatehouse_http_requests_total{action=\"session\",status=\"200\"} 2\n"
                            "gatehouse_http_requests_total{action=\"signin\",status=\"302\"} 5\n"));
    }

    void emptyFamilyHasOnlyItsHeader()
    {
        Family<Counter> failures("gatehouse_signin_failures_total", "Failures.", {"provider", "reason"});
        QCOMPARE(collected(failures), QByteArray("# HELP gatehouse_signin_failures_total Failures.\n"
                                                 "# TYPE gatehouse_signin_failures_total counter\n"));
    }

    void gaugeGoesUpAndDown()
    {
        Family<Gauge> open("gatehouse_http_open_connections", "Open.", {});
        open.with({}).add(3);
        open.with({}).add(-1);
        QVERIFY(collected(open).endsWith("\ngatehouse_http_open_connections 2\n"));
    }

    void histogramBucketsAreCumulative()
    {
        Family<Histogram> duration("d_seconds", "Durations.", {"action"}, {{0.25, 1}});
        Histogram &h = duration.with({"session"});
        h.observe(0.125);
        h.observe(0.25);  // le is inclusive
        h.observe(0.5);
        h.observe(7);
        QCOMPARE(collected(duration),
                 QByteArray("# HELP d_seconds Durations.\n"
                            "# TYPE d_seconds histogram\n"
                            "d_seconds_bucket{action=\"session\",le=\"0.25\"} 2\n"
                            "d_seconds_bucket{action=\"session\",le=\"1\"} 3\n"
                            "d_seconds_bucket{action=\"session\",le=\"+Inf\"} 4\n"
                            "d_seconds_sum{action=\"session\"} 7.875\n"
                            "d_seconds_count{action=\"session\"} 4\n"));
    }

    void concurrentCountingLosesNothing()
    {
        Family<Counter> counter("c_total", "C.", {"thread"});
        Family<Histogram> histogram("h_seconds", "H.", {}, {{1}});
        constexpr int kThreads = 4;
        constexpr int kEach = 20000;
        std::vector<std::unique_ptr<QThread>> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back(QThread::create([&counter, &histogram, t] {
                // Two label sets per thread, created concurrently by the threads' first increments.
                const QByteArray mine = QByteArray::number(t % 2);
                for (int i = 0; i < kEach; ++i) {
                    counter.with({mine}).increment();
                    histogram.with({}).observe(0.5);
                }
            }));
            threads.back()->start();
        }
        for (auto &thread : threads)
            QVERIFY(thread->wait(30000));
        QCOMPARE(counter.with({"0"}).value() + counter.with({"1"}).value(), std::uint64_t(kThreads * kEach));
        const Histogram::Snapshot s = histogram.with({}).snapshot();
        QCOMPARE(s.cumulative.back(), std::uint64_t(kThreads * kEach));
        QCOMPARE(s.sum, 0.5 * kThreads * kEach);
    }

    void registryConcatenatesInOrder()
    {
        Family<Counter> a("a_total", "A.", {});
        Family<Gauge> b("b", "B.", {});
        a.with({}).increment();
        Registry registry;
        registry.add(&a);
        registry.add([](ExpositionWriter &w) {
            w.family("c", "C.", "gauge");
            w.sample("c", {}, {}, std::int64_t(1));
        });
        registry.add(&b);
        QCOMPARE(registry.exposition(), QByteArray("# HELP a_total A.\n# TYPE a_total counter\na_total 1\n"
                                                   "# HELP c C.\n# TYPE c gauge\nc 1\n"
                                                   "# HELP b B.\n# TYPE b gauge\n"));
    }
};

QTEST_GUILESS_MAIN(TestFamily)
#include "tst_family.moc"
