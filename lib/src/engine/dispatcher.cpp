#include "engine/dispatcher.h"

#include "actions/routes.h"
#include "request/errorresponse.h"
#include "request/initialize.h"
#include "request/pageresponses.h"
#include "core/futures.h"
#include "core/clientaddress.h"
#include "core/logging.h"
#include "core/urls.h"

#include <gatehouse/errors.h>

#include <QJsonObject>

namespace Gatehouse {

namespace {

AuthResponse badRequest()
{
    return AuthResponse::json(QStringLiteral("Bad request."), 400);
}

//! Auth.js's answer to a configuration it cannot serve (untrusted host, missing secret).
AuthResponse configurationError(const RequestState &state, const Actions::Route &route)
{
    if (!route.page() || state.request.method != "GET") {
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
                          errorPageUrl(state, Configuration()).toUtf8()});
        return r;
    }
    return PageResponses::error(state, Configuration().kind());
}

} // namespace

QFuture<AuthResponse> dispatch(const Actions::Route &route, std::shared_ptr<const EngineData> engine,
                               std::shared_ptr<const Config> config, const AuthRequest &request,
                               const QString &configProblem, Caller caller)
{
    if (!route.valid())
        return QtFuture::makeReadyFuture(badRequest());
    if (!route.anyMethod() && request.method != "GET" && request.method != "POST") {
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
    s.baseUrl = s.origin.origin + Urls::basePathPrefix(s.config.basePath);
    s.returnRedirectAsJson = !request.header("x-auth-return-redirect").isEmpty();
    s.internal = caller == Caller::Internal;
    s.query = QUrlQuery(request.url);

    if (!s.origin.trusted || !configProblem.isEmpty()) {
        if (!configProblem.isEmpty()) {
            logError(s.config, MissingSecret(configProblem));
        } else {
            logError(s.config, UntrustedHost(QStringLiteral("Host must be trusted. URL was: %1. Set trustHost or AUTH_URL.")
                                                 .arg(request.url.toString(QUrl::RemoveQuery))));
        }
        s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
        return QtFuture::makeReadyFuture(configurationError(s, route));
    }

    if (!s.providerId.isEmpty()) {
        for (const Provider &p : s.config.providers) {
            if (p.id == s.providerId) {
                s.provider = &p;
                break;
            }
        }
        if (!s.provider && s.action == QLatin1String("token"))  // a JSON API: no redirect to a page
            return QtFuture::makeReadyFuture(jsonError(NotFound(), 404));
        if (!s.provider) {
            return QtFuture::makeReadyFuture(errorResponse(
                s, InvalidProvider(QStringLiteral("no provider with id '%1'").arg(s.providerId))));
        }
    }

    if (!route.initialize() && (request.method == "GET" || route.anyMethod()))
        return Actions::run(route, state);  // providers, authz/*: nothing to initialise

    QFuture<AuthResponse> response;
    try {
        QFuture<void> ready = initialize(state);
        response = ready.isFinished() && !ready.isCanceled()
            ? Actions::run(route, state)
            : ready.then(QtFuture::Launch::Sync, [route, state]() { return Actions::run(route, state); }).unwrap();
    } catch (...) {
        response = failedFuture<AuthResponse>(std::current_exception());
    }
    if (response.isFinished() && !response.isCanceled())
        return response;  // the common, synchronous path
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

AuthResponse notFoundPage(std::shared_ptr<const EngineData> engine, std::shared_ptr<const Config> config,
                          const AuthRequest &request)
{
    RequestState s(std::move(engine), std::move(config), request);
    s.origin = resolveOrigin(request, s.config);
    // The page names the site it belongs to: not one that an untrusted Host header made up.
    AuthResponse response = AuthResponse::json(QStringLiteral("Not found."), 404);
    if (s.origin.trusted) {
        s.baseUrl = s.origin.origin + Urls::basePathPrefix(s.config.basePath);
        response = PageResponses::notFound(s);
    }
    if (request.method == "HEAD")
        response.body.clear();
    return response;
}

} // namespace Gatehouse
