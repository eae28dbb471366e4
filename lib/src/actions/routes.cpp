#include "actions/routes.h"

#include "actions/actions.h"
#include "core/urls.h"
#include "oidcendpoints/oidcendpoints.h"
#include "request/errorresponse.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

namespace {

using Endpoint = QFuture<AuthResponse> (*)(const State &);

//! An endpoint that answers at once.
template<AuthResponse (*answer)(const RequestState &)>
QFuture<AuthResponse> now(const State &state)
{
    return QtFuture::makeReadyFuture(answer(*state));
}

//! What a route does beyond its endpoints; combined with |.
enum RouteFlag : unsigned {
    NoFlags = 0,
    TakesProvider = 1u << 0,  //!< <action>/<providerId> is a route too
    Page = 1u << 1,           //!< GET answers with an HTML page
    NoInitialize = 1u << 2,   //!< no initialize() (no CSRF cookie, no callback URL)
    AnyMethod = 1u << 3,      //!< every method is answered by get
    //! Served only with oidcProvider configured; without it the path is no route at all, as before.
    OidcOnly = 1u << 4,
};

//! RP-initiated logout, ending the session through sign-out's own path (events, audit).
QFuture<AuthResponse> oidcEndSession(const State &state)
{
    return OidcEndpoints::endSession(state, signOutTo);
}

} // namespace

struct RouteEntry
{
    QLatin1String action;
    const char *metricsLabel;
    Endpoint get;    //!< null: no GET
    Endpoint post;   //!< null: no POST
    unsigned flags;  //!< RouteFlag values

    bool has(RouteFlag flag) const { return (flags & flag) != 0; }
};

namespace {

// One line per endpoint of Auth.js's endpoint table, plus Gatehouse's own.
const RouteEntry kRoutes[] = {
    {QLatin1String("providers"), "providers", now<providers>, nullptr, NoInitialize},
    {QLatin1String("session"), "session", session, session, NoFlags},
    {QLatin1String("csrf"), "csrf", now<csrf>, nullptr, NoFlags},
    {QLatin1String("signin"), "signin", signIn, signIn, TakesProvider | Page},
    {QLatin1String("signout"), "signout", signOut, signOut, Page},
    {QLatin1String("callback"), "callback", callback, callback, TakesProvider},
    {QLatin1String("verify-request"), "verify-request", now<verifyRequest>, nullptr, Page},
    {QLatin1String("error"), "error", now<errorPage>, nullptr, Page},
    {QLatin1String("webauthn-options"), "webauthn-options", webAuthnOptions, nullptr, TakesProvider},
    {QLatin1String("token"), "token", token, nullptr, TakesProvider},
    {QLatin1String("account"), "account", account, account, Page},
    {QLatin1String("two-factor"), "two-factor", twoFactor, twoFactor, Page},
    {QLatin1String("reset-password"), "reset-password", passwordReset, passwordReset, Page},
    {QLatin1String("authz/auth-request"), "authz", authRequest, nullptr, NoInitialize | AnyMethod},
    {QLatin1String("authz/forward-auth"), "authz", forwardAuth, nullptr, NoInitialize | AnyMethod},
    {QLatin1String("authz/oauth2-proxy"), "authz", oauth2ProxyAuth, nullptr, NoInitialize | AnyMethod},
    // The OpenID Provider's (oidcendpoints/): JSON APIs and redirects of their own, no CSRF cookie.
    {QLatin1String(".well-known/openid-configuration"), "oidc", OidcEndpoints::discovery, nullptr, NoInitialize | OidcOnly},
    {QLatin1String("oidc/jwks"), "oidc", OidcEndpoints::jwks, nullptr, NoInitialize | OidcOnly},
    {QLatin1String("oidc/authorize"), "oidc", OidcEndpoints::authorize, OidcEndpoints::authorize, NoInitialize | OidcOnly},
    {QLatin1String("oidc/token"), "oidc", nullptr, OidcEndpoints::token, NoInitialize | OidcOnly},
    {QLatin1String("oidc/userinfo"), "oidc", OidcEndpoints::userinfo, OidcEndpoints::userinfo, NoInitialize | OidcOnly},
    {QLatin1String("oidc/revoke"), "oidc", nullptr, OidcEndpoints::revoke, NoInitialize | OidcOnly},
    {QLatin1String("oidc/introspect"), "oidc", nullptr, OidcEndpoints::introspect, NoInitialize | OidcOnly},
    // The consent page's form: initialised, so its CSRF token is checked like every form's.
    {QLatin1String("oidc/consent"), "oidc", nullptr, OidcEndpoints::consent, OidcOnly},
    // A page of its own (the sign-out question), so initialised: the CSRF cookie and token.
    {QLatin1String("oidc/end-session"), "oidc", oidcEndSession, oidcEndSession, OidcOnly},
};

//! The first path segment of \a path ("authz" of "authz/auth-request").
QStringView firstSegment(QStringView path)
{
    const qsizetype slash = path.indexOf(QLatin1Char('/'));
    return slash < 0 ? path : path.first(slash);
}

//! Whether \a entry's action begins with the segment \a first ("authz" for every authz/*).
bool startsWithSegment(const RouteEntry &entry, QStringView first)
{
    return entry.action == first
        || (entry.action.size() > first.size() && entry.action.startsWith(first) && entry.action.at(first.size()) == u'/');
}

} // namespace

bool Route::initialize() const
{
    return entry && !entry->has(NoInitialize);
}

bool Route::anyMethod() const
{
    return entry && entry->has(AnyMethod);
}

bool Route::page() const
{
    return entry && entry->has(Page);
}

Route parseRoute(const QString &path, const QString &basePath, bool oidcProvider)
{
    Route route;
    const QString prefix = Urls::basePathPrefix(basePath);
    if (!path.startsWith(prefix) || path.size() <= prefix.size() || path.at(prefix.size()) != QLatin1Char('/'))
        return route;
    const QStringView rest = QStringView(path).sliced(prefix.size() + 1);
    const QStringView first = firstSegment(rest);
    // One pass: a two-segment action named whole wins; else the action of the first segment.
    const RouteEntry *whole = nullptr;
    const RouteEntry *byFirst = nullptr;
    const RouteEntry *labelled = nullptr;  // a malformed path under a known action keeps its label
    for (const RouteEntry &entry : kRoutes) {
        if (entry.has(OidcOnly) && !oidcProvider)
            continue;
        if (entry.action == rest) {
            whole = &entry;
            break;
        }
        if (entry.action == first)
            byFirst = &entry;
        if (!labelled && startsWithSegment(entry, first))
            labelled = &entry;
    }
    if (whole) {
        route.action = rest.toString();
        route.entry = whole;
        route.metricsLabel = whole->metricsLabel;
        return route;
    }
    if (labelled)
        route.metricsLabel = labelled->metricsLabel;
    if (!byFirst)
        return route;
    if (rest.size() > first.size()) {
        const QStringView provider = rest.sliced(first.size() + 1);
        if (!byFirst->has(TakesProvider) || provider.isEmpty() || provider.contains(QLatin1Char('/')))
            return route;  // a provider segment it does not take, or more than two segments
        route.providerId = provider.toString();
    }
    route.action = first.toString();
    route.entry = byFirst;
    return route;
}

QFuture<AuthResponse> run(const Route &route, const State &state)
{
    const RequestState &s = *state;
    const RouteEntry *entry = route.entry;
    const Endpoint endpoint = !entry ? nullptr : entry->has(AnyMethod) || !s.isPost() ? entry->get : entry->post;
    if (endpoint)
        return endpoint(state);
    return QtFuture::makeReadyFuture(errorResponse(
        s, UnknownAction(QStringLiteral("action %1 is not supported for %2").arg(s.action, QString::fromLatin1(s.request.method)))));
}

} // namespace Gatehouse::Actions
