#pragma once
/*! \file metricsroutes.h  GET /metrics, served on the metrics listener's address only. */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>

namespace Gatehouse {

/*!
 * The handler of the metrics listener (\c server.metricsListen): \c GET or \c HEAD \c /metrics
 * answers Metrics::exposition() in the text format 0.0.4; any other path is 404 and any other
 * method 405. It never reaches the engine, so no cookie, session or base path is involved.
 */
class MetricsRoutes
{
public:
    static AuthResponse handle(const AuthRequest &request);
};

} // namespace Gatehouse
