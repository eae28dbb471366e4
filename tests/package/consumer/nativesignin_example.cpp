// Signing in to a Gatehouse from a desktop app (gatehouse/nativesignin.h): the person signs in
// in the system browser, the app gets the tokens through a loopback redirect with PKCE, prints
// who signed in, and refreshes once. Built against the installed package (not run by the test:
// it needs a person at a browser).
//
//   nativesignin_example https://auth.example.test/auth [client-id]
//
// The client must be a public client of the server's oidcProvider with the redirect URI
// http://127.0.0.1/callback (gatehouse-admin, which "admin" adds, is one).
#include <gatehouse/nativesignin.h>

#include <QDesktopServices>
#include <QGuiApplication>
#include <QJsonDocument>

#include <cstdio>

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: %s ISSUER [CLIENT_ID]\n", argv[0]);
        return 2;
    }
    const QString clientId = args.value(2, QStringLiteral("gatehouse-admin"));
    auto *signIn = new Gatehouse::NativeSignIn(QUrl(args.at(1)), clientId,
                                               {QStringLiteral("email"), QStringLiteral("offline_access")}, &app);
    QObject::connect(signIn, &Gatehouse::NativeSignIn::authorizationUrlReady, [](const QUrl &url) {
        std::printf("Signing in in your browser: %s\n", qPrintable(url.toString()));
        QDesktopServices::openUrl(url);
    });

    // The futures may finish before app.exec() runs (an issuer refused at once): exit queued.
    const auto quit = [](int code) {
        QMetaObject::invokeMethod(qApp, [code] { QCoreApplication::exit(code); }, Qt::QueuedConnection);
    };
    const auto failed = [quit](const Gatehouse::NativeSignInError &e) {
        std::fprintf(stderr, "%s\n", e.what());
        if (e.reason() == Gatehouse::NativeSignInError::Reason::ProviderError)
            std::fprintf(stderr, "the server said: %s %s\n", qPrintable(e.error()), qPrintable(e.errorDescription()));
        quit(1);
    };
    signIn->signIn()
        .then(&app, [signIn](const Gatehouse::NativeSignInTokens &tokens) {
            std::printf("Signed in: %s\naccess token until %s\n",
                        QJsonDocument(tokens.idTokenClaims).toJson(QJsonDocument::Indented).constData(),
                        qPrintable(tokens.expiresAt.toString(Qt::ISODate)));
            if (tokens.refreshToken.isEmpty())
                return QtFuture::makeReadyFuture(tokens);
            // Keep the refresh token somewhere safe (the system's keychain); it is rotated.
            return signIn->refresh(tokens.refreshToken, tokens.idTokenClaims.value(QStringLiteral("sub")).toString());
        })
        .unwrap()
        .then(&app, [quit](const Gatehouse::NativeSignInTokens &tokens) {
            std::printf("Refreshed: access token until %s\n", qPrintable(tokens.expiresAt.toString(Qt::ISODate)));
            quit(0);
        })
        .onFailed(&app, failed);
    return app.exec();
}
