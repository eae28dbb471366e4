#include "actions/routes.h"

#include "actions/actions.h"
#include "core/urls.h"
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

struct Entry
{
    QLatin1String action;
    Endpoint get;        //!< null: no GET
    Endpoint post;       //!< null: no POST
    bool takesProvider;  //!< <action>/<providerId> is a route too
    bool page;           //!< GET answers with an HTML page
    bool initialize = true;   //!< false: no initialize() (no CSRF cookie, no callback URL)
    bool anyMethod = false;   //!< every method is answered by get
};

// One line per endpoint of SPEC.md's table.
const Entry kRoutes[] = {
    {QLatin1String("providers"), now<providers>, nullptr, false, false, false},
    {QLatin1String("session"), session, session, false, false},
    {QLatin1String("csrf"), now<csrf>, nullptr, false, false},
    {QLatin1String("signin"), signIn, signIn, true, true},
    {QLatin1String("signout"), signOut, signOut, false, true},
    {QLatin1String("callback"), callback, callback, true, false},
    {QLatin1String("verify-request"), now<verifyRequest>, nullptr, false, true},
    {QLatin1String("error"), now<errorPage>, nullptr, false, true},
    {QLatin1String("webauthn-options"), webAuthnOptions, nullptr, true, false},
    {QLatin1String("token"), token, nullptr, true, false},
    {QLatin1String("account"), account, account, false, true},
    {QLatin1String("two-factor"), twoFactor, twoFactor, false, true},
    {QLatin1String("authz/auth-request"), authRequest, nullptr, false, false, false, true},
    {QLatin1String("authz/forward-auth"), forwardAuth, nullptr, false, false, false, true},
    {QLatin1String("authz/oauth2-proxy"), oauth2ProxyAuth, nullptr, false, false, false, true},
};

const Entry *find(QStringView action)
{
    for (const Entry &entry : kRoutes) {
        if (entry.action == action)
            return &entry;
    }
    return nullptr;
}

} // namespace

Route parseRoute(const QString &path, const QString &basePath)
{
    Route route;
    const QString prefix = Urls::basePathPrefix(basePath);
    if (!path.startsWith(prefix) || path.size() <= prefix.size() || path.at(prefix.size()) != QLatin1Char('/'))
        return route;
    const QStringView rest = QStringView(path).sliced(prefix.size() + 1);
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    if (const Entry *entry = slash >= 0 ? find(rest) : nullptr) {
        route.action = rest.toString();  // a two-segment action
        route.initialize = entry->initialize;
        route.anyMethod = entry->anyMethod;
        route.valid = true;
        return route;
    }
    if (slash >= 0 && rest.indexOf(QLatin1Char('/'), slash + 1) >= 0)
        return route;  // more than two segments
    const QStringView action = slash < 0 ? rest : rest.first(slash);
    const Entry *entry = find(action);
    if (!entry)
        return route;
    route.action = action.toString();
    if (slash >= 0) {
        const QStringView provider = rest.sliced(slash + 1);
        if (!entry->takesProvider || provider.isEmpty())
            return route;
        route.providerId = provider.toString();
    }
    route.initialize = entry->initialize;
    route.anyMethod = entry->anyMethod;
    route.valid = true;
    return route;
}

bool isPage(const QString &action)
{
    const Entry *entry = find(action);
    return entry && entry->page;
}

QFuture<AuthResponse> run(const State &state)
{
    const RequestState &s = *state;
    const Entry *entry = find(s.action);
    const Endpoint endpoint = !entry ? nullptr : entry->anyMethod || !s.isPost() ? entry->get : entry->post;
    if (endpoint)
        return endpoint(state);
    return QtFuture::makeReadyFuture(errorResponse(
        s, UnknownAction(QStringLiteral("action %1 is not supported for %2").arg(s.action, QString::fromLatin1(s.request.method)))));
}

} // namespace Gatehouse::Actions
