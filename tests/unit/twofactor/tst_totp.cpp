#include "twofactor/base32.h"
#include "twofactor/totp.h"

#include "crypto/random.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTest>

using namespace Gatehouse;

class TestTotp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hotpRfc4226();
    void totpRfc6238_data();
    void totpRfc6238();
    void agreesWithOathtool();
    void window();
    void typedCodes_data();
    void typedCodes();
};

namespace {

const QByteArray rfcKey("12345678901234567890");

} // namespace

void TestTotp::hotpRfc4226()
{
    // RFC 4226 Appendix D: the key above, counters 0 to 9.
    const QStringList expected{QStringLiteral("755224"), QStringLiteral("287082"), QStringLiteral("359152"),
                               QStringLiteral("969429"), QStringLiteral("338314"), QStringLiteral("254676"),
                               QStringLiteral("287922"), QStringLiteral("162583"), QStringLiteral("399871"),
                               QStringLiteral("520489")};
    for (int counter = 0; counter < expected.size(); ++counter)
        QCOMPARE(Totp::hotp(rfcKey, quint64(counter)), expected.at(counter));
}

void TestTotp::totpRfc6238_data()
{
    QTest::addColumn<qint64>("time");
    QTest::addColumn<QString>("code");
    // RFC 6238 Appendix B, the SHA-1 rows (8 digits, 30-second steps).
    QTest::newRow("59") << qint64(59) << QStringLiteral("94287082");
    QTest::newRow("1111111109") << qint64(1111111109) << QStringLiteral("07081804");
    QTest::newRow("1111111111") << qint64(1111111111) << QStringLiteral("14050471");
    QTest::newRow("1234567890") << qint64(1234567890) << QStringLiteral("89005924");
    QTest::newRow("2000000000") << qint64(2000000000) << QStringLiteral("69279037");
    QTest::newRow("20000000000") << qint64(20000000000) << QStringLiteral("65353130");
}

void TestTotp::totpRfc6238()
{
    QFETCH(qint64, time);
    QFETCH(QString, code);
    QCOMPARE(Totp::code(rfcKey, time, 8), code);
    // The 6-digit code apps show is the last six digits.
    QCOMPARE(Totp::code(rfcKey, time), code.right(6));
}

void TestTotp::agreesWithOathtool()
{
    const QString oathtool = QStandardPaths::findExecutable(QStringLiteral("oathtool"));
    if (oathtool.isEmpty())
        QSKIP("oathtool is not installed (packaging/install-deps.sh installs it): the cross-check against an "
              "independent TOTP implementation did not run");
    QRandomGenerator random(20261126);
    for (int i = 0; i < 24; ++i) {
        const QByteArray secret = Crypto::randomBytes(i % 3 == 0 ? 10 : Totp::SecretSize);
        const qint64 time = qint64(random.bounded(4000000000.0));
        QProcess process;
        process.start(oathtool, {QStringLiteral("--totp"), QStringLiteral("--base32"),
                                 QStringLiteral("--now=@%1").arg(time), Base32::encode(secret)});
        QVERIFY(process.waitForFinished(10000));
        QCOMPARE(process.exitCode(), 0);
        const QString expected = QString::fromLatin1(process.readAllStandardOutput()).trimmed();
        QCOMPARE(Totp::code(secret, time), expected);
        // And the code is accepted at that time, in its own step.
        QCOMPARE(Totp::matchingStep(secret, expected, time), std::optional<qint64>(time / 30));
    }
}

void TestTotp::window()
{
    const qint64 now = 1700000015;  // 15 s into step 56666667
    const qint64 step = now / 30;
    const auto codeOfStep = [](qint64 s) { return Totp::hotp(rfcKey, quint64(s)); };
    QCOMPARE(Totp::matchingStep(rfcKey, codeOfStep(step), now), std::optional<qint64>(step));
    QCOMPARE(Totp::matchingStep(rfcKey, codeOfStep(step - 1), now), std::optional<qint64>(step - 1));
    QCOMPARE(Totp::matchingStep(rfcKey, codeOfStep(step + 1), now), std::optional<qint64>(step + 1));
    QCOMPARE(Totp::matchingStep(rfcKey, codeOfStep(step - 2), now), std::nullopt);
    QCOMPARE(Totp::matchingStep(rfcKey, codeOfStep(step + 2), now), std::nullopt);
    QCOMPARE(Totp::matchingStep("another key of twenty", codeOfStep(step), now), std::nullopt);
}

void TestTotp::typedCodes_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("accepted");
    const QString code = Totp::code(rfcKey, 59);  // "287082"
    QTest::newRow("as shown") << code << true;
    QTest::newRow("grouped") << code.left(3) + u' ' + code.mid(3) << true;
    QTest::newRow("surrounded by spaces") << QStringLiteral(" %1\t").arg(code) << true;
    QTest::newRow("eight digits") << Totp::code(rfcKey, 59, 8) << false;
    QTest::newRow("five digits") << code.left(5) << false;
    QTest::newRow("letter") << code.left(5) + u'a' << false;
    QTest::newRow("hyphen") << code.left(3) + u'-' + code.mid(3) << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("Arabic-Indic digits") << QStringLiteral("٢٨٧٠٨٢") << false;
}

void TestTotp::typedCodes()
{
    QFETCH(QString, typed);
    QFETCH(bool, accepted);
    QCOMPARE(Totp::matchingStep(rfcKey, typed, 59).has_value(), accepted);
}

QTEST_APPLESS_MAIN(TestTotp)
#include "tst_totp.moc"
