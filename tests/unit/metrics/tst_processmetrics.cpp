#include "metrics/expositionwriter.h"
#include "metrics/processmetrics.h"

#include <QDateTime>
#include <QFile>
#include <QTest>

using namespace Gatehouse::Metrics;

class TestProcessMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesStatWithAwkwardCommand()
    {
        // A command name with spaces and parentheses; utime 250, stime 150, starttime 1000 ticks,
        // vsize 123456789 bytes, rss 2048 pages.
        const QByteArray stat = "4242 (gate (house) x) S 1 4242 4242 0 -1 4194560 500 0 0 0 250 150 0 0 20 0 3 0 "
                                "1000 123456789 2048 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        const std::optional<ProcessSample> s = parseProcStat(stat, 100, 4096, 1700000000);
        QVERIFY(s);
        QCOMPARE(s->cpuSeconds, 4.0);
        QCOMPARE(s->startTimeSeconds, 1700000010.0);
        QCOMPARE(s->virtualBytes, 123456789.0);
        QCOMPARE(s->residentBytes, 2048.0 * 4096);
    }

    void refusesMalformedStat()
    {
        QVERIFY(!parseProcStat("garbage", 100, 4096, 0));
        QVERIFY(!parseProcStat("1 (x) S 1 2", 100, 4096, 0));
    }

    void samplesThisProcess()
    {
        const std::optional<ProcessSample> s = sampleProcess();
        QVERIFY(s);
        QVERIFY(s->residentBytes > 1024 * 1024);
        QVERIFY(s->openFds >= 3);  // at least stdin, stdout, stderr
        QVERIFY(s->maxFds >= s->openFds);
        const double now = double(QDateTime::currentSecsSinceEpoch());
        QVERIFY2(s->startTimeSeconds <= now + 1 && s->startTimeSeconds > now - 600,
                 qPrintable(QString::number(s->startTimeSeconds, 'f', 0)));
        QFile file(QStringLiteral("/proc/self/stat"));  // one more descriptor while open
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(sampleProcess()->openFds >= s->openFds + 1);
    }

    void writesTheStandardFamilies()
    {
        ProcessSample s;
        s.cpuSeconds = 1.5;
        s.residentBytes = 1024;
        s.openFds = 7;
        s.maxFds = 1024;
        s.startTimeSeconds = 1700000000;
        ExpositionWriter w;
        writeProcessMetrics(w, s);
        const QByteArray text = w.text();
        QVERIFY(text.contains("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total 1.5\n"));
        QVERIFY(text.contains("\nprocess_resident_memory_bytes 1024\n"));
        QVERIFY(text.contains("\nprocess_open_fds 7\n"));
        QVERIFY(text.contains("\nprocess_max_fds 1024\n"));
        QVERIFY(text.contains("\nprocess_start_time_seconds 1700000000\n"));
    }
};

QTEST_GUILESS_MAIN(TestProcessMetrics)
#include "tst_processmetrics.moc"
