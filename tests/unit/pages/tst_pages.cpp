#include "htmlsummary.h"
#include "pages/pages.h"
#include "pages/pagetranslator.h"
#include "pages/sanitize.h"

#include <gatehouse/provider.h>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

using namespace Gatehouse;
using namespace Gatehouse::Pages;

namespace {

const QString Origin = QStringLiteral("http://127.0.0.1:9300");
const QString Base = QStringLiteral("http://127.0.0.1:9300/auth");

PageContext referenceContext()
{
    PageContext context;
    context.origin = QUrl(Origin);
    context.baseUrl = Base;
    context.csrfToken = QStringLiteral("deddec9ee71eb56963735b73ecbe15bdc5652131bae6ac9477dd979a056d58fe");
    context.callbackUrl = Origin;
    return context;
}

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

Provider provider(const QString &id, const QString &name, const QString &type, const QJsonObject &options = {})
{
    Provider p;
    p.id = id;
    p.name = name;
    p.type = type;
    p.options = options;
    return p;
}

// The page's view of \a p as the engine makes it (request/pageresponses.cpp, core/urls.h).
PageProvider pageProvider(const Provider &p)
{
    return PageProvider::fromProvider(p, Base, Base + QStringLiteral("/signin/") + QString::fromLatin1(QUrl::toPercentEncoding(p.id)));
}

// The providers of the reference server (reference/authjs/server.mjs).
QList<PageProvider> referenceProviders()
{
    const QJsonObject credentials = json(R"({"credentials": {
        "username": {"label": "Username", "type": "text"},
        "password": {"label": "Password", "type": "password"}}})");
    return {pageProvider(provider("credentials", "Credentials", "credentials", credentials)),
            pageProvider(provider("local-idp", "Local IdP", "oidc",
                                                json(R"({"issuer": "http://127.0.0.1:9400"})")))};
}

QStringList lines(const Page &page)
{
    return HtmlSummary::summarize(QString::fromUtf8(page.html));
}

const QString CredentialsForm = QStringLiteral(
    "form POST http://127.0.0.1:9300/auth/callback/credentials: csrfToken(hidden), username(text), "
    "password(password), <button submit>");

QString oidcForm(const QString &callbackUrl)
{
    return QStringLiteral("form POST http://127.0.0.1:9300/auth/signin/local-idp: csrfToken(hidden), "
                          "callbackUrl(hidden=%1), <button submit>").arg(callbackUrl);
}

// The contents of every <style> element, in order.
QStringList styleBlocks(const QByteArray &html)
{
    QStringList blocks;
    auto it = QRegularExpression(QStringLiteral("<style>(.*?)</style>"),
                                 QRegularExpression::DotMatchesEverythingOption)
                  .globalMatch(QString::fromUtf8(html));
    while (it.hasNext())
        blocks << it.next().captured(1);
    return blocks;
}

QString directive(const QByteArray &policy, const QString &name)
{
    for (const QString &part : QString::fromLatin1(policy).split(u';')) {
        const QString trimmed = part.trimmed();
        if (trimmed == name || trimmed.startsWith(name + u' '))
            return trimmed;
    }
    return {};
}

} // namespace

class TestPages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signInMatchesReference_data();
    void signInMatchesReference();
    void signInErrorMessages_data();
    void signInErrorMessages();
    void signInCallbackUrl_data();
    void signInCallbackUrl();
    void webAuthnAsksForTheEmailByDefault();
    void emailAndWebAuthnForms();
    void credentialsFieldOrder();
    void credentialsFieldAttributes();
    void providerEndpoints();
    void signOutMatchesReference();
    void errorPages_data();
    void errorPages();
    void verifyRequestMatchesReference();
    void siteLinkOmitsDefaultPort();
    void hostileValuesAreEscaped_data();
    void hostileValuesAreEscaped();
    void cssColors_data();
    void cssColors();
    void imageUrls_data();
    void imageUrls();
    void theme();
    void providerButtonStyle();
    void contentSecurityPolicy_data();
    void contentSecurityPolicy();
    void httpLogoOriginAllowed();
    void scripts();
    void accountPage();
    void accountPageForJwtSessions();
    void accountPageAppsWithAccess();
    void notFoundPage();
    void forbiddenPage();
    void consentPage();

private:
    PageTranslator m_translator;
};

void TestPages::signInMatchesReference_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("text");
    // transcript-jwt.txt steps 5, 6 and 7
    QTest::newRow("no error") << QString() << QString();
    QTest::newRow("CredentialsSignin") << "CredentialsSignin"
                                       << "Sign in failed. Check the details you provided are correct.";
    QTest::newRow("OAuthSignin") << "OAuthSignin" << "Try signing in with a different account.";
}

void TestPages::signInMatchesReference()
{
    QFETCH(QString, error);
    QFETCH(QString, text);
    const Page page = signIn(referenceContext(), {referenceProviders(), error, {}, {}}, m_translator);
    QCOMPARE(page.status, 200);
    QStringList expected{QStringLiteral("title=\"Sign In\"")};
    if (!text.isEmpty())
        expected << QStringLiteral("text: \"%1\"").arg(text);
    expected << CredentialsForm << oidcForm(Origin);
    QCOMPARE(lines(page), expected);
    QVERIFY(page.html.startsWith("<!DOCTYPE html>\n<html lang=\"en\">"));
}

void TestPages::signInErrorMessages_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("message");
    const QString otherAccount = QStringLiteral("Try signing in with a different account.");
    for (const char *error : {"Signin", "OAuthSignin", "OAuthCallbackError", "OAuthCreateAccount",
                              "EmailCreateAccount", "Callback"})
        QTest::newRow(error) << error << otherAccount;
    QTest::newRow("OAuthAccountNotLinked")
        << "OAuthAccountNotLinked"
        << "To confirm your identity, sign in with the same account you used originally.";
    QTest::newRow("EmailSignin") << "EmailSignin" << "The e-mail could not be sent.";
    QTest::newRow("CredentialsSignin") << "CredentialsSignin"
                                       << "Sign in failed. Check the details you provided are correct.";
    QTest::newRow("SessionRequired") << "SessionRequired" << "Please sign in to access this page.";
    QTest::newRow("MissingCSRF") << "MissingCSRF" << "Unable to sign in.";
    QTest::newRow("unknown") << "Bogus" << "Unable to sign in.";
    QTest::newRow("hostile") << "<script>alert(1)</script>" << "Unable to sign in.";
}

void TestPages::signInErrorMessages()
{
    QFETCH(QString, error);
    QFETCH(QString, message);
    const Page page = signIn(referenceContext(), {referenceProviders(), error, {}, {}}, m_translator);
    QCOMPARE(lines(page).value(1), QStringLiteral("text: \"%1\"").arg(message));
    QVERIFY(!page.html.contains("<script"));
}

void TestPages::signInCallbackUrl_data()
{
    QTest::addColumn<QString>("callbackUrl");
    // transcript-jwt.txt steps 62-64: the hidden field carries the value as given
    QTest::newRow("other origin") << "http://evil.example/";
    QTest::newRow("path") << "/dashboard";
    QTest::newRow("same origin with query") << "http://127.0.0.1:9300/profile?x=1&y=2";
}

void TestPages::signInCallbackUrl()
{
    QFETCH(QString, callbackUrl);
    PageContext context = referenceContext();
    context.callbackUrl = callbackUrl;
    const Page page = signIn(context, {referenceProviders(), {}, {}, {}}, m_translator);
    QCOMPARE(lines(page).value(2), oidcForm(callbackUrl));
}

void TestPages::webAuthnAsksForTheEmailByDefault()
{
    const Page page = signIn(referenceContext(),
                             {{pageProvider(provider("passkey", "Passkey", "webauthn"))}, {}, {}, {}},
                             m_translator);
    QCOMPARE(lines(page).value(1), QStringLiteral("form POST http://127.0.0.1:9300/auth/callback/passkey: "
                                                  "csrfToken(hidden), email(email), <button submit>"));
    QVERIFY(QString::fromUtf8(page.html).contains(QStringLiteral("autocomplete=\"username webauthn\" required")));
}

void TestPages::emailAndWebAuthnForms()
{
    QList<PageProvider> providers = referenceProviders();
    providers << pageProvider(provider("email", "Email", "email"));
    providers << pageProvider(provider("passkey", "Passkey", "webauthn",
                 json(R"({"formFields": {"email": {"label": "Email", "type": "email", "required": true,
                                                   "autocomplete": "username webauthn"}}})")));
    const Page page = signIn(referenceContext(), {providers, {}, QStringLiteral("alice@example.test"), {}},
                             m_translator);
    const QStringList summary = lines(page);
    // transcript-database.txt step 5
    QCOMPARE(summary.value(3), QStringLiteral("form POST http://127.0.0.1:9300/auth/signin/email: "
                                              "csrfToken(hidden), email(email), <button submit>"));
    QCOMPARE(summary.value(4), QStringLiteral("form POST http://127.0.0.1:9300/auth/callback/passkey: "
                                              "csrfToken(hidden), email(email), <button submit>"));
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(QStringLiteral("value=\"alice@example.test\"")));
    QVERIFY(html.contains(QStringLiteral("data-webauthn-provider=\"passkey\"")));
    QVERIFY(html.contains(QStringLiteral("autocomplete=\"username webauthn\" required")));
    QVERIFY(html.contains(QStringLiteral(">Sign in with Email</button>")));
    QVERIFY(html.contains(QStringLiteral(">Sign in with Passkey</button>")));
    // Only the first input of the page takes the focus.
    QCOMPARE(html.count(QStringLiteral(" autofocus")), 1);
    QVERIFY(html.contains(QStringLiteral("name=\"username\" id=\"gh-1-1\" autofocus")));
}

void TestPages::credentialsFieldOrder()
{
    // An object loses its order (QJsonObject sorts keys): password fields go last.
    const QList<PageField> fromObject = PageField::fromDefinition(json(R"({"credentials": {
        "username": {"type": "text"}, "password": {"type": "password"}, "otp": {"label": "Code"}}})")
                                                                      .value("credentials"));
    QStringList names;
    for (const PageField &field : fromObject)
        names << field.name;
    QCOMPARE(names, (QStringList{"otp", "username", "password"}));

    // An array keeps its order exactly.
    const QList<PageField> fromArray = PageField::fromDefinition(QJsonDocument::fromJson(R"([
        {"name": "password", "type": "password"}, {"name": "username"}, {"label": "no name"}])").array());
    QCOMPARE(fromArray.size(), 2);
    QCOMPARE(fromArray.at(0).name, QStringLiteral("password"));
    QCOMPARE(fromArray.at(1).name, QStringLiteral("username"));
    QCOMPARE(fromArray.at(1).type, QStringLiteral("text"));
}

void TestPages::credentialsFieldAttributes()
{
    PageProvider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.callbackUrl = Base + QStringLiteral("/callback/credentials");
    credentials.fields = {{"user", "", "weird-type", "alice", "username", true},
                          {"pin", "PIN", "number", "", "", false}};
    const Page page = signIn(referenceContext(), {{credentials}, {}, {}, {}}, m_translator);
    QCOMPARE(lines(page).value(1), QStringLiteral("form POST http://127.0.0.1:9300/auth/callback/credentials: "
                                                  "csrfToken(hidden), user(text), pin(number), <button submit>"));
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(QStringLiteral("<label for=\"gh-1-1\">user</label>")));  // label defaults to the name
    QVERIFY(html.contains(QStringLiteral("<label for=\"gh-1-2\">PIN</label>")));
    QVERIFY(html.contains(QStringLiteral(
        "<input type=\"text\" name=\"user\" id=\"gh-1-1\" placeholder=\"alice\" autocomplete=\"username\" required autofocus>")));
    QVERIFY(html.contains(QStringLiteral("<input type=\"number\" name=\"pin\" id=\"gh-1-2\">")));
}

void TestPages::providerEndpoints()
{
    const PageProvider page = pageProvider(provider("my idp", "My IdP", "oauth", json(R"({"style": {"brandColor": "#123456"}})")));
    QCOMPARE(page.signinUrl, QStringLiteral("http://127.0.0.1:9300/auth/signin/my%20idp"));
    QCOMPARE(page.callbackUrl, QStringLiteral("http://127.0.0.1:9300/auth/callback/my%20idp"));
    QCOMPARE(page.style.value("brandColor").toString(), QStringLiteral("#123456"));
    QVERIFY(page.fields.isEmpty());
}

void TestPages::signOutMatchesReference()
{
    // transcript-jwt.txt steps 9 and 36
    const Page page = signOut(referenceContext(), m_translator);
    QCOMPARE(page.status, 200);
    QCOMPARE(lines(page), (QStringList{
        "title=\"Sign Out\"",
        "text: \"Signout Are you sure you want to sign out?\"",
        "form POST http://127.0.0.1:9300/auth/signout: csrfToken(hidden), <button submit>"}));
    QVERIFY(page.html.contains("value=\"deddec9ee71eb56963735b73ecbe15bdc5652131bae6ac9477dd979a056d58fe\""));
}

void TestPages::errorPages_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("expected");
    // transcript-jwt.txt steps 73-77. The sign-in link deliberately points at <baseUrl>/signin;
    // the reference appends "/signin" to the error page's own URL, which leads nowhere.
    QTest::newRow("AccessDenied") << "AccessDenied" << 403 << QStringList{
        "title=\"Error\"", "text: \"Access Denied You do not have permission to sign in. Sign in\"",
        "link: Sign in -> http://127.0.0.1:9300/auth/signin"};
    QTest::newRow("Configuration") << "Configuration" << 500 << QStringList{
        "title=\"Error\"",
        "text: \"Server error There is a problem with the server configuration. Check the server logs for more information.\""};
    QTest::newRow("Verification") << "Verification" << 403 << QStringList{
        "title=\"Error\"",
        "text: \"Unable to sign in The sign in link is no longer valid. It may have been used already or it may have expired. Sign in\"",
        "link: Sign in -> http://127.0.0.1:9300/auth/signin"};
    const QStringList generic{"title=\"Error\"", "text: \"Error 127.0.0.1:9300\"",
                              "link: 127.0.0.1:9300 -> http://127.0.0.1:9300"};
    QTest::newRow("unknown") << "Bogus" << 200 << generic;
    QTest::newRow("none") << QString() << 200 << generic;
    QTest::newRow("hostile") << "\"><script>alert(1)</script>" << 200 << generic;
}

void TestPages::errorPages()
{
    QFETCH(QString, error);
    QFETCH(int, status);
    QFETCH(QStringList, expected);
    const Page page = Pages::error(referenceContext(), error, m_translator);
    QCOMPARE(page.status, status);
    QCOMPARE(lines(page), expected);
}

void TestPages::verifyRequestMatchesReference()
{
    // transcript-jwt.txt step 10
    const Page page = verifyRequest(referenceContext(), m_translator);
    QCOMPARE(page.status, 200);
    QCOMPARE(lines(page), (QStringList{
        "title=\"Verify Request\"",
        "text: \"Check your email A sign in link has been sent to your email address. 127.0.0.1:9300\"",
        "link: 127.0.0.1:9300 -> http://127.0.0.1:9300"}));
}

void TestPages::siteLinkOmitsDefaultPort()
{
    PageContext context = referenceContext();
    context.origin = QUrl(QStringLiteral("https://auth.example.com:443/ignored/path"));
    QCOMPARE(lines(verifyRequest(context, m_translator)).value(2),
             QStringLiteral("link: auth.example.com -> https://auth.example.com"));
}

void TestPages::hostileValuesAreEscaped_data()
{
    QTest::addColumn<QString>("target");
    for (const char *target : {"provider name", "provider id", "field name", "field label", "field placeholder",
                               "callbackUrl", "csrfToken", "email", "brandColor", "buttonText", "logo",
                               "provider brandColor", "provider logo", "provider text", "colorScheme",
                               "language", "baseUrl"})
        QTest::newRow(target) << QString::fromLatin1(target);
}

void TestPages::hostileValuesAreEscaped()
{
    QFETCH(QString, target);
    const QString payload = QStringLiteral("\"><script>alert(1)</script>");
    const QString cssPayload = QStringLiteral("red;}</style><script>alert(1)</script>");
    PageContext context = referenceContext();
    QList<PageProvider> providers = referenceProviders();
    providers << pageProvider(provider("email", "Email", "email"));
    PageProvider &credentials = providers[0];
    PageProvider &oidc = providers[1];
    QString email;

    if (target == u"provider name") oidc.name = payload;
    else if (target == u"provider id") oidc = pageProvider(provider(payload, "X", "oidc"));
    else if (target == u"field name") credentials.fields[0].name = payload;
    else if (target == u"field label") credentials.fields[0].label = payload;
    else if (target == u"field placeholder") credentials.fields[0].placeholder = payload;
    else if (target == u"callbackUrl") context.callbackUrl = payload;
    else if (target == u"csrfToken") context.csrfToken = payload;
    else if (target == u"email") email = payload;
    else if (target == u"brandColor") context.theme.brandColor = cssPayload;
    else if (target == u"buttonText") context.theme.buttonText = cssPayload;
    else if (target == u"logo") context.theme.logo = QStringLiteral("https://example.com/") + payload;
    else if (target == u"provider brandColor") oidc.style.insert("brandColor", cssPayload);
    else if (target == u"provider logo") oidc.style.insert("logo", QStringLiteral("javascript:alert(1)//") + payload);
    else if (target == u"provider text") oidc.style.insert("text", cssPayload);
    else if (target == u"colorScheme") context.theme.colorScheme = payload;
    else if (target == u"language") context.language = payload;
    else if (target == u"baseUrl") context.baseUrl = payload;
    else QFAIL("unknown target");

    const QList<Page> pages{signIn(context, {providers, QStringLiteral("CredentialsSignin"), email, {}}, m_translator),
                            signOut(context, m_translator),
                            Pages::error(context, QStringLiteral("AccessDenied"), m_translator),
                            verifyRequest(context, m_translator)};
    for (const Page &page : pages) {
        QVERIFY2(!page.html.contains("<script"), page.html.constData());
        QVERIFY2(!page.html.contains("</style><"), page.html.constData());
        QVERIFY(!page.html.contains("javascript:"));
        // Every style block is covered by the policy, so nothing was smuggled into a block.
        for (const QString &block : styleBlocks(page.html))
            QVERIFY(!block.contains(u'<'));
    }
    // A value that is printed at all is printed escaped.
    const QByteArray escaped = "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;";
    if (target == u"provider name" || target == u"field name" || target == u"field label"
        || target == u"field placeholder" || target == u"callbackUrl" || target == u"csrfToken"
        || target == u"email" || target == u"baseUrl")
        QVERIFY(std::any_of(pages.cbegin(), pages.cend(),
                            [&](const Page &page) { return page.html.contains(escaped); }));
}

void TestPages::cssColors_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("#rgb") << "#fff" << true;
    QTest::newRow("#rgba") << "#ffff" << true;
    QTest::newRow("#rrggbb") << "#346df1" << true;
    QTest::newRow("#rrggbbaa") << "#346DF1cc" << true;
    QTest::newRow("rgb()") << "rgb(52, 109, 241)" << true;
    QTest::newRow("rgba() slash") << "rgb(52 109 241 / 50%)" << true;
    QTest::newRow("hsl()") << "hsl(220deg 87% 57%)" << true;
    QTest::newRow("oklch()") << "oklch(0.6 0.2 260)" << true;
    QTest::newRow("keyword") << "rebeccapurple" << true;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("#5 digits") << "#12345" << false;
    QTest::newRow("breakout") << "red;}</style><script>alert(1)</script>" << false;
    QTest::newRow("declaration") << "red; background: url(x)" << false;
    QTest::newRow("url()") << "url(https://evil.example/x)" << false;
    QTest::newRow("nested function") << "rgb(var(--x))" << false;
    QTest::newRow("expression") << "expression(alert(1))" << false;
    QTest::newRow("quote") << "\"red\"" << false;
    QTest::newRow("comment") << "red/**/" << false;
    QTest::newRow("newline") << "rgb(1\n,2,3)" << false;
}

void TestPages::cssColors()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(cssColor(value).has_value(), accepted);
}

void TestPages::imageUrls_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("https") << "https://example.com/logo.svg" << "https://example.com/logo.svg";
    QTest::newRow("http") << "http://cdn.example/logo.png" << "http://cdn.example/logo.png";
    QTest::newRow("same-origin path") << "/static/logo.png" << "/static/logo.png";
    QTest::newRow("encoded") << "https://example.com/a b\"c.png" << QString();
    QTest::newRow("data png") << "data:image/png;base64,iVBORw0KGgo=" << "data:image/png;base64,iVBORw0KGgo=";
    QTest::newRow("data html") << "data:text/html;base64,PHNjcmlwdD4=" << QString();
    QTest::newRow("data not base64") << "data:image/svg+xml,<svg onload=alert(1)>" << QString();
    QTest::newRow("javascript") << "javascript:alert(1)" << QString();
    QTest::newRow("protocol-relative") << "//evil.example/x.png" << QString();
    QTest::newRow("backslash") << "/\\evil.example/x.png" << QString();
    QTest::newRow("relative") << "logo.png" << QString();
    QTest::newRow("ftp") << "ftp://example.com/logo.png" << QString();
    QTest::newRow("no host") << "https:///logo.png" << QString();
}

void TestPages::imageUrls()
{
    QFETCH(QString, value);
    QFETCH(QString, expected);
    QCOMPARE(imageUrl(value).value_or(QString()), expected);
}

void TestPages::theme()
{
    PageContext context = referenceContext();
    context.theme.colorScheme = QStringLiteral("dark");
    context.theme.brandColor = QStringLiteral("#346df1");
    context.theme.buttonText = QStringLiteral("white");
    context.theme.logo = QStringLiteral("https://example.com/logo.svg?a=1&b=2");
    const Page page = signOut(context, m_translator);
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(QStringLiteral("<body class=\"gh-scheme-dark\">")));
    QVERIFY(html.contains(QStringLiteral("<meta name=\"color-scheme\" content=\"dark\">")));
    const QStringList blocks = styleBlocks(page.html);
    QCOMPARE(blocks.size(), 2);
    QCOMPARE(blocks.at(1), QStringLiteral(":root{--gh-brand:#346df1;--gh-button-text:white;}\n"));
    QVERIFY(html.contains(QStringLiteral(
        "<img class=\"gh-logo\" src=\"https://example.com/logo.svg?a=1&amp;b=2\" alt=\"Logo\">")));

    context.theme = Theme();
    const QString plain = QString::fromUtf8(signOut(context, m_translator).html);
    QVERIFY(plain.contains(QStringLiteral("<body class=\"gh-scheme-auto\">")));
    QVERIFY(plain.contains(QStringLiteral("<meta name=\"color-scheme\" content=\"light dark\">")));
    QVERIFY(!plain.contains(QStringLiteral("<img")));
    QCOMPARE(styleBlocks(plain.toUtf8()).size(), 1);
    // The static stylesheet switches to dark colours by itself in the auto scheme.
    QVERIFY(styleBlocks(plain.toUtf8()).first().contains(QStringLiteral("@media (prefers-color-scheme: dark)")));
}

void TestPages::providerButtonStyle()
{
    QList<PageProvider> providers = referenceProviders();
    providers[1].style = json(R"({"brandColor": "#24292f", "text": "#fff", "logo": "https://example.com/idp.svg"})");
    const Page page = signIn(referenceContext(), {providers, {}, {}, {}}, m_translator);
    const QStringList blocks = styleBlocks(page.html);
    QCOMPARE(blocks.size(), 2);
    QCOMPARE(blocks.at(1), QStringLiteral(".gh-provider-2{--gh-provider-brand:#24292f;--gh-provider-text:#fff;}\n"));
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(QStringLiteral("<div class=\"gh-provider gh-provider-2\">")));
    QVERIFY(html.contains(QStringLiteral(
        "<img class=\"gh-provider-logo\" src=\"https://example.com/idp.svg\" alt=\"\"><span>Sign in with Local IdP</span>")));
    // No inline style attributes: the policy does not allow them.
    QVERIFY(!html.contains(QStringLiteral(" style=")));
}

void TestPages::contentSecurityPolicy_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<bool>("themed");
    for (const char *page : {"signin", "signout", "error", "verify-request"}) {
        QTest::addRow("%s", page) << QString::fromLatin1(page) << false;
        QTest::addRow("%s themed", page) << QString::fromLatin1(page) << true;
    }
}

void TestPages::contentSecurityPolicy()
{
    QFETCH(QString, page);
    QFETCH(bool, themed);
    PageContext context = referenceContext();
    if (themed) {
        context.theme.brandColor = QStringLiteral("#ff0000");
        context.theme.logo = QStringLiteral("https://example.com/logo.png");
    }
    const Page rendered = page == u"signin"  ? signIn(context, {referenceProviders(), {}, {}, {}}, m_translator)
                        : page == u"signout" ? signOut(context, m_translator)
                        : page == u"error"   ? Pages::error(context, QStringLiteral("AccessDenied"), m_translator)
                                             : verifyRequest(context, m_translator);
    const QByteArray &policy = rendered.contentSecurityPolicy;
    QCOMPARE(directive(policy, "default-src"), QStringLiteral("default-src 'none'"));
    QCOMPARE(directive(policy, "img-src"), QStringLiteral("img-src 'self' https: data:"));
    QCOMPARE(directive(policy, "form-action"), QStringLiteral("form-action 'self' https: http:"));
    QCOMPARE(directive(policy, "frame-ancestors"), QStringLiteral("frame-ancestors 'none'"));
    QCOMPARE(directive(policy, "base-uri"), QStringLiteral("base-uri 'none'"));
    QVERIFY(directive(policy, "script-src").isEmpty());
    QVERIFY(!policy.contains("unsafe"));

    // style-src lists exactly the hashes of the page's style blocks.
    QStringList hashes;
    const QStringList blocks = styleBlocks(rendered.html);
    QCOMPARE(blocks.size(), themed ? 2 : 1);
    for (const QString &block : blocks)
        hashes << QStringLiteral("'sha256-%1'").arg(QString::fromLatin1(
            QCryptographicHash::hash(block.toUtf8(), QCryptographicHash::Sha256).toBase64()));
    QCOMPARE(directive(policy, "style-src"), QStringLiteral("style-src ") + hashes.join(u' '));
    QVERIFY(!rendered.html.contains(" style="));
    QVERIFY(!rendered.html.contains("<script"));

    // Over https, forms may not target plain http.
    context.origin = QUrl(QStringLiteral("https://auth.example.com"));
    const Page secure = signOut(context, m_translator);
    QCOMPARE(directive(secure.contentSecurityPolicy, "form-action"), QStringLiteral("form-action 'self' https:"));
}

void TestPages::httpLogoOriginAllowed()
{
    PageContext context = referenceContext();
    context.origin = QUrl(QStringLiteral("https://auth.example.com"));
    context.theme.logo = QStringLiteral("http://cdn.example:8080/logo.png");
    const Page page = signOut(context, m_translator);
    QCOMPARE(directive(page.contentSecurityPolicy, "img-src"),
             QStringLiteral("img-src 'self' https: data: http://cdn.example:8080"));
}

void TestPages::scripts()
{
    const SignInContent content{referenceProviders(), {}, {},
                                {QUrl(QStringLiteral("/auth/webauthn-script.js")),
                                 QUrl(QStringLiteral("https://cdn.example/a;b.js")),
                                 QUrl(QStringLiteral("javascript:alert(1)"))}};
    const Page page = signIn(referenceContext(), content, m_translator);
    QCOMPARE(directive(page.contentSecurityPolicy, "script-src"),
             QStringLiteral("script-src http://127.0.0.1:9300/auth/webauthn-script.js"));
    const QString html = QString::fromUtf8(page.html);
    QCOMPARE(html.count(QStringLiteral("<script")), 1);
    QVERIFY(html.contains(QStringLiteral(
        "<script src=\"http://127.0.0.1:9300/auth/webauthn-script.js\" defer></script>")));
    // Scripts do not change what the page shows.
    QCOMPARE(lines(page), (QStringList{"title=\"Sign In\"", CredentialsForm, oidcForm(Origin)}));
}

void TestPages::accountPage()
{
    AccountContent content;
    content.name = QStringLiteral("<b>Eve</b>");
    content.email = QStringLiteral("eve@example.test");
    content.image = QStringLiteral("http://images.example:8080/eve.png");
    content.notice = QStringLiteral("sessionEnded");
    const QDateTime start(QDate(2026, 11, 26), QTime(9, 30), Qt::UTC);
    content.sessions = {{QStringLiteral("current-id"), true, start, start.addSecs(60), QStringLiteral("192.0.2.1"),
                         QStringLiteral("Firefox"), QStringLiteral("Linux")},
                        {QStringLiteral("other\"id"), false, QDateTime(), start, QString(), QString(), QString()}};
    content.activity = {{start, QStringLiteral("signInFailed"), QStringLiteral("credentials"), QStringLiteral("198.51.100.7")},
                        {start, QStringLiteral("somethingNew"), QString(), QString()}};
    const Page page = account(referenceContext(), content, m_translator);
    QCOMPARE(page.status, 200);
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(u"value=\"&lt;b&gt;Eve&lt;/b&gt;\""));
    QVERIFY(!html.contains(u"<b>Eve"));
    QVERIFY(html.contains(u"not verified"));
    QVERIFY(html.contains(u"The session was signed out."));
    QVERIFY(html.contains(u"Firefox on Linux"));
    QVERIFY(html.contains(u"Signed in 2026-11-26 09:30 UTC"));
    QVERIFY(html.contains(u"Sign-in time not recorded"));
    QVERIFY(html.contains(u"Unknown device"));
    // One end form, for the other session (its id escaped), none for this one.
    QCOMPARE(html.count(u"name=\"action\" value=\"endSession\""), 1);
    QVERIFY(html.contains(u"name=\"sessionId\" value=\"other&quot;id\""));
    QVERIFY(!html.contains(u"value=\"current-id\""));
    QVERIFY(html.contains(u"value=\"endOthers\"") && html.contains(u"value=\"endAll\""));
    QCOMPARE(html.count(u"name=\"csrfToken\" value=\"deddec9ee71eb56963735b73ecbe15bdc5652131bae6ac9477dd979a056d58fe\""), 5);
    QVERIFY(html.contains(u"<td>Sign-in failed</td>") && html.contains(u"<td>somethingNew</td>"));
    QVERIFY(html.contains(u"action=\"http://127.0.0.1:9300/auth/account\""));
    QVERIFY(html.contains(u"action=\"http://127.0.0.1:9300/auth/signout\""));
    // No script; the picture's http origin, and nothing else, is allowed besides the pages' own.
    const QByteArray csp = page.contentSecurityPolicy;
    QVERIFY(!csp.contains("script-src"));
    QVERIFY(csp.contains("frame-ancestors 'none'"));
    QVERIFY(csp.contains("img-src 'self' https: data: http://images.example:8080"));

    PageContext context = referenceContext();
    context.language = QStringLiteral("de");
    const QString de = QString::fromUtf8(account(context, content, m_translator).html);
    QVERIFY(de.contains(u"Ihr Konto") && de.contains(u"Firefox unter Linux") && de.contains(u"Anmeldung fehlgeschlagen"));
}

void TestPages::accountPageAppsWithAccess()
{
    AccountContent content;
    content.email = QStringLiteral("eve@example.test");
    // No OpenID Provider consents kept: no section at all.
    QVERIFY(!QString::fromUtf8(account(referenceContext(), content, m_translator).html).contains(u"Apps with access"));

    content.appsOffered = true;
    QVERIFY(QString::fromUtf8(account(referenceContext(), content, m_translator).html)
                .contains(u"No app has access to your account."));

    const QDateTime since(QDate(2026, 11, 20), QTime(8, 0), Qt::UTC);
    content.apps = {{QStringLiteral("grafana\"x"), QStringLiteral("<i>Grafana</i>"), {QStringLiteral("email"), QStringLiteral("openid")}, since}};
    content.notice = QStringLiteral("appRevoked");
    const QString html = QString::fromUtf8(account(referenceContext(), content, m_translator).html);
    QVERIFY(html.contains(u"<h2 id=\"gh-apps\">Apps with access</h2>"));
    QVERIFY(html.contains(u"&lt;i&gt;Grafana&lt;/i&gt;") && !html.contains(u"<i>Grafana"));
    QVERIFY(html.contains(u"Allowed: email, openid"));
    QVERIFY(html.contains(u"Since 2026-11-20 08:00 UTC"));
    QVERIFY(html.contains(u"<input type=\"hidden\" name=\"action\" value=\"revokeApp\">"));
    QVERIFY(html.contains(u"<input type=\"hidden\" name=\"clientId\" value=\"grafana&quot;x\">"));
    QVERIFY(html.contains(u"access was revoked"));
    QVERIFY(!html.contains(u"No app has access"));

    PageContext german = referenceContext();
    german.language = QStringLiteral("de");
    const QString de = QString::fromUtf8(account(german, content, m_translator).html);
    QVERIFY(de.contains(u"Apps mit Zugriff") && de.contains(u"Erlaubt: email, openid") && de.contains(u">Widerrufen</button>"));
}

void TestPages::accountPageForJwtSessions()
{
    AccountContent content;
    content.email = QStringLiteral("eve@example.test");
    content.emailVerified = true;
    content.sessionKind = AccountContent::SessionKind::JwtRevocable;
    QString html = QString::fromUtf8(account(referenceContext(), content, m_translator).html);
    QVERIFY(html.contains(u">verified<"));
    QVERIFY(html.contains(u"cannot be listed or signed out one by one"));
    QVERIFY(html.contains(u"value=\"endOthers\"") && html.contains(u"value=\"endAll\""));
    QVERIFY(!html.contains(u"value=\"endSession\""));
    QVERIFY(html.contains(u"No activity recorded yet."));
    content.sessionKind = AccountContent::SessionKind::JwtOnly;
    html = QString::fromUtf8(account(referenceContext(), content, m_translator).html);
    QVERIFY(html.contains(u"this server cannot end it elsewhere"));
    QVERIFY(!html.contains(u"value=\"endOthers\"") && !html.contains(u"value=\"endAll\""));
}

void TestPages::notFoundPage()
{
    const Page page = notFound(referenceContext(), m_translator);
    QCOMPARE(page.status, 404);
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(u"<h1>Page not found</h1>"));
    QVERIFY(html.contains(u"href=\"http://127.0.0.1:9300\""));
    QVERIFY(page.contentSecurityPolicy.contains("frame-ancestors 'none'"));
}

void TestPages::consentPage()
{
    ConsentContent content;
    content.clientName = QStringLiteral("Grafana");
    content.who = QStringLiteral("ada@example.test");
    content.scopes = {QStringLiteral("openid"), QStringLiteral("email"), QStringLiteral("groups"), QStringLiteral("custom")};
    content.action = Base + QStringLiteral("/oidc/consent");
    content.fields = {{QStringLiteral("request"), QStringLiteral("client_id=grafana&scope=openid%20email")},
                      {QStringLiteral("ticket"), QStringLiteral("123.abc")}};
    const Page page = consent(referenceContext(), content, m_translator);
    QCOMPARE(page.status, 200);
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(u"<title>Allow access</title>"));
    QVERIFY(html.contains(u"<h1>Allow Grafana to use your account?</h1>"));
    QVERIFY(html.contains(u"<p>You are signed in as ada@example.test.</p>"));
    QVERIFY(html.contains(u"<li>Sign you in and know who you are</li>"));
    QVERIFY(html.contains(u"<li>See your email address</li>"));
    QVERIFY(html.contains(u"<li>See the groups you belong to</li>"));
    QVERIFY(html.contains(u"<li>custom</li>"));  // a scope without words of its own: as it is
    QVERIFY(html.contains(u"<form action=\"http://127.0.0.1:9300/auth/oidc/consent\" method=\"POST\">"));
    QVERIFY(html.contains(u"<input type=\"hidden\" name=\"request\" value=\"client_id=grafana&amp;scope=openid%20email\">"));
    QVERIFY(html.contains(u"<input type=\"hidden\" name=\"ticket\" value=\"123.abc\">"));
    QVERIFY(html.contains(u"name=\"decision\" value=\"allow\" class=\"gh-button gh-submit\">Allow</button>"));
    QVERIFY(html.contains(u"name=\"decision\" value=\"deny\" class=\"gh-button gh-secondary\">Deny</button>"));
    QVERIFY(!html.contains(u"<script"));
    QVERIFY(!page.contentSecurityPolicy.contains("script-src"));

    PageContext german = referenceContext();
    german.language = QStringLiteral("de");
    const QString deutsch = QString::fromUtf8(consent(german, content, m_translator).html);
    QVERIFY(deutsch.contains(u"<h1>Darf Grafana Ihr Konto verwenden?</h1>"));
    QVERIFY(deutsch.contains(u"<li>Ihre E-Mail-Adresse sehen</li>"));
    QVERIFY(deutsch.contains(u">Erlauben</button>"));
    QVERIFY(deutsch.contains(u">Ablehnen</button>"));

    // The client's name is configuration, the person's comes from a sign-in: printed as text.
    content.clientName = QStringLiteral("\"><script>alert(1)</script>");
    content.who = QStringLiteral("<img src=x onerror=alert(1)>");
    const QByteArray hostile = consent(referenceContext(), content, m_translator).html;
    QVERIFY(!hostile.contains("<script") && !hostile.contains("<img src=x"));
    QVERIFY(hostile.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
}

void TestPages::forbiddenPage()
{
    ForbiddenContent content;
    content.who = QStringLiteral("bob@example.test");
    content.site = QStringLiteral("admin.example.test");
    content.signInUrl = Base + QStringLiteral("/signin?callbackUrl=https%3A%2F%2Fadmin.example.test%2F&x=1");
    const Page page = forbidden(referenceContext(), content, m_translator);
    QCOMPARE(page.status, 403);
    const QString html = QString::fromUtf8(page.html);
    QVERIFY(html.contains(u"<title>Access Denied</title>"));
    QVERIFY(html.contains(u"<h1>Access Denied</h1>"));
    QVERIFY(html.contains(u"<p>You are signed in as bob@example.test, who may not open admin.example.test.</p>"));
    QVERIFY(html.contains(u"<a class=\"gh-button gh-link\" href=\"http://127.0.0.1:9300/auth/signin?"
                          "callbackUrl=https%3A%2F%2Fadmin.example.test%2F&amp;x=1\">Sign in as someone else</a>"));
    QVERIFY(page.contentSecurityPolicy.contains("frame-ancestors 'none'"));

    PageContext german = referenceContext();
    german.language = QStringLiteral("de");
    const QString deutsch = QString::fromUtf8(forbidden(german, content, m_translator).html);
    QVERIFY(deutsch.contains(u"<h1>Zugriff verweigert</h1>"));
    QVERIFY(deutsch.contains(u">Mit einem anderen Konto anmelden</a>"));
    QVERIFY(deutsch.contains(u"Sie sind als bob@example.test angemeldet und dürfen admin.example.test nicht öffnen."));

    // The person's name and the host come from a token and a proxy's header: printed as text.
    content.who = QStringLiteral("\"><script>alert(1)</script>");
    content.site = QStringLiteral("<img src=x onerror=alert(1)>");
    const QByteArray hostile = forbidden(referenceContext(), content, m_translator).html;
    QVERIFY(!hostile.contains("<script") && !hostile.contains("<img src=x"));
    QVERIFY(hostile.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));

    // Nobody named: a site the rules close to everyone, and no way to sign in that would help.
    ForbiddenContent closed;
    closed.site = QStringLiteral("intranet.example.test");
    const Page closedPage = forbidden(referenceContext(), closed, m_translator);
    QCOMPARE(closedPage.status, 403);
    const QString closedHtml = QString::fromUtf8(closedPage.html);
    QVERIFY(closedHtml.contains(u"<h1>Access Denied</h1>"));
    QVERIFY(closedHtml.contains(u"<p>No one may open intranet.example.test.</p>"));
    QVERIFY(!closedHtml.contains(u"signin"));
    QVERIFY(!closedHtml.contains(u"signed in as"));
    QVERIFY(QString::fromUtf8(forbidden(german, closed, m_translator).html)
                .contains(u"<p>Niemand darf intranet.example.test öffnen.</p>"));
}

QTEST_GUILESS_MAIN(TestPages)
#include "tst_pages.moc"
