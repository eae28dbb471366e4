#include "core/decimal.h"

#include <QTest>

#include <limits>

using namespace Gatehouse;

class TestDecimal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesAsQByteArrayNumber_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::newRow("zero") << qint64(0);
        QTest::newRow("one digit") << qint64(7);
        QTest::newRow("status") << qint64(200);
        QTest::newRow("a session's exp") << qint64(1798373536);
        QTest::newRow("minus one") << qint64(-1);
        QTest::newRow("a negative time") << qint64(-86400);
        QTest::newRow("largest") << std::numeric_limits<qint64>::max();
        QTest::newRow("smallest") << std::numeric_limits<qint64>::min();
    }

    void writesAsQByteArrayNumber()
    {
        QFETCH(qint64, value);
        QByteArray out("n=");
        appendDecimal(out, value);
        QCOMPARE(out, "n=" + QByteArray::number(value));
    }
};

QTEST_APPLESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
