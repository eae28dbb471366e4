// The security notice mail: what happened as its subject, when, from where, with which browser,
// the account page as its first link, every value escaped in the HTML, in English and German.
#include "mail/mailtranslator.h"
#include "mail/noticemail.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Mail;

Q_DECLARE_METATYPE(Gatehouse::Mail::NoticeMailKind)

namespace {

SignInMailContent content(const QString &language = QStringLiteral("en"))
{
    SignInMailContent c;
    c.url = QStringLiteral("http://127.0.0.1:9300/auth/account");
    c.host = QStringLiteral("127.0.0.1:9300");
    c.origin = QStringLiteral("http://127.0.0.1:9300");
    c.language = language;
    return c;
}

NoticeMailFacts facts()
{
    NoticeMailFacts f;
    f.when = QDateTime(QDate(2026, 11, 28), QTime(22, 5, 40), Qt::UTC);
    f.clientAddress = QStringLiteral("198.51.100.7");
    f.device = QStringLiteral("Firefox on Linux");
    return f;
}

} // namespace

class TestNoticeMail : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void subjects_data()
    {
        QTest::addColumn<NoticeMailKind>("kind");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("german");
        QTest::newRow("new device") << NoticeMailKind::NewDevice << "A new sign-in to your account on 127.0.0.1:9300"
                                    << "Neue Anmeldung bei Ihrem Konto auf 127.0.0.1:9300";
        QTest::newRow("password changed") << NoticeMailKind::PasswordChanged << "Your password on 127.0.0.1:9300 was changed"
                                          << "Ihr Passwort auf 127.0.0.1:9300 wurde geändert";
        QTest::newRow("password reset") << NoticeMailKind::PasswordReset << "Your password on 127.0.0.1:9300 was reset"
                                        << "Ihr Passwort auf 127.0.0.1:9300 wurde zurückgesetzt";
        QTest::newRow("two-factor on") << NoticeMailKind::TwoFactorOn
                                       << "Two-factor sign-in was turned on for your account on 127.0.0.1:9300"
                                       << "Die Zwei-Faktor-Anmeldung für Ihr Konto auf 127.0.0.1:9300 wurde eingeschaltet";
        QTest::newRow("two-factor off") << NoticeMailKind::TwoFactorOff
                                        << "Two-factor sign-in was turned off for your account on 127.0.0.1:9300"
                                        << "Die Zwei-Faktor-Anmeldung für Ihr Konto auf 127.0.0.1:9300 wurde ausgeschaltet";
        QTest::newRow("recovery code") << NoticeMailKind::RecoveryCodeUsed << "A recovery code was used to sign in to 127.0.0.1:9300"
                                       << "Bei der Anmeldung auf 127.0.0.1:9300 wurde ein Wiederherstellungscode benutzt";
        QTest::newRow("linked") << NoticeMailKind::AccountLinked << "An account was linked to your account on 127.0.0.1:9300"
                                << "Ein Konto wurde mit Ihrem Konto auf 127.0.0.1:9300 verknüpft";
        QTest::newRow("unlinked") << NoticeMailKind::AccountUnlinked << "An account was unlinked from your account on 127.0.0.1:9300"
                                  << "Ein Konto wurde von Ihrem Konto auf 127.0.0.1:9300 getrennt";
        QTest::newRow("passkey") << NoticeMailKind::PasskeyAdded << "A passkey was added to your account on 127.0.0.1:9300"
                                 << "Ihrem Konto auf 127.0.0.1:9300 wurde ein Passkey hinzugefügt";
    }

    void subjects()
    {
        QFETCH(NoticeMailKind, kind);
        QFETCH(QString, english);
        QFETCH(QString, german);
        const MailTranslator translator;
        const RenderedMail mail = renderNoticeMail(kind, facts(), content(), translator);
        QCOMPARE(mail.subject, english);
        QVERIFY(mail.text.startsWith(english + QLatin1Char('\n') + content().url + QLatin1Char('\n')));
        QCOMPARE(renderNoticeMail(kind, facts(), content(QStringLiteral("de")), translator).subject, german);
    }

    void saysWhenWhereAndWhatToDo()
    {
        const MailTranslator translator;
        NoticeMailFacts f = facts();
        f.codesLeft = 9;
        const RenderedMail mail = renderNoticeMail(NoticeMailKind::RecoveryCodeUsed, f, content(), translator);
        for (const QString &line : {QStringLiteral("When: 2026-11-28 22:05 UTC"), QStringLiteral("From: 198.51.100.7"),
                                    QStringLiteral("Browser: Firefox on Linux"), QStringLiteral("Recovery codes left: 9"),
                                    QStringLiteral("If this was you, there is nothing to do. If it was not, open your "
                                                   "account, sign out everywhere and change your password.")}) {
            QVERIFY2(mail.text.contains(line), qPrintable(mail.text));
            QVERIFY2(mail.html.contains(line), qPrintable(line));
        }
        QVERIFY(mail.html.contains(QStringLiteral("href=\"http://127.0.0.1:9300/auth/account\"")));
        QVERIFY(mail.html.contains(QStringLiteral(">Review your account</a>")));
        // Facts that are not known are left out, not shown empty.
        const RenderedMail bare = renderNoticeMail(NoticeMailKind::PasswordChanged, {}, content(), translator);
        QVERIFY(!bare.text.contains(QStringLiteral("When:")));
        QVERIFY(!bare.text.contains(QStringLiteral("From:")));
        QVERIFY(!bare.text.contains(QStringLiteral("Recovery codes left")));
        const RenderedMail german = renderNoticeMail(NoticeMailKind::RecoveryCodeUsed, f, content(QStringLiteral("de")), translator);
        QVERIFY2(german.text.contains(QStringLiteral("Verbleibende Wiederherstellungscodes: 9")), qPrintable(german.text));
        QVERIFY(german.html.contains(QStringLiteral(">Konto ansehen</a>")));
    }

    void everyValueIsEscaped()
    {
        NoticeMailFacts f = facts();
        f.passkey = QStringLiteral("<img src=x onerror=alert(1)>");
        f.device = QStringLiteral("\"><script>alert(1)</script>");
        const RenderedMail mail = renderNoticeMail(NoticeMailKind::PasskeyAdded, f, content(), MailTranslator());
        QVERIFY(!mail.html.contains(QStringLiteral("<img src=x")));
        QVERIFY(!mail.html.contains(QStringLiteral("<script>")));
        QVERIFY(mail.html.contains(QStringLiteral("Passkey: &lt;img src=x onerror=alert(1)&gt;")));
        QVERIFY(mail.text.contains(QStringLiteral("Passkey: <img src=x onerror=alert(1)>")));
    }
};

QTEST_GUILESS_MAIN(TestNoticeMail)
#include "tst_noticemail.moc"
