#pragma once
/*
 * From a request to an action: parse "<basePath>/<action>[/<providerId>]", refuse what
 * Auth.js refuses (400 "Bad request.", the untrusted-host configuration error), run the common
 * initialisation, and call the action for the method.
 */
#include "actions/enginedata.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

QFuture<AuthResponse> dispatch(std::shared_ptr<const EngineData> engine, std::shared_ptr<const Config> config,
                               const AuthRequest &request, const QString &configProblem);

} // namespace Gatehouse
