// The URLs many places send a browser to, each built once (core/urls.h): the sign-in page that
// comes back, a provider's sign-in and a page with an error, with what a client may put in them.
#include "core/urls.h"

#include <QTest>
#include <QUrl>
#include <QUrlQuery>

using namespace Gatehouse;

Q_DECLARE_METATYPE(std::optional<QString>)

class TestUrls : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signInThenBackTo_data()
    {
        QTest::addColumn<QString>("signInPage");
        QTest::addColumn<QString>("callbackUrl");
        QTest::addColumn<QString>("expected");
        const QString page = QStringLiteral("https://app.example/auth/signin");
        QTest::newRow("plain") << page << "https://app.example/account"
                               << "https://app.example/auth/signin?callbackUrl=https%3A%2F%2Fapp.example%2Faccount";
        QTest::newRow("a callback with its own query")
            << page << "https://app.example/a?x=1&callbackUrl=https://evil.example"
            << "https://app.example/auth/signin?callbackUrl=https%3A%2F%2Fapp.example%2Fa%3Fx%3D1%26callbackUrl%3Dhttps%3A%2F%2Fevil.example";
        QTest::newRow("a fragment") << page << "https://app.example/a#top"
                                    << "https://app.example/auth/signin?callbackUrl=https%3A%2F%2Fapp.example%2Fa%23top";
        QTest::newRow("encoded characters stay encoded once more")
            << page << "https://app.example/a%20b?q=%26"
            << "https://app.example/auth/signin?callbackUrl=https%3A%2F%2Fapp.example%2Fa%2520b%3Fq%3D%2526";
        QTest::newRow("spaces, plus and non-ASCII") << page << "/path with+plus/é"
                                                    << "https://app.example/auth/signin?callbackUrl=%2Fpath%20with%2Bplus%2F%C3%A9";
        QTest::newRow("a custom sign-in page with a query of its own")
            << "https://app.example/login?theme=dark" << "/account"
            << "https://app.example/login?theme=dark&callbackUrl=%2Faccount";
        QTest::newRow("a base path") << "http://127.0.0.1:3000/api/auth/signin" << "http://127.0.0.1:3000/api/auth/account"
                                     << "http://127.0.0.1:3000/api/auth/signin?callbackUrl=http%3A%2F%2F127.0.0.1%3A3000%2Fapi%2Fauth%2Faccount";
        QTest::newRow("an empty callback") << page << QString() << "https://app.example/auth/signin?callbackUrl=";
    }

    void signInThenBackTo()
    {
        QFETCH(QString, signInPage);
        QFETCH(QString, callbackUrl);
        QFETCH(QString, expected);
        const QString url = Urls::signInThenBackTo(signInPage, callbackUrl);
        QCOMPARE(url, expected);
        // The sign-in page reads back exactly the URL it was given, whatever it held.
        QCOMPARE(QUrlQuery(QUrl(url)).queryItemValue(QStringLiteral("callbackUrl"), QUrl::FullyDecoded), callbackUrl);
    }

    void providerSignIn_data()
    {
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<QString>("providerId");
        QTest::addColumn<QString>("expected");
        QTest::newRow("default base path") << "https://app.example/auth" << "github" << "https://app.example/auth/signin/github";
        QTest::newRow("another base path") << "http://127.0.0.1:3000/api/auth" << "local-idp"
                                           << "http://127.0.0.1:3000/api/auth/signin/local-idp";
        QTest::newRow("base path /") << "https://app.example" << "google" << "https://app.example/signin/google";
        // Configured ids are [A-Za-z0-9_-]; anything else still cannot leave its path segment.
        QTest::newRow("slash, query and fragment stay in the segment")
            << "https://app.example/auth" << "a/../b?x#y" << "https://app.example/auth/signin/a%2F..%2Fb%3Fx%23y";
    }

    void providerSignIn()
    {
        QFETCH(QString, baseUrl);
        QFETCH(QString, providerId);
        QFETCH(QString, expected);
        QCOMPARE(Urls::providerSignIn(baseUrl, providerId), expected);
    }

    void withError_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("error");
        QTest::addColumn<std::optional<QString>>("code");
        QTest::addColumn<QString>("expected");
        QTest::newRow("error page") << "https://app.example/auth/error" << "Configuration" << std::optional<QString>()
                                    << "https://app.example/auth/error?error=Configuration";
        QTest::newRow("credentials code") << "https://app.example/auth/signin" << "CredentialsSignin"
                                          << std::optional<QString>(QStringLiteral("credentials"))
                                          << "https://app.example/auth/signin?error=CredentialsSignin&code=credentials";
        QTest::newRow("an empty code is still named") << "https://app.example/auth/signin" << "CredentialsSignin"
                                                      << std::optional<QString>(QString())
                                                      << "https://app.example/auth/signin?error=CredentialsSignin&code=";
        QTest::newRow("a code cannot add parameters") << "https://app.example/auth/signin" << "CredentialsSignin"
                                                      << std::optional<QString>(QStringLiteral("x&callbackUrl=https://evil.example#f"))
                                                      << "https://app.example/auth/signin?error=CredentialsSignin&code=x%26callbackUrl%3Dhttps%3A%2F%2Fevil.example%23f";
        QTest::newRow("a custom page with a query") << "https://app.example/oops?lang=de" << "AccessDenied"
                                                    << std::optional<QString>() << "https://app.example/oops?lang=de&error=AccessDenied";
        QTest::newRow("after a callback URL") << "https://app.example/login?callbackUrl=%2Fa%3Fb%3D1" << "a b&c"
                                              << std::optional<QString>()
                                              << "https://app.example/login?callbackUrl=%2Fa%3Fb%3D1&error=a%20b%26c";
    }

    void withError()
    {
        QFETCH(QString, page);
        QFETCH(QString, error);
        QFETCH(std::optional<QString>, code);
        QFETCH(QString, expected);
        QCOMPARE(Urls::withError(page, error, code), expected);
        QCOMPARE(QUrlQuery(QUrl(expected)).queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded), error);
    }

    void errorQueryAlone()
    {
        // The engine's internal call to the error page takes the query alone.
        QCOMPARE(Urls::errorQuery(QStringLiteral("Unavailable")), QStringLiteral("error=Unavailable"));
    }
};

QTEST_APPLESS_MAIN(TestUrls)
#include "tst_urls.moc"
