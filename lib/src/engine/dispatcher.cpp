#include "engine/dispatcher.h"

#include "actions/actions.h"
#include "request/errorresponse.h"
#include "request/initialize.h"
#include "actions/pageresponses.h"
#include "core/futures.h"
#include "signin/webauthnflow.h"
#include "core/clientaddress.h"
#include "core/logging.h"

#include <gatehouse/errors.h>

#include <QJsonObject>
#include <QSet>

namespace Gatehouse {

namespace {

AuthResponse badRequest()
{
    return AuthResponse::json(QStringLiteral("Bad request."), 400);
}

struct Route
{
    QString action;
    QString providerId;
    bool valid = false;
};

Route parseRoute(const AuthRequest &request, const QString &basePath)
{
    static const QSet<QString> actions = {
        QStringLiteral("providers"), QStringLiteral("session"), QStringLiteral("csrf"),
        QStringLiteral("signin"), QStringLiteral("signout"), QStringLiteral("callback"),
        QStringLiteral("verify-request"), QStringLiteral("error"), QStringLiteral("webauthn-options"),
        QStringLiteral("token")};
    static const QSet<QString> withProvider = {
        QStringLiteral("signin"), QStringLiteral("callback"), QStringLiteral("webauthn-options"), QStringLiteral("token")};

    Route route;
    const QString path = request.url.path(QUrl::FullyDecoded);
    const QString prefix = basePath == QLatin1String("/") ? QString() : basePath;
    if (!path.startsWith(prefix + QLatin1Char('/')))
        return route;
    const QStringList segments = path.mid(prefix.size() + 1).split(QLatin1Char('/'));
    if (segments.size() > 2 || !actions.contains(segments.at(0)))
        return route;
    route.action = segments.at(0);
    if (segments.size() == 2) {
        if (!withProvider.contains(route.action) || segments.at(1).isEmpty())
            return route;
        route.providerId = segments.at(1);
    }
    route.valid = true;
    return route;
}

//! Auth.js's answer to a configuration it cannot serve (untrusted host, missing secret).
AuthResponse configurationError(const RequestState &state)
{
    static const QSet<QString> htmlPages = {QStringLiteral("signin"), QStringLiteral("signout"),
                                            QStringLiteral("error"), QStringLiteral("verify-request")};
    if (!htmlPages.contains(state.action) || state.request.method != "GET") {
        return AuthResponse::json(
            QJsonObject{{QStringLiteral("message"),
                         QStringLiteral("There was a problem with the server configuration. "
                                        "Check the server logs for more information.")}},
            500);
    }
    if (!state.config.pages.error.isEmpty()) {
        AuthResponse r;
        r.status = 302;
        r.headers.append({QByteArrayLiteral("location"),
                          (state.pageUrl(QStringLiteral("error")) + QStringLiteral("?error=Configuration")).toUtf8()});
        return r;
    }
    return PageResponses::error(state, QStringLiteral("Configuration"));
}

QFuture<AuthResponse> runAction(const State &state)
{
    const RequestState &s = *state;
    const QString &action = s.action;
    if (s.request.method == "GET") {
        if (action == QLatin1String("csrf"))
            return QtFuture::makeReadyFuture(Actions::csrf(s));
        if (action == QLatin1String("session"))
            return Actions::session(state);
        if (action == QLatin1String("signin"))
            return Actions::signIn(state);
        if (action == QLatin1String("signout"))
            return Actions::signOut(state);
        if (action == QLatin1String("callback"))
            return Actions::callback(state);
        if (action == QLatin1String("error"))
            return QtFuture::makeReadyFuture(Actions::errorPage(s));
        if (action == QLatin1String("verify-request"))
            return QtFuture::makeReadyFuture(Actions::verifyRequest(s));
        // [GET actions of provider flows]
        if (action == QLatin1String("webauthn-options"))
            return WebAuthnFlow::options(state);
        if (action == QLatin1String("token"))
            return Actions::token(state);
    } else {
        if (action == QLatin1String("session"))
            return Actions::session(state);
        if (action == QLatin1String("signin"))
            return Actions::signIn(state);
        if (action == QLatin1String("signout"))
            return Actions::signOut(state);
        if (action == QLatin1String("callback"))
            return Actions::callback(state);
    }
    return QtFuture::makeReadyFuture(errorResponse(
        s, AuthError(QStringLiteral("UnknownAction"),
                     QStringLiteral("action %1 is not supported for %2").arg(action, QString::fromLatin1(s.request.method)))));
}

} // namespace

QFuture<AuthResponse> dispatch(std::shared_ptr<const EngineData> engine, std::shared_ptr<const Config> config,
                               const AuthRequest &request, const QString &configProblem, Caller caller)
{
    const Route route = parseRoute(request, config->basePath);
    if (!route.valid)
        return QtFuture::makeReadyFuture(badRequest());
    if (request.method != "GET" && request.method != "POST") {
        AuthResponse response = badRequest();
        if (request.method == "HEAD")
            response.body.clear();
        return QtFuture::makeReadyFuture(response);
    }

    auto state = std::make_shared<RequestState>(std::move(engine), std::move(config), request);
    RequestState &s = *state;
    s.action = route.action;
    s.providerId = route.providerId;
    s.origin = resolveOrigin(request, s.config);
    s.clientAddress = clientAddress(request, s.config.trustedProxies);
    s.baseUrl = s.origin.origin + (s.config.basePath == QLatin1String("/") ? QString() : s.config.basePath);
    s.returnRedirectAsJson = !request.header("x-auth-return-redirect").isEmpty();
    s.internal = caller == Caller::Internal;
    s.query = QUrlQuery(request.url);

    if (!s.origin.trusted || !configProblem.isEmpty()) {
        logError(s.config, !configProblem.isEmpty()
                     ? MissingSecret(configProblem)
                     : AuthError(QStringLiteral("UntrustedHost"),
                                 QStringLiteral("Host must be trusted. URL was: %1. Set trustHost or AUTH_URL.")
                                     .arg(request.url.toString(QUrl::RemoveQuery))));
        s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
        return QtFuture::makeReadyFuture(configurationError(s));
    }

    if (!s.providerId.isEmpty()) {
        for (const Provider &p : s.config.providers) {
            if (p.id == s.providerId) {
                s.provider = &p;
                break;
            }
        }
        if (!s.provider && s.action == QLatin1String("token"))  // a JSON API: no redirect to a page
            return QtFuture::makeReadyFuture(AuthResponse::json(QJsonObject{{QStringLiteral("error"), QStringLiteral("NotFound")}}, 404));
        if (!s.provider) {
            return QtFuture::makeReadyFuture(errorResponse(
                s, AuthError(QStringLiteral("InvalidProvider"),
                             QStringLiteral("no provider with id '%1'").arg(s.providerId))));
        }
    }

    if (s.action == QLatin1String("providers") && request.method == "GET")
        return QtFuture::makeReadyFuture(Actions::providers(s));

    QFuture<AuthResponse> response;
    try {
        QFuture<void> ready = initialize(state);
        response = ready.isFinished() && !ready.isCanceled()
            ? runAction(state)
            : ready.then(QtFuture::Launch::Sync, [state]() { return runAction(state); }).unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    if (response.isFinished() && !response.isCanceled())
        return response;  // the common, synchronous path
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse
