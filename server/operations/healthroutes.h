#pragma once
/*! \file healthroutes.h  GET /healthz and GET /readyz, in front of the engine. */
#include <gatehouse/requesthandler.h>

namespace Gatehouse {

class Readiness;

/*!
 * Answers the two probe paths of the serving address, outside the auth base path, and hands
 * every other request to \a next:
 * - \c /healthz: 200 \c {"status":"ok"} while the process serves (no check: a request that
 *   reaches it proves the serving threads answer);
 * - \c /readyz: 200 \c {"status":"ready","checks":[...]} when every Readiness check passes,
 *   else 503 \c {"status":"unavailable","checks":[{"check":"schema","ok":false,"reason":"..."}]}.
 * GET and HEAD only (405 otherwise); no cookie is read or set, no session is touched;
 * \c Cache-Control: no-store. The bodies stay: probers read whole answers (keeping their
 * connection), and a person reading a failing /readyz needs the reason; HEAD has none.
 */
class HealthRoutes
{
public:
    HealthRoutes(Readiness *readiness, RequestHandler next);

    //! The RequestHandler of the pool: thread-safe.
    QFuture<AuthResponse> handle(const AuthRequest &request) const;

    //! True for the paths answered here.
    static bool isHealthPath(const QString &path);

private:
    Readiness *m_readiness;
    RequestHandler m_next;
};

} // namespace Gatehouse
