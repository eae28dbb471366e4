#include "twofactor/recoverycodes.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Gatehouse;

class TestRecoveryCodes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generate();
    void normalise_data();
    void normalise();
    void hash();
};

void TestRecoveryCodes::generate()
{
    const QStringList codes = RecoveryCodes::generate();
    QCOMPARE(codes.size(), 10);
    const QRegularExpression format(QStringLiteral("^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$"));
    for (const QString &code : codes)
        QVERIFY2(format.match(code).hasMatch(), qPrintable(code));
    QCOMPARE(QSet<QString>(codes.cbegin(), codes.cend()).size(), codes.size());
    // 80 random bits each: a thousand sets never repeat a code.
    QSet<QString> seen;
    for (int i = 0; i < 1000; ++i) {
        for (const QString &code : RecoveryCodes::generate())
            seen.insert(code);
    }
    QCOMPARE(seen.size(), 10000);
}

void TestRecoveryCodes::normalise_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("normalised");
    QTest::newRow("as shown") << QStringLiteral("k7pq-2mxa-bcde-fghi") << QStringLiteral("K7PQ2MXABCDEFGHI");
    QTest::newRow("upper case, spaces") << QStringLiteral(" K7PQ 2MXA BCDE FGHI ") << QStringLiteral("K7PQ2MXABCDEFGHI");
    QTest::newRow("run together") << QStringLiteral("k7pq2mxabcdefghi") << QStringLiteral("K7PQ2MXABCDEFGHI");
    QTest::newRow("too short") << QStringLiteral("k7pq-2mxa-bcde-fgh") << QString();
    QTest::newRow("too long") << QStringLiteral("k7pq-2mxa-bcde-fghij") << QString();
    QTest::newRow("digit 0") << QStringLiteral("k7pq-2mxa-bcde-fgh0") << QString();
    QTest::newRow("digit 1") << QStringLiteral("k7pq-2mxa-bcde-fgh1") << QString();
    QTest::newRow("a TOTP code") << QStringLiteral("287082") << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestRecoveryCodes::normalise()
{
    QFETCH(QString, typed);
    QFETCH(QString, normalised);
    QCOMPARE(RecoveryCodes::normalise(typed), normalised);
}

void TestRecoveryCodes::hash()
{
    const QString code = RecoveryCodes::normalise(RecoveryCodes::generate(1).constFirst());
    const QString hash = RecoveryCodes::hash(QStringLiteral("7"), code);
    QCOMPARE(hash.size(), 64);
    QVERIFY(!hash.contains(code, Qt::CaseInsensitive));
    QCOMPARE(RecoveryCodes::hash(QStringLiteral("7"), code), hash);
    // Bound to the user: the same code of another user hashes differently.
    QVERIFY(RecoveryCodes::hash(QStringLiteral("8"), code) != hash);
    QVERIFY(RecoveryCodes::hash(QStringLiteral("7"), RecoveryCodes::normalise(RecoveryCodes::generate(1).constFirst()))
            != hash);
}

QTEST_APPLESS_MAIN(TestRecoveryCodes)
#include "tst_recoverycodes.moc"
