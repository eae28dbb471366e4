#include "metrics/expositionwriter.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace Gatehouse::Metrics;

class TestExpositionWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void helpAndTypeLines()
    {
        ExpositionWriter w;
        w.family("gatehouse_x_total", "Line one\nwith a \\ backslash", "counter");
        QCOMPARE(w.text(), QByteArray("# HELP gatehouse_x_total Line one\\nwith a \\\\ backslash\n"
                                      "# TYPE gatehouse_x_total counter\n"));
    }

    void labelValuesAreEscaped()
    {
        ExpositionWriter w;
        w.sample("m", {"a", "b"}, {"say \"hi\"", "back\\slash\nnew"}, std::uint64_t(3));
        QCOMPARE(w.text(), QByteArray("m{a=\"say \\\"hi\\\"\",b=\"back\\\\slash\\nnew\"} 3\n"));
    }

    void sampleWithoutLabels()
    {
        ExpositionWriter w;
        w.sample("m", {}, {}, std::int64_t(-2));
        QCOMPARE(w.text(), QByteArray("m -2\n"));
    }

    void numbers_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("integer") << 42.0 << QByteArray("42");
        QTest::newRow("fraction") << 0.0005 << QByteArray("0.0005");
        QTest::newRow("shortest round trip") << 0.1 << QByteArray("0.1");
        QTest::newRow("timestamp") << 1795674690.25 << QByteArray("1795674690.25");
        QTest::newRow("small") << 9.3355e-05 << QByteArray("9.3355e-05");
        QTest::newRow("large") << 1e21 << QByteArray("1e+21");
        QTest::newRow("+Inf") << std::numeric_limits<double>::infinity() << QByteArray("+Inf");
        QTest::newRow("-Inf") << -std::numeric_limits<double>::infinity() << QByteArray("-Inf");
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << QByteArray("NaN");
    }
    void numbers()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, text);
        QCOMPARE(ExpositionWriter::number(value), text);
        if (std::isfinite(value))
            QCOMPARE(text.toDouble(), value);
    }
};

QTEST_GUILESS_MAIN(TestExpositionWriter)
#include "tst_expositionwriter.moc"
