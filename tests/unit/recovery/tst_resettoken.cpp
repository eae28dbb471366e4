// The rules of a password reset link's token: what is issued, which spellings are tokens at all,
// and when a stored link may set a password (expiry, the password it was issued for).
#include "recovery/resettoken.h"

#include <QSet>
#include <QTest>

using namespace Gatehouse;

class TestResetToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void issuedTokensAreRandomAndHashed()
    {
        QSet<QString> tokens;
        for (int i = 0; i < 50; ++i) {
            const ResetToken::Issued issued = ResetToken::issue();
            QCOMPARE(issued.token.size(), 43);
            QVERIFY(issued.hash != issued.token);
            QCOMPARE(ResetToken::hashOf(issued.token), std::optional<QString>(issued.hash));
            tokens.insert(issued.token);
        }
        QCOMPARE(tokens.size(), 50);
    }

    void malformedTokensAreRefused_data()
    {
        QTest::addColumn<QString>("token");
        const QString good = ResetToken::issue().token;
        QTest::newRow("empty") << QString();
        QTest::newRow("truncated") << good.left(42);
        QTest::newRow("one more") << good + u'A';
        QTest::newRow("padded") << good + u'=';
        QTest::newRow("plus and slash") << QString(good).replace(0, 2, QStringLiteral("+/"));
        QTest::newRow("space") << QString(good).replace(10, 1, QStringLiteral(" "));
        QTest::newRow("non-ASCII") << QString(good).replace(5, 1, QStringLiteral("é"));
        // The last character holds only 4 of its 6 bits: its other spellings are no token.
        QString noncanonical = good;
        noncanonical[42] = QLatin1Char('B');
        if (noncanonical == good)
            noncanonical[42] = QLatin1Char('C');
        QTest::newRow("non-canonical last character") << noncanonical;
    }

    void malformedTokensAreRefused()
    {
        QFETCH(QString, token);
        QCOMPARE(ResetToken::hashOf(token), std::nullopt);
    }

    void alteredTokenHasAnotherHash()
    {
        const ResetToken::Issued issued = ResetToken::issue();
        QString altered = issued.token;
        altered[3] = altered[3] == QLatin1Char('a') ? QLatin1Char('b') : QLatin1Char('a');
        const std::optional<QString> hash = ResetToken::hashOf(altered);
        QVERIFY(hash);
        QVERIFY(*hash != issued.hash);
    }

    void check_data()
    {
        QTest::addColumn<bool>("stored");
        QTest::addColumn<int>("secondsAfterIssue");
        QTest::addColumn<QString>("currentPassword");
        QTest::addColumn<int>("problem");
        const QString issuedFor = QStringLiteral("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
        QTest::newRow("valid") << true << 60 << issuedFor << int(ResetToken::Problem::None);
        QTest::newRow("last second") << true << 899 << issuedFor << int(ResetToken::Problem::None);
        QTest::newRow("expired at its time") << true << 900 << issuedFor << int(ResetToken::Problem::Expired);
        QTest::newRow("expired later") << true << 3600 << issuedFor << int(ResetToken::Problem::Expired);
        QTest::newRow("password changed since") << true << 60 << QStringLiteral("$argon2id$other") << int(ResetToken::Problem::PasswordChanged);
        QTest::newRow("no password any more") << true << 60 << QString() << int(ResetToken::Problem::PasswordChanged);
        QTest::newRow("not stored (used or voided)") << false << 60 << issuedFor << int(ResetToken::Problem::Unknown);
    }

    void check()
    {
        QFETCH(bool, stored);
        QFETCH(int, secondsAfterIssue);
        QFETCH(QString, currentPassword);
        QFETCH(int, problem);
        const QDateTime issuedAt(QDate(2026, 11, 28), QTime(12, 0), Qt::UTC);
        const QString issuedFor = QStringLiteral("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
        std::optional<PasswordResetRecord> record;
        if (stored)
            record = PasswordResetRecord{ResetToken::issue().hash, QStringLiteral("1"), ResetToken::passwordStamp(issuedFor),
                                         issuedAt.addSecs(900), issuedAt};
        const std::optional<QString> hash = currentPassword.isEmpty() ? std::nullopt : std::optional<QString>(currentPassword);
        QCOMPARE(int(ResetToken::check(record, issuedAt.addSecs(secondsAfterIssue), hash)), problem);
    }

    void stampIsNotThePasswordHash()
    {
        const QString hash = QStringLiteral("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
        const QString stamp = ResetToken::passwordStamp(hash);
        QCOMPARE(stamp.size(), 64);
        QVERIFY(!stamp.contains(QStringLiteral("argon2")));
        QCOMPARE(ResetToken::passwordStamp(hash), stamp);
    }
};

QTEST_GUILESS_MAIN(TestResetToken)
#include "tst_resettoken.moc"
