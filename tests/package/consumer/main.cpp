// A program outside the Gatehouse tree, built against the installed package: it configures
// an engine with a credentials provider, signs in and reads the session back, and checks that
// the library is the version of its headers.
#include <gatehouse/auth.h>
#include <gatehouse/jwt.h>
#include <gatehouse/version.h>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    Gatehouse::Config config;
    config.secret = {QStringLiteral("consumer-secret-consumer-secret-000000")};
    config.trustHost = true;
    Gatehouse::Provider credentials;
    credentials.id = credentials.name = QStringLiteral("credentials");
    credentials.type = QStringLiteral("credentials");
    credentials.authorize = [](const QJsonObject &c, const Gatehouse::AuthRequest &) {
        std::optional<QJsonObject> user;
        if (c.value(QStringLiteral("password")).toString() == QStringLiteral("pw"))
            user = QJsonObject{{QStringLiteral("id"), QStringLiteral("42")}, {QStringLiteral("name"), QStringLiteral("Consumer")}};
        return QtFuture::makeReadyFuture(user);
    };
    config.providers = {credentials};
    const Gatehouse::Auth auth(config);

    Gatehouse::AuthRequest csrf;
    csrf.url = QUrl(QStringLiteral("http://localhost/auth/csrf"));
    const Gatehouse::AuthResponse csrfResponse = auth.handle(csrf).result();
    const QString token = QJsonDocument::fromJson(csrfResponse.body).object().value(QStringLiteral("csrfToken")).toString();
    QByteArray cookies;
    for (const auto &c : csrfResponse.cookies)
        cookies += c.toHeaderValue().split(';').first() + "; ";

    Gatehouse::AuthRequest signIn;
    signIn.method = "POST";
    signIn.url = QUrl(QStringLiteral("http://localhost/auth/callback/credentials"));
    signIn.headers = {{"Content-Type", "application/x-www-form-urlencoded"}, {"Cookie", cookies}};
    signIn.body = "csrfToken=" + token.toLatin1() + "&password=pw";
    const Gatehouse::AuthResponse signedIn = auth.handle(signIn).result();
    QString sessionToken;
    for (const auto &c : signedIn.cookies) {
        if (c.name == QLatin1String("authjs.session-token"))
            sessionToken = c.value;
    }
    const auto claims = Gatehouse::Jwt::decode({sessionToken, config.secret, QStringLiteral("authjs.session-token")});
    if (signedIn.status != 302 || !claims || claims->value(QStringLiteral("sub")).toString() != QLatin1String("42")) {
        std::fprintf(stderr, "sign-in through the installed library failed (status %d)\n", signedIn.status);
        return 1;
    }
    if (QByteArray(Gatehouse::versionString()) != GATEHOUSE_VERSION_STRING) {
        std::fprintf(stderr, "the library is %s, its headers %s\n", Gatehouse::versionString(), GATEHOUSE_VERSION_STRING);
        return 1;
    }
    std::printf("libgatehouse %s: signed in as %s\n", Gatehouse::versionString(),
                qPrintable(claims->value(QStringLiteral("name")).toString()));
    return 0;
}
