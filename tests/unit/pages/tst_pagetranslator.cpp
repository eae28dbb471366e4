#include "htmlsummary.h"
#include "pages/messages.h"
#include "pages/pages.h"
#include "pages/pagetranslator.h"

#include <QTest>
#include <QTranslator>

using namespace Gatehouse;
using namespace Gatehouse::Pages;

namespace {

// Every text of the pages (messages.h).
const char *const AllMessages[] = {
    Messages::SignInTitle, Messages::SignOutTitle, Messages::ErrorTitle, Messages::VerifyRequestTitle,
    Messages::SignInWith, Messages::EmailLabel, Messages::EmailPlaceholder, Messages::Or, Messages::Logo,
    Messages::SigninDefault, Messages::SigninOtherAccount, Messages::SigninNotLinked, Messages::SigninEmail,
    Messages::SigninCredentials, Messages::SigninSessionRequired, Messages::SignOutHeading,
    Messages::SignOutQuestion, Messages::SignOutButton, Messages::ConfigurationHeading,
    Messages::ConfigurationProblem, Messages::ConfigurationLogs, Messages::AccessDeniedHeading,
    Messages::AccessDeniedText, Messages::VerificationHeading, Messages::VerificationInvalid,
    Messages::VerificationExpired, Messages::SignInLink, Messages::VerifyRequestHeading,
    Messages::VerifyRequestText, Messages::SigninTwoFactorExpired, Messages::TwoFactorTitle,
    Messages::TwoFactorPrompt, Messages::TwoFactorCodeLabel, Messages::TwoFactorVerify, Messages::TwoFactorCancel,
    Messages::TwoFactorInvalid, Messages::TwoFactorTooMany,
};

PageContext context(const QString &language)
{
    PageContext context;
    context.language = language;
    context.origin = QUrl(QStringLiteral("http://127.0.0.1:9300"));
    context.baseUrl = QStringLiteral("http://127.0.0.1:9300/auth");
    context.csrfToken = QStringLiteral("token");
    context.callbackUrl = QStringLiteral("http://127.0.0.1:9300");
    return context;
}

} // namespace

class TestPageTranslator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void languages();
    void negotiate_data();
    void negotiate();
    void everyTextHasAGermanTranslation();
    void englishIsTheSourceText();
    void germanPages_data();
    void germanPages();

private:
    PageTranslator m_translator;
};

void TestPageTranslator::languages()
{
    QCOMPARE(m_translator.languages(), (QStringList{"en", "de"}));
}

void TestPageTranslator::negotiate_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("language");
    QTest::newRow("browser German") << QByteArray("de-DE,de;q=0.9") << "de";
    QTest::newRow("browser German, English") << QByteArray("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7") << "de";
    QTest::newRow("French only") << QByteArray("fr") << "en";
    QTest::newRow("French, then German") << QByteArray("fr-FR,fr;q=0.9,de;q=0.5") << "de";
    QTest::newRow("empty") << QByteArray() << "en";
    QTest::newRow("q-values: German higher") << QByteArray("en;q=0.5, de;q=0.8") << "de";
    QTest::newRow("q-values: English higher") << QByteArray("de;q=0.5, en;q=0.8") << "en";
    QTest::newRow("tie: first listed") << QByteArray("de, en") << "de";
    QTest::newRow("tie: first listed (en)") << QByteArray("en, de") << "en";
    QTest::newRow("q=0 excludes") << QByteArray("de;q=0") << "en";
    QTest::newRow("wildcard") << QByteArray("*") << "en";
    QTest::newRow("wildcard below German") << QByteArray("*;q=0.1, de") << "de";
    QTest::newRow("wildcard without German") << QByteArray("de;q=0, *") << "en";
    QTest::newRow("wildcard without English") << QByteArray("en;q=0, *;q=0.3") << "de";
    QTest::newRow("upper case, spaces") << QByteArray("  DE-at ; Q=0.7 ,fr") << "de";
    QTest::newRow("underscore") << QByteArray("de_CH") << "de";
    QTest::newRow("malformed q dropped") << QByteArray("de;q=abc, en;q=0.1") << "en";
    QTest::newRow("out-of-range q dropped") << QByteArray("de;q=2, en;q=0.1") << "en";
    QTest::newRow("garbage") << QByteArray(",,;;==,") << "en";
    QTest::newRow("German far down a long list")
        << (QByteArray("xx;q=0.5,").repeated(100) + "de") << "en";  // beyond the ranges considered
}

void TestPageTranslator::negotiate()
{
    QFETCH(QByteArray, header);
    QFETCH(QString, language);
    QCOMPARE(m_translator.negotiate(header), language);
}

void TestPageTranslator::everyTextHasAGermanTranslation()
{
    QTranslator german;
    QVERIFY(german.load(QStringLiteral(":/gatehouse/i18n/gatehouse_pages_de.qm")));
    for (const char *message : AllMessages) {
        const QString translated = german.translate(Messages::Context, message);
        QVERIFY2(!translated.isEmpty(), message);
        QCOMPARE(m_translator.translate(QStringLiteral("de"), message), translated);
    }
    QCOMPARE(m_translator.translate(QStringLiteral("de"), Messages::SignInWith).arg(QStringLiteral("GitHub")),
             QStringLiteral("Mit GitHub anmelden"));
}

void TestPageTranslator::englishIsTheSourceText()
{
    for (const char *message : AllMessages) {
        QCOMPARE(m_translator.translate(QStringLiteral("en"), message), QString::fromUtf8(message));
        QCOMPARE(m_translator.translate(QStringLiteral("fr"), message), QString::fromUtf8(message));
    }
}

void TestPageTranslator::germanPages_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("signin") << "signin" << QStringList{
        "title=\"Anmelden\"",
        "text: \"Die Anmeldung ist fehlgeschlagen. Prüfen Sie, ob Ihre Angaben korrekt sind.\"",
        "form POST http://127.0.0.1:9300/auth/signin/email: csrfToken(hidden), email(email), <button submit>"};
    QTest::newRow("signout") << "signout" << QStringList{
        "title=\"Abmelden\"", "text: \"Abmelden Möchten Sie sich wirklich abmelden?\"",
        "form POST http://127.0.0.1:9300/auth/signout: csrfToken(hidden), <button submit>"};
    QTest::newRow("error") << "error" << QStringList{
        "title=\"Fehler\"", "text: \"Zugriff verweigert Sie sind nicht berechtigt, sich anzumelden. Anmelden\"",
        "link: Anmelden -> http://127.0.0.1:9300/auth/signin"};
    QTest::newRow("verify-request") << "verify-request" << QStringList{
        "title=\"E-Mail bestätigen\"",
        "text: \"Prüfen Sie Ihr E-Mail-Postfach Ein Anmeldelink wurde an Ihre E-Mail-Adresse gesendet. 127.0.0.1:9300\"",
        "link: 127.0.0.1:9300 -> http://127.0.0.1:9300"};
    QTest::newRow("two-factor") << "two-factor" << QStringList{
        "title=\"Bestätigung in zwei Schritten\"",
        "text: \"Bestätigung in zwei Schritten Dieser Code ist ungültig. Warten Sie auf den nächsten Code Ihrer App "
        "und versuchen Sie es erneut. Geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Ihrer "
        "Wiederherstellungscodes ein.\"",
        "form POST http://127.0.0.1:9300/auth/two-factor: csrfToken(hidden), code(text), <button submit>",
        "form POST http://127.0.0.1:9300/auth/signout: csrfToken(hidden), <button submit>"};
}

void TestPageTranslator::germanPages()
{
    QFETCH(QString, page);
    QFETCH(QStringList, expected);
    const PageContext german = context(m_translator.negotiate("de-DE,de;q=0.9"));
    PageProvider email;
    email.id = email.name = email.type = QStringLiteral("email");
    email.signinUrl = QStringLiteral("http://127.0.0.1:9300/auth/signin/email");
    const Page rendered = page == u"signin"  ? signIn(german, {{email}, QStringLiteral("CredentialsSignin"), {}, {}}, m_translator)
                        : page == u"signout" ? signOut(german, m_translator)
                        : page == u"error"   ? error(german, QStringLiteral("AccessDenied"), m_translator)
                        : page == u"two-factor" ? twoFactor(german, {QStringLiteral("InvalidCode")}, m_translator)
                                             : verifyRequest(german, m_translator);
    QVERIFY(rendered.html.startsWith("<!DOCTYPE html>\n<html lang=\"de\">"));
    QCOMPARE(HtmlSummary::summarize(QString::fromUtf8(rendered.html)), expected);
    if (page == u"signin") {
        const QString html = QString::fromUtf8(rendered.html);
        QVERIFY(html.contains(QStringLiteral(">Mit email anmelden</button>")));
        QVERIFY(html.contains(QStringLiteral("<label for=\"gh-1-email\">E-Mail</label>")));
    }
}

QTEST_GUILESS_MAIN(TestPageTranslator)
#include "tst_pagetranslator.moc"
