#pragma once
/*
 * From a request to an action: find its route (actions/routes.h), refuse what Auth.js refuses
 * (400 "Bad request.", the untrusted-host configuration error), run the common
 * initialisation, and run the action for the method.
 */
#include "actions/routes.h"
#include "request/enginedata.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

//! How a request reaches the engine.
enum class Caller {
    Client,    //!< over HTTP: every check applies
    Internal,  //!< a programmatic call on the client's behalf: no CSRF token is needed
};

//! \a request's answer; \a route is its route (Actions::parseRoute(), parsed once by the caller).
QFuture<AuthResponse> dispatch(const Actions::Route &route, std::shared_ptr<const EngineData> engine,
                               std::shared_ptr<const Config> config, const AuthRequest &request,
                               const QString &configProblem, Caller caller = Caller::Client);

//! Auth::notFound(): the themed 404 page for \a request (a plain 404 when its host is not trusted).
AuthResponse notFoundPage(std::shared_ptr<const EngineData> engine, std::shared_ptr<const Config> config,
                          const AuthRequest &request);

} // namespace Gatehouse
