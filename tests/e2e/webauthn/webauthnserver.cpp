// The server of the WebAuthn end-to-end test: Gatehouse on a QHttpServer at
// http://localhost:<port>/auth with an in-memory adapter and one passkey provider, plus a home
// page at / that says who is signed in. Prints "listening on <origin>" once it accepts requests.
//
//   webauthn_e2e_server [--port N] [--algorithm ES256|RS256|EdDSA]
//
// --algorithm restricts what new passkeys may use (registrationOptions.supportedAlgorithmIDs),
// so that the browser's virtual authenticator creates a key of that type.
#include <gatehouse/auth.h>
#include <gatehouse/httpserverintegration.h>
#include <gatehouse/memoryadapter.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QTcpServer>
#include <QTextStream>

using namespace Gatehouse;

namespace {

Config configuration(qint64 algorithm)
{
    Config config;
    config.secret = {QStringLiteral("webauthn-e2e-secret-webauthn-e2e-secret")};
    config.trustHost = true;
    config.adapter = std::make_shared<MemoryAdapter>();
    config.experimental.enableWebAuthn = true;
    Provider passkey;
    passkey.id = QStringLiteral("passkey");
    passkey.name = QStringLiteral("Passkey");
    passkey.type = QStringLiteral("webauthn");
    passkey.options = QJsonObject{
        {QStringLiteral("formFields"),
         QJsonObject{{QStringLiteral("email"), QJsonObject{{QStringLiteral("label"), QStringLiteral("Email")},
                                                           {QStringLiteral("type"), QStringLiteral("email")},
                                                           {QStringLiteral("required"), true},
                                                           {QStringLiteral("autocomplete"), QStringLiteral("username webauthn")}}}}},
        {QStringLiteral("registrationOptions"),
         QJsonObject{{QStringLiteral("supportedAlgorithmIDs"), QJsonArray{algorithm}}}},
    };
    config.providers = {passkey};
    return config;
}

QByteArray homePage(const std::optional<QJsonObject> &session)
{
    const QString who = session ? QStringLiteral("Signed in as %1").arg(session->value(QStringLiteral("user")).toObject()
                                                                            .value(QStringLiteral("email")).toString().toHtmlEscaped())
                                : QStringLiteral("Not signed in");
    return QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>WebAuthn test app</title></head>"
                          "<body><p id=\"who\">%1</p><p><a href=\"/auth/signin\">Sign in</a> "
                          "<a href=\"/auth/signout\">Sign out</a></p></body></html>")
        .arg(who)
        .toUtf8();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("port"), QStringLiteral("TCP port on 127.0.0.1 (0: any free one)"), QStringLiteral("port"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("algorithm"), QStringLiteral("ES256, RS256 or EdDSA"), QStringLiteral("name"), QStringLiteral("ES256")});
    parser.process(app);
    const QHash<QString, qint64> algorithms = {{QStringLiteral("ES256"), -7}, {QStringLiteral("RS256"), -257}, {QStringLiteral("EdDSA"), -8}};
    const QString algorithm = parser.value(QStringLiteral("algorithm"));
    if (!algorithms.contains(algorithm)) {
        QTextStream(stderr) << "unknown --algorithm " << algorithm << "; use ES256, RS256 or EdDSA\n";
        return 2;
    }

    const Auth auth(configuration(algorithms.value(algorithm)));
    QHttpServer server;
    HttpServerIntegration gatehouse([&auth](const AuthRequest &request) { return auth.handle(request); });
    if (!gatehouse.mount(&server, QStringLiteral("/auth")))
        return 1;
    server.route(QStringLiteral("/"), [&auth](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        const QFuture<AuthResponse> page = auth.session(HttpServerIntegration::toAuthRequest(request))
            .then(QtFuture::Launch::Sync,
                  [](const std::optional<QJsonObject> &session) { return AuthResponse::html(homePage(session)); });
        HttpServerIntegration::respond(request, std::move(responder), page);
    });
    const quint16 port = server.listen(QHostAddress::LocalHost, quint16(parser.value(QStringLiteral("port")).toUInt()));
    if (!port) {
        QTextStream(stderr) << "cannot listen on 127.0.0.1\n";
        return 1;
    }
    QTextStream(stdout) << "listening on http://localhost:" << port << Qt::endl;
    return app.exec();
}
