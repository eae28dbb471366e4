#include "core/timeformat.h"

#include <QTest>

using namespace Gatehouse;

class TestTimeFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void httpDateFormat_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("rfc example") << qint64(784111777) << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT");
        QTest::newRow("epoch") << qint64(0) << QByteArray("Thu, 01 Jan 1970 00:00:00 GMT");
        QTest::newRow("leap day") << qint64(1709210096) << QByteArray("Thu, 29 Feb 2024 12:34:56 GMT");
        QTest::newRow("year 2000") << qint64(946684800) << QByteArray("Sat, 01 Jan 2000 00:00:00 GMT");
        QTest::newRow("end of 2099") << qint64(4102444799) << QByteArray("Thu, 31 Dec 2099 23:59:59 GMT");
        QTest::newRow("end of 9999") << qint64(253402300799) << QByteArray("Fri, 31 Dec 9999 23:59:59 GMT");
        QTest::newRow("year 10000") << qint64(253402300800) << QByteArray("Sat, 01 Jan 10000 00:00:00 GMT");
    }

    void httpDateFormat()
    {
        QFETCH(qint64, seconds);
        QFETCH(QByteArray, expected);
        QCOMPARE(httpDate(seconds), expected);
    }

    void isoTimestampAsToISOString_data()
    {
        QTest::addColumn<qint64>("msecs");
        QTest::addColumn<QString>("expected");
        // Expected texts are new Date(msecs).toISOString().
        QTest::newRow("epoch") << qint64(0) << QStringLiteral("1970-01-01T00:00:00.000Z");
        QTest::newRow("milliseconds") << qint64(1795451105123) << QStringLiteral("2026-11-23T16:25:05.123Z");
        QTest::newRow("leap day") << qint64(1709210096007) << QStringLiteral("2024-02-29T12:34:56.007Z");
        QTest::newRow("before 1970") << qint64(-1) << QStringLiteral("1969-12-31T23:59:59.999Z");
        QTest::newRow("year 9999") << qint64(253402300799999) << QStringLiteral("9999-12-31T23:59:59.999Z");
    }

    void isoTimestampAsToISOString()
    {
        QFETCH(qint64, msecs);
        QFETCH(QString, expected);
        QCOMPARE(isoTimestamp(QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC)), expected);
        // The same instant in another zone prints the same UTC text.
        QCOMPARE(isoTimestamp(QDateTime::fromMSecsSinceEpoch(msecs, Qt::OffsetFromUTC, 3600 * 5 + 1800)), expected);
    }

    void isoTimestampMatchesQt()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QCOMPARE(isoTimestamp(now), now.toString(Qt::ISODateWithMs));
    }
};

QTEST_GUILESS_MAIN(TestTimeFormat)
#include "tst_timeformat.moc"
