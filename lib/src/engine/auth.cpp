#include "engine/authprivate.h"

#include "core/clientaddress.h"
#include "core/origin.h"
#include "core/urls.h"
#include "engine/dispatcher.h"
#include "core/futures.h"
#include "metrics/catalogue.h"
#include "oidclogout/logoutoutbox.h"
#include "oidclogout/sessionend.h"
#include "request/errorresponse.h"
#include "session/sessionreader.h"

#include <gatehouse/configcheck.h>
#include <gatehouse/errors.h>

#include <QJsonDocument>

namespace Gatehouse {

namespace {

/*!
 * Route protection while the session store fails: a 503 with Retry-After, the error page for a
 * browser and the session endpoint's JSON for anything else; never the sign-in page.
 * \a sessionAnswer is that JSON answer.
 */
QFuture<Authorization> unavailable(const AuthPrivate &engine, const AuthRequest &request, AuthResponse sessionAnswer)
{
    const auto denied = [](AuthResponse response) {
        response.cookies.clear();  // the engine's own cookies (CSRF) are no business of the host's route
        return Authorization{std::nullopt, std::move(response), SessionStatus::Unavailable};
    };
    if (!request.header("accept").contains("text/html"))
        return QtFuture::makeReadyFuture(denied(std::move(sessionAnswer)));
    return engine.internalCall(request, "GET", QStringLiteral("error"), {}, false, Urls::errorQuery(SessionUnavailable().kind()))
        .then(QtFuture::Launch::Sync, denied);
}

//! The session endpoint's answer to a store that failed with \a error (storeFailure()).
AuthResponse unavailableAnswer(const RequestState &state, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        return storeFailure(state, e);
    } catch (...) {  // the reader fails only with AuthErrors; should another come, it is still no answer
        return storeFailure(state, SessionUnavailable(QStringLiteral("the session store failed")));
    }
}

void throwIfInvalid(const Config &config)
{
    if (config.secret.isEmpty() || config.secret.first().isEmpty())
        throw MissingSecret(QStringLiteral("Please define a `secret` (or set AUTH_SECRET)."));
    QStringList errors;
    for (const ConfigProblem &problem : checkConfig(config)) {
        if (problem.severity == ConfigProblem::Severity::Error)
            errors << problem.toString();
    }
    if (!errors.isEmpty())
        throw InvalidConfiguration(errors.join(QLatin1Char('\n')));
}

} // namespace

AuthPrivate::AuthPrivate(std::shared_ptr<const Config> config, ConfigFactory factory)
    : config(std::move(config))
    , factory(std::move(factory))
    , engine(std::make_shared<EngineData>(*this->config))
{
    const Config &c = *this->config;
    if (!OidcLogout::backchannelLogoutConfigured(c))
        return;
    const std::shared_ptr<const Stores> stores = engine->storesFor(c.adapter);
    if (!stores || !stores->oidcSessions)
        return;
    OidcLogout::LogoutOutbox::Setup setup;
    setup.clients = c.oidcProvider->clients;
    // Deliveries recorded with no issuer (before schema step 24) use the fixed one, if any.
    if (c.url.isValid() && !c.url.host().isEmpty())
        setup.issuer = c.url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
                           .toString(QUrl::FullyEncoded)
            + Urls::basePathPrefix(c.basePath);
    setup.keys = engine->oidcSigningKeys();
    setup.store = stores->oidcSessions;
    setup.audit = stores->audit;
    logoutOutbox = std::make_shared<OidcLogout::LogoutOutbox>(std::move(setup));
}

std::shared_ptr<const Config> AuthPrivate::configFor(const AuthRequest &request, QString *problem) const
{
    if (!factory)
        return config;
    auto computed = std::make_shared<const Config>(factory(&request));
    try {
        throwIfInvalid(*computed);
    } catch (const AuthError &e) {
        *problem = e.message();
    }
    return computed;
}

QFuture<AuthResponse> AuthPrivate::handle(const AuthRequest &request) const
{
    QString problem;
    std::shared_ptr<const Config> effective = configFor(request, &problem);
    const Actions::Route route = Actions::parseRoute(request.url.path(QUrl::FullyDecoded), effective->basePath, effective->oidcProvider.has_value());
    if (!Metrics::enabled())
        return dispatch(route, engine, std::move(effective), request, problem);
    const Metrics::Clock::time_point started = Metrics::Clock::now();
    const QByteArrayView action = route.metricsLabel;
    QFuture<AuthResponse> response = dispatch(route, engine, std::move(effective), request, problem);
    if (response.isFinished() && !response.isCanceled() && response.resultCount() > 0) {
        Metrics::recordRequest(action, response.result().status, started);  // the common, synchronous path
        return response;
    }
    return response.then(QtFuture::Launch::Sync, [action, started](const AuthResponse &answer) {
        Metrics::recordRequest(action, answer.status, started);
        return answer;
    });
}

QFuture<AuthResponse> AuthPrivate::internalCall(const AuthRequest &request, const QByteArray &method,
                                              const QString &action, const QJsonObject &body, bool asJson,
                                              const QString &query) const
{
    QString problem;
    std::shared_ptr<const Config> effective = configFor(request, &problem);
    AuthRequest call;
    call.method = method;
    call.url = request.url;
    call.url.setPath(Urls::basePathPrefix(effective->basePath) + QLatin1Char('/') + action);
    call.url.setQuery(query);
    call.remoteAddress = request.remoteAddress;
    // Keep what identifies the client (cookies, forwarding headers, language), drop the rest.
    for (const auto &h : request.headers) {
        const QByteArray name = h.first.toLower();
        if (name == "cookie" || name.startsWith("x-forwarded-") || name == "accept-language" || name == "host"
            || name == "user-agent")
            call.headers.append(h);
    }
    if (asJson)
        call.headers.append({QByteArrayLiteral("X-Auth-Return-Redirect"), QByteArrayLiteral("1")});
    if (method == "POST") {
        call.headers.append({QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")});
        call.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    const Actions::Route route = Actions::parseRoute(call.url.path(QUrl::FullyDecoded), effective->basePath, effective->oidcProvider.has_value());
    return dispatch(route, engine, std::move(effective), call, problem, Caller::Internal);
}

QFuture<AuthPrivate::SessionAnswer> AuthPrivate::session(const AuthRequest &request) const
{
    // What GET {basePath}/session answers, read directly (session/sessionreader.h): the same
    // callbacks and event, no JSON written and parsed again, no cookie encrypted for nobody.
    QString problem;
    auto state = std::make_shared<RequestState>(engine, configFor(request, &problem), request);
    RequestState &s = *state;
    s.action = QStringLiteral("session");
    s.internal = true;
    s.origin = resolveOrigin(request, s.config);
    s.clientAddress = clientAddress(request, s.config.trustedProxies);
    s.baseUrl = s.origin.origin + Urls::basePathPrefix(s.config.basePath);
    s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
    if (!s.origin.trusted || !problem.isEmpty()) {
        // A server that cannot serve at all: no session, as the endpoint's 500 without an error says.
        if (!problem.isEmpty()) {
            logError(s.config, MissingSecret(problem));
        } else {
            logError(s.config, UntrustedHost(QStringLiteral("Host must be trusted. URL was: %1. Set trustHost or AUTH_URL.")
                                                 .arg(request.url.toString(QUrl::RemoveQuery))));
        }
        return QtFuture::makeReadyFuture(SessionAnswer());
    }
    s.requestCookies = request.cookies();
    SessionReadOptions options;
    options.clientSession = true;
    options.groups = s.config.access.groups.session;
    QFuture<SessionAnswer> answer = readSession(state, options, [state](const CurrentSession &found) {
        SessionAnswer answer;
        answer.status = found.status();
        if (found.status() == SessionStatus::Unavailable)
            answer.response = unavailableAnswer(*state, found.error());
        else if (found.signedIn())
            answer.session = clientSessionObject(found);
        return answer;
    });
    if (answer.isFinished() && answer.resultCount() > 0)
        return answer;
    // A failing jwt or session callback ends the session, as at the session endpoint.
    return answer.then(QtFuture::Launch::Sync, [state](QFuture<SessionAnswer> finished) {
        try {
            return finished.result();
        } catch (...) {
            logFailure(state->config, std::current_exception());
            return SessionAnswer();
        }
    });
}

Auth::Auth(const Config &config)
{
    throwIfInvalid(config);
    d = std::make_shared<const AuthPrivate>(std::make_shared<const Config>(config), ConfigFactory());
}

Auth::Auth(ConfigFactory factory)
{
    // The request-less configuration seeds the shared key cache and is what config() returns.
    auto initial = std::make_shared<const Config>(factory(nullptr));
    d = std::make_shared<const AuthPrivate>(std::move(initial), std::move(factory));
}

Auth::~Auth() = default;
Auth::Auth(const Auth &) = default;
Auth &Auth::operator=(const Auth &) = default;

QFuture<AuthResponse> Auth::handle(const AuthRequest &request) const
{
    return d->handle(request);
}

AuthResponse Auth::notFound(const AuthRequest &request) const
{
    QString problem;
    return notFoundPage(d->engine, d->configFor(request, &problem), request);
}

QFuture<std::optional<QJsonObject>> Auth::session(const AuthRequest &request) const
{
    return d->session(request).then(QtFuture::Launch::Sync, [](const AuthPrivate::SessionAnswer &answer) {
        if (answer.status == SessionStatus::Unavailable)
            throw SessionUnavailable(QStringLiteral("the session store failed (the session endpoint answered %1); "
                                                    "whether the request is signed in is unknown")
                                         .arg(answer.response.status));
        return answer.session;
    });
}

QFuture<AuthResponse> Auth::signIn(const AuthRequest &request, const QString &provider,
                                   const SignInOptions &options) const
{
    QJsonObject body = options.fields;
    if (!options.redirectTo.isEmpty())
        body.insert(QStringLiteral("callbackUrl"), options.redirectTo);
    if (!options.authorizationParams.isEmpty())
        body.insert(QStringLiteral("authorizationParams"), options.authorizationParams);
    if (provider.isEmpty()) {
        // No provider: send the client to the sign-in page, which comes back to redirectTo.
        const RequestOrigin origin = resolveOrigin(request, *d->config);
        const QString back = options.redirectTo.isEmpty() ? request.url.toString() : options.redirectTo;
        const QString url = Urls::signInThenBackTo(d->config->pageUrl(PagesOptions::Page::SignIn, origin.origin), back);
        if (!options.redirect)
            return QtFuture::makeReadyFuture(AuthResponse::json(QJsonObject{{QStringLiteral("url"), url}}));
        return QtFuture::makeReadyFuture(AuthResponse::redirect(QUrl(url)));
    }
    const Provider *target = nullptr;
    for (const Provider &p : d->config->providers) {
        if (p.id == provider)
            target = &p;
    }
    const bool credentials = target && target->isCredentials();
    return d->internalCall(request, "POST", (credentials ? QStringLiteral("callback/") : QStringLiteral("signin/")) + provider,
                           body, !options.redirect);
}

QFuture<AuthResponse> Auth::signOut(const AuthRequest &request, const SignOutOptions &options) const
{
    QJsonObject body;
    if (!options.redirectTo.isEmpty())
        body.insert(QStringLiteral("callbackUrl"), options.redirectTo);
    return d->internalCall(request, "POST", QStringLiteral("signout"), body, !options.redirect);
}

QFuture<AuthResponse> Auth::update(const AuthRequest &request, const QJsonObject &data) const
{
    return d->internalCall(request, "POST", QStringLiteral("session"), QJsonObject{{QStringLiteral("data"), data}}, false);
}

QFuture<Authorization> Auth::authorize(const AuthRequest &request) const
{
    const std::shared_ptr<const AuthPrivate> self = d;
    return d->session(request).then(QtFuture::Launch::Sync,
        [self, request](const AuthPrivate::SessionAnswer &answer) -> QFuture<Authorization> {
            if (answer.status == SessionStatus::Unavailable)
                return unavailable(*self, request, answer.response);
            const std::optional<QJsonObject> &session = answer.session;
            const Config &config = *self->config;
            // Denied: to the sign-in page on the requested host, coming back to the requested URL.
            const auto toSignIn = [&config, request]() {
                const QString origin =
                    request.url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment).toString();
                return AuthResponse::redirect(
                    QUrl(Urls::signInThenBackTo(config.pageUrl(PagesOptions::Page::SignIn, origin), request.url.toString())));
            };
            const SessionStatus status = answer.status;
            if (!config.callbacks.authorized)
                return QtFuture::makeReadyFuture(
                    Authorization{session, session ? std::nullopt : std::optional(toSignIn()), status});
            return config.callbacks.authorized({session, request})
                .then(QtFuture::Launch::Sync, [toSignIn, session, status](const AuthorizedDecision &decision) {
                    if (decision.response)
                        return Authorization{session, decision.response, status};
                    return Authorization{session, decision.allow ? std::nullopt : std::optional(toSignIn()), status};
                });
        })
        .unwrap();
}

QFuture<std::optional<QJsonObject>> getSession(const AuthRequest &request, const Config &config)
{
    return Auth(config).session(request);
}

QFuture<QString> Auth::accessToken(const QString &userId, const QString &provider) const
{
    if (const AccessTokens *tokens = d->engine->accessTokens())
        return tokens->accessToken(userId, provider);
    return failedFuture<QString>(std::make_exception_ptr(MissingAdapterMethods(
        QStringLiteral("accessToken() needs an adapter that implements AccountTokenStore (SqlAdapter, MemoryAdapter)"))));
}

const Config &Auth::config() const
{
    return *d->config;
}

} // namespace Gatehouse
