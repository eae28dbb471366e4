#include "crypto/password.h"

#include <QRegularExpression>
#include <QTest>

using namespace Gatehouse::Crypto;

namespace {
// Cheap parameters so the suite stays fast; the defaults are checked once, in defaultParameters().
const PasswordHashParameters cheap{64, 1, 1};
}

class TestPasswordHash : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultParameters();
    void roundTrip_data();
    void roundTrip();
    void saltsDiffer();
    void wrongPasswordIsRejected();
    void malformedHashesAreRejected_data();
    void malformedHashesAreRejected();
    void verifiesHashesFromOtherImplementations_data();
    void verifiesHashesFromOtherImplementations();
    void burnVerification();
};

void TestPasswordHash::defaultParameters()
{
    const QString encoded = hashPassword("alice-password");
    const QRegularExpression shape(QStringLiteral(
        R"(^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$)"));
    QVERIFY2(shape.match(encoded).hasMatch(), qPrintable(encoded));
    QVERIFY(verifyPassword("alice-password", encoded));
}

void TestPasswordHash::roundTrip_data()
{
    QTest::addColumn<QByteArray>("password");
    QTest::newRow("ascii") << QByteArray("correct horse battery staple");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("utf-8") << QStringLiteral("pässwörd-\u263A").toUtf8();
    QTest::newRow("embedded NUL") << QByteArray("a\0b", 3);
    QTest::newRow("long") << QByteArray(4096, 'x');
}

void TestPasswordHash::roundTrip()
{
    QFETCH(QByteArray, password);
    const QString encoded = hashPassword(password, cheap);
    QVERIFY2(encoded.startsWith(QLatin1String("$argon2id$v=19$m=64,t=1,p=1$")), qPrintable(encoded));
    QVERIFY(verifyPassword(password, encoded));
}

void TestPasswordHash::saltsDiffer()
{
    QVERIFY(hashPassword("same", cheap) != hashPassword("same", cheap));
}

void TestPasswordHash::wrongPasswordIsRejected()
{
    const QString encoded = hashPassword("alice-password", cheap);
    QVERIFY(!verifyPassword("alice-passwore", encoded));
    QVERIFY(!verifyPassword("alice-password ", encoded));
    QVERIFY(!verifyPassword("", encoded));
    QVERIFY(!verifyPassword(QByteArray("a\0c", 3), hashPassword(QByteArray("a\0b", 3), cheap)));
}

void TestPasswordHash::malformedHashesAreRejected_data()
{
    QTest::addColumn<QString>("encoded");
    const QString good = hashPassword("pw", cheap);
    QTest::newRow("empty") << QString();
    QTest::newRow("plain text") << QStringLiteral("pw");
    QTest::newRow("argon2i") << QString(good).replace(QLatin1String("$argon2id$"), QLatin1String("$argon2i$"));
    QTest::newRow("truncated") << good.chopped(5);
    QTest::newRow("no hash") << good.left(good.lastIndexOf(QLatin1Char('$')));
    QTest::newRow("bcrypt") << QStringLiteral("$2b$10$abcdefghijklmnopqrstuuFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAK");
    QTest::newRow("garbage params") << QStringLiteral("$argon2id$v=19$m=x,t=y,p=z$AAAA$AAAA");
}

void TestPasswordHash::malformedHashesAreRejected()
{
    QFETCH(QString, encoded);
    QVERIFY(!verifyPassword("pw", encoded));
}

void TestPasswordHash::verifiesHashesFromOtherImplementations_data()
{
    QTest::addColumn<QByteArray>("password");
    QTest::addColumn<QString>("encoded");
    // Made by the reference argon2 command-line tool, e.g.
    // echo -n password | argon2 somesaltsomesalt -id -t 1 -k 64 -p 1 -l 32 -e
    QTest::newRow("m=64,t=1") << QByteArray("password")
        << QStringLiteral("$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$"
                          "55PWTvddWPUD1GMbKxSff4ASfF85k9ibHJt4HlHQtBM");
    QTest::newRow("owasp defaults, utf-8") << QStringLiteral("p\u00e4ssw\u00f6rd").toUtf8()
        << QStringLiteral("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$"
                          "PvSgfyNF2PJwvvyQHhu1Fj1+Y7CWmbCbYhGgqHta9To");
}

void TestPasswordHash::verifiesHashesFromOtherImplementations()
{
    QFETCH(QByteArray, password);
    QFETCH(QString, encoded);
    QVERIFY(verifyPassword(password, encoded));
    QVERIFY(!verifyPassword(password + 'x', encoded));
}

void TestPasswordHash::burnVerification()
{
    // Its built-in hash is well-formed: burning the time of a verification never throws.
    QVERIFY_THROWS_NO_EXCEPTION(burnPasswordVerification("anything"));
    QVERIFY_THROWS_NO_EXCEPTION(burnPasswordVerification(""));
}

QTEST_GUILESS_MAIN(TestPasswordHash)
#include "tst_passwordhash.moc"
