#pragma once
/*! \file siteroutes.h  What the bundled server answers outside the auth base path. */
#include "liveengine.h"

#include <gatehouse/requesthandler.h>

namespace Gatehouse {

/*!
 * The bundled server is the whole site on an appliance, so the paths the engine does not own
 * get a person's answer rather than Auth.js's bare 400:
 * - \c GET (or \c HEAD) \c / redirects (302) to \c server.home, by default the account page
 *   (homeUrl()); so does a sign-in without a callback URL, which ends at \c /;
 * - any other path outside the base path answers the engine's themed 404 page to a browser
 *   (\c text/html in \c Accept); a program gets what the engine answers, Auth.js's 400;
 * - paths under the base path go to \a next (the engine), unchanged.
 */
class SiteRoutes
{
public:
    SiteRoutes(const LiveEngine &engine, QString home, RequestHandler next);

    //! The RequestHandler of the pool: thread-safe.
    QFuture<AuthResponse> handle(const AuthRequest &request) const;

    /*!
     * Where \c / redirects: \a home (\c server.home) when set, else the account page of
     * \a config (its \c pages.account, or {basePath}/account), else (\c "account": false) the
     * sign-in page.
     */
    static QString homeUrl(const QString &home, const Config &config);

private:
    const LiveEngine &m_engine;
    QString m_home;
    RequestHandler m_next;
};

} // namespace Gatehouse
