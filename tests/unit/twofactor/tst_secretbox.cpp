#include "twofactor/secretbox.h"

#include <QTest>

using namespace Gatehouse;

class TestSecretBox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sealsAndOpens();
    void otherUser();
    void rotation();
    void tampered();
};

namespace {

const QString oldSecret = QStringLiteral("an old secret of at least thirty-two characters");
const QString newSecret = QStringLiteral("a new secret, also of at least thirty-two characters");
const QByteArray totpSecret("12345678901234567890");

} // namespace

void TestSecretBox::sealsAndOpens()
{
    const Totp::SecretBox box({newSecret});
    const QString sealed = box.seal(QStringLiteral("7"), totpSecret);
    QCOMPARE(sealed.count(u'.'), 4);  // a JWE in compact form
    QVERIFY(!sealed.contains(QStringLiteral("GEZDGNBV")));
    const auto opened = box.open(QStringLiteral("7"), sealed);
    QVERIFY(opened);
    QCOMPARE(opened->secret, totpSecret);
    QVERIFY(opened->current);
    // Each seal is new (random IV).
    QVERIFY(box.seal(QStringLiteral("7"), totpSecret) != sealed);
}

void TestSecretBox::otherUser()
{
    const Totp::SecretBox box({newSecret});
    QCOMPARE(box.open(QStringLiteral("8"), box.seal(QStringLiteral("7"), totpSecret)).has_value(), false);
}

void TestSecretBox::rotation()
{
    const QString sealedOld = Totp::SecretBox({oldSecret}).seal(QStringLiteral("7"), totpSecret);
    // AUTH_SECRET is new, AUTH_SECRET_1 the old one: the old seal opens, and asks to be renewed.
    const Totp::SecretBox rotated({newSecret, oldSecret});
    const auto opened = rotated.open(QStringLiteral("7"), sealedOld);
    QVERIFY(opened);
    QCOMPARE(opened->secret, totpSecret);
    QVERIFY(!opened->current);
    const QString resealed = rotated.seal(QStringLiteral("7"), opened->secret);
    QVERIFY(rotated.open(QStringLiteral("7"), resealed)->current);
    // Once the old secret is retired, only what was sealed anew opens.
    const Totp::SecretBox retired({newSecret});
    QCOMPARE(retired.open(QStringLiteral("7"), sealedOld).has_value(), false);
    QCOMPARE(retired.open(QStringLiteral("7"), resealed)->secret, totpSecret);
}

void TestSecretBox::tampered()
{
    const Totp::SecretBox box({newSecret});
    QString sealed = box.seal(QStringLiteral("7"), totpSecret);
    const qsizetype at = sealed.lastIndexOf(u'.') - 3;
    sealed[at] = sealed[at] == u'A' ? u'B' : u'A';
    QCOMPARE(box.open(QStringLiteral("7"), sealed).has_value(), false);
    QCOMPARE(box.open(QStringLiteral("7"), QStringLiteral("not a token")).has_value(), false);
}

QTEST_APPLESS_MAIN(TestSecretBox)
#include "tst_secretbox.moc"
