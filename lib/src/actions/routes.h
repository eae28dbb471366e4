#pragma once
/*
 * The route table: which endpoint answers "<basePath>/<action>[/<providerId>]" for each method
 * (an action may be two segments itself, as "authz/auth-request").
 * The engine's dispatcher parses the route, runs the common initialisation and calls run().
 */
#include "request/requeststate.h"

namespace Gatehouse::Actions {

//! The action and provider a request path names.
struct Route
{
    QString action;
    QString providerId;
    bool valid = false;          //!< false: no such action, or a provider segment it does not take
    bool initialize = true;      //!< false: answered without initialize() (providers, authz/*)
    bool anyMethod = false;      //!< every method is the GET endpoint's (authz/*: the proxy's method)
};

//! The route of \a path (fully decoded) under \a basePath.
Route parseRoute(const QString &path, const QString &basePath);

//! True for the actions whose GET answer is an HTML page (signin, signout, error, verify-request).
bool isPage(const QString &action);

//! The answer of the state's action to its method (GET or POST); UnknownAction when it has none.
QFuture<AuthResponse> run(const State &state);

} // namespace Gatehouse::Actions
