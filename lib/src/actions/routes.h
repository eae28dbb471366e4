#pragma once
/*
 * The route table: which endpoint answers "<basePath>/<action>[/<providerId>]" for each method
 * (an action may be two segments itself, as "authz/auth-request"), and its metrics label.
 * The engine parses a request's route once (parseRoute()), runs the common initialisation and
 * calls run() with it.
 */
#include "request/requeststate.h"

#include <QByteArrayView>

namespace Gatehouse::Actions {

struct RouteEntry;

//! The action and provider a request path names, and what the route table says of it.
struct Route
{
    QString action;
    QString providerId;
    const RouteEntry *entry = nullptr;  //!< null: no such action, or a provider segment it does not take
    //! The requests_total label: the action's, also for a malformed path under a known action;
    //! "other" for anything else (never the path itself, which a client chooses).
    QByteArrayView metricsLabel = "other";

    bool valid() const { return entry != nullptr; }
    bool initialize() const;  //!< false: answered without initialize() (providers, authz/*)
    bool anyMethod() const;   //!< every method is the GET endpoint's (authz/*: the proxy's method)
    bool page() const;        //!< the GET answer is an HTML page (signin, signout, error, ...)
};

/*!
 * The route of \a path (fully decoded) under \a basePath: one pass over the table. The OpenID
 * Provider's routes are there only when \a oidcProvider (Config::oidcProvider is set).
 */
Route parseRoute(const QString &path, const QString &basePath, bool oidcProvider = false);

//! The answer of \a route's action to the state's method (GET or POST); UnknownAction when it has none.
QFuture<AuthResponse> run(const Route &route, const State &state);

} // namespace Gatehouse::Actions
