#include "crypto/compare.h"

#include <QTest>

using namespace Gatehouse::Crypto;

class TestCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void constantTimeEquals_data();
    void constantTimeEquals();
};

void TestCompare::constantTimeEquals_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("equal");

    QTest::newRow("both empty") << QByteArray() << QByteArray("") << true;
    QTest::newRow("same") << QByteArray("token|abc") << QByteArray("token|abc") << true;
    QTest::newRow("same with NUL") << QByteArray("a\0b", 3) << QByteArray("a\0b", 3) << true;
    QTest::newRow("first byte differs") << QByteArray("xbcdef") << QByteArray("abcdef") << false;
    QTest::newRow("last byte differs") << QByteArray("abcdex") << QByteArray("abcdef") << false;
    QTest::newRow("differs after NUL") << QByteArray("a\0b", 3) << QByteArray("a\0c", 3) << false;
    QTest::newRow("prefix") << QByteArray("abc") << QByteArray("abcdef") << false;
    QTest::newRow("empty vs byte") << QByteArray() << QByteArray("a") << false;
    QTest::newRow("case") << QByteArray("ABC") << QByteArray("abc") << false;
}

void TestCompare::constantTimeEquals()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, equal);
    QCOMPARE(Gatehouse::Crypto::constantTimeEquals(a, b), equal);
    QCOMPARE(Gatehouse::Crypto::constantTimeEquals(b, a), equal);
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
