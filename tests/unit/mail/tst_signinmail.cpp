// The sign-in mail: Auth.js's subject and text, the themed HTML with every value escaped,
// and the translations.
#include "mail/mailtranslator.h"
#include "mail/signinmail.h"

#include <QTest>

using namespace Gatehouse;
using namespace Gatehouse::Mail;

namespace {

SignInMailContent content()
{
    SignInMailContent c;
    c.url = QStringLiteral("http://127.0.0.1:9300/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300&token=abc&email=alice%40example.test");
    c.host = QStringLiteral("127.0.0.1:9300");
    c.origin = QStringLiteral("http://127.0.0.1:9300");
    return c;
}

} // namespace

class TestSignInMail : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void english()
    {
        const MailTranslator translator;
        const RenderedMail mail = renderSignInMail(content(), translator);
        QCOMPARE(mail.subject, QStringLiteral("Sign in to 127.0.0.1:9300"));
        QCOMPARE(mail.text, QStringLiteral("Sign in to 127.0.0.1:9300\n") + content().url + QStringLiteral("\n\n"));
        QVERIFY(mail.html.startsWith(QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">")));
        QVERIFY(mail.html.contains(QStringLiteral("<title>Sign in to 127.0.0.1:9300</title>")));
        QVERIFY(mail.html.contains(QStringLiteral("Sign in to <strong>127&#8203;.0&#8203;.0&#8203;.1:9300</strong>")));
        QVERIFY(mail.html.contains(QStringLiteral("href=\"http://127.0.0.1:9300/auth/callback/email?callbackUrl=http%3A%2F%2F127.0.0.1%3A9300&amp;token=abc&amp;email=alice%40example.test\"")));
        QVERIFY(mail.html.contains(QStringLiteral(">Sign in</a>")));
        QVERIFY(mail.html.contains(QStringLiteral("If you did not request this email you can safely ignore it.")));
        QVERIFY(mail.html.contains(QStringLiteral("background:#346df1;")));
        QVERIFY(mail.html.contains(QStringLiteral("color:#ffffff;")));
        QVERIFY(!mail.html.contains(QStringLiteral("<img")));
    }

    void german()
    {
        const MailTranslator translator;
        QVERIFY(translator.languages().contains(QStringLiteral("de")));
        SignInMailContent c = content();
        c.language = QStringLiteral("de");
        const RenderedMail mail = renderSignInMail(c, translator);
        QCOMPARE(mail.subject, QStringLiteral("Anmelden bei 127.0.0.1:9300"));
        QVERIFY(mail.text.startsWith(QStringLiteral("Anmelden bei 127.0.0.1:9300\n")));
        QVERIFY(mail.html.contains(QStringLiteral("<html lang=\"de\">")));
        QVERIFY(mail.html.contains(QStringLiteral("Anmelden bei <strong>")));
        QVERIFY(mail.html.contains(QString::fromUtf8("können Sie sie einfach ignorieren.")));
        c.language = QStringLiteral("xx");
        QCOMPARE(renderSignInMail(c, translator).subject, QStringLiteral("Sign in to 127.0.0.1:9300"));
    }

    void theme_data()
    {
        QTest::addColumn<QString>("brandColor");
        QTest::addColumn<QString>("buttonText");
        QTest::addColumn<QString>("logo");
        QTest::addColumn<QString>("expectedBrand");
        QTest::addColumn<QString>("expectedButtonText");
        QTest::addColumn<QString>("expectedLogo");
        QTest::newRow("colours and absolute logo") << "#ff0000" << "rgb(1, 2, 3)" << "https://cdn.example.test/logo.png"
                                                   << "#ff0000" << "rgb(1, 2, 3)" << "src=\"https://cdn.example.test/logo.png\"";
        QTest::newRow("relative logo resolves against the origin") << "" << "" << "/logo.svg"
                                                                   << "#346df1" << "#ffffff" << "src=\"http://127.0.0.1:9300/logo.svg\"";
        QTest::newRow("CSS injection ignored") << "red;background:url(https://attacker.test/x)" << "#fff\" onmouseover=\"x"
                                               << "javascript:alert(1)" << "#346df1" << "#ffffff" << "";
        QTest::newRow("markup in logo URL refused")
            << "" << "" << "https://cdn.example.test/a\"><script>alert(1)</script>.png" << "#346df1" << "#ffffff" << "";
    }

    void theme()
    {
        QFETCH(QString, brandColor);
        QFETCH(QString, buttonText);
        QFETCH(QString, logo);
        QFETCH(QString, expectedBrand);
        QFETCH(QString, expectedButtonText);
        QFETCH(QString, expectedLogo);
        SignInMailContent c = content();
        c.theme.brandColor = brandColor;
        c.theme.buttonText = buttonText;
        c.theme.logo = logo;
        const QString html = renderSignInMail(c, MailTranslator()).html;
        QVERIFY(html.contains(QStringLiteral("background:") + expectedBrand + u';'));
        QVERIFY(html.contains(QStringLiteral("border:1px solid ") + expectedBrand + u';'));
        QVERIFY(html.contains(QStringLiteral("color:") + expectedButtonText + u';'));
        if (expectedLogo.isEmpty())
            QVERIFY(!html.contains(QStringLiteral("<img")));
        else
            QVERIFY2(html.contains(expectedLogo), qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("attacker.test")));
        QVERIFY(!html.contains(QStringLiteral("<script")));
        QVERIFY(!html.contains(QStringLiteral("onmouseover=\"")));
    }

    void everyValueIsEscaped()
    {
        // GHSA-pgjx-7f9g-9463: values that reach the mail must not become markup.
        SignInMailContent c = content();
        c.host = QStringLiteral("<img src=x onerror=alert(1)>.test");
        c.url = QStringLiteral("http://x.test/?a=\"><script>alert(1)</script>&b='");
        const RenderedMail mail = renderSignInMail(c, MailTranslator());
        QVERIFY(!mail.html.contains(QStringLiteral("<img src=x")));
        QVERIFY(!mail.html.contains(QStringLiteral("<script>")));
        QVERIFY(mail.html.contains(QStringLiteral("&lt;img src=x onerror=alert(1)&gt;&#8203;.test")));
        QVERIFY(mail.html.contains(QStringLiteral("href=\"http://x.test/?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;b=&#39;\"")));
        // The plain text part is not HTML: it carries the values as they are.
        QVERIFY(mail.text.contains(c.url));
    }
};

QTEST_GUILESS_MAIN(TestSignInMail)
#include "tst_signinmail.moc"
