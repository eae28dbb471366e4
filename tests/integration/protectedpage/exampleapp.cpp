#include "exampleapp.h"

#include <gatehouse/httpserverintegration.h>

#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QJsonObject>

namespace Example {

Gatehouse::Config configuration(const QString &secret)
{
    Gatehouse::Config config;
    config.secret = {secret};
    config.trustHost = true;
    Gatehouse::Provider credentials;
    credentials.id = QStringLiteral("credentials");
    credentials.name = QStringLiteral("Example");
    credentials.type = QStringLiteral("credentials");
    credentials.options.insert(QStringLiteral("credentials"), QJsonObject{
        {QStringLiteral("username"), QJsonObject{{QStringLiteral("label"), QStringLiteral("Username")}}},
        {QStringLiteral("password"), QJsonObject{{QStringLiteral("label"), QStringLiteral("Password")},
                                                 {QStringLiteral("type"), QStringLiteral("password")}}}});
    credentials.authorize = [](const QJsonObject &fields, const Gatehouse::AuthRequest &) {
        std::optional<QJsonObject> user;
        if (fields.value(QStringLiteral("username")).toString() == QLatin1String("alice")
            && fields.value(QStringLiteral("password")).toString() == QLatin1String("alice-password"))
            user = QJsonObject{{QStringLiteral("id"), QStringLiteral("1")}, {QStringLiteral("name"), QStringLiteral("Alice")}};
        return QtFuture::makeReadyFuture(user);
    };
    config.providers = {credentials};
    return config;
}

void installRoutes(QHttpServer &server, const Gatehouse::Auth &auth, Gatehouse::HttpServerIntegration &gatehouse)
{
    gatehouse.mount(&server);
    server.route(QStringLiteral("/"), []() {
        return QStringLiteral("<a href=\"/dashboard\">Dashboard</a>");
    });
    server.route(QStringLiteral("/dashboard"),
        gatehouse.protect([](const Gatehouse::AuthRequest &, const std::optional<QJsonObject> &session) {
            const QString name = session->value(QStringLiteral("user")).toObject().value(QStringLiteral("name")).toString();
            return QtFuture::makeReadyFuture(
                Gatehouse::AuthResponse::html(QStringLiteral("<h1>Hello %1</h1>").arg(name.toHtmlEscaped()).toUtf8()));
        }));
    server.route(QStringLiteral("/api/me"), [&auth](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        const Gatehouse::AuthRequest authRequest = Gatehouse::HttpServerIntegration::toAuthRequest(request, responder.socket());
        Gatehouse::HttpServerIntegration::respond(request, std::move(responder),
            auth.session(authRequest).then([](const std::optional<QJsonObject> &session) {
                return Gatehouse::AuthResponse::json(session ? QJsonValue(*session) : QJsonValue(QJsonValue::Null));
            }));
    });
}

} // namespace Example
