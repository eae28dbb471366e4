#pragma once
/*
 * Everything one request's actions share: the engine's immutable parts, the parsed request,
 * and what the common initialisation decided (origin, cookie names, CSRF, callback URL).
 */
#include "core/cookies.h"
#include "core/csrf.h"
#include "core/origin.h"
#include "request/enginedata.h"

#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>

#include <QFuture>
#include <QJsonObject>
#include <QUrlQuery>
#include <memory>

namespace Gatehouse {

struct RequestState
{
    using Page = PagesOptions::Page;

    RequestState(std::shared_ptr<const EngineData> engineData, std::shared_ptr<const Config> configData,
                 AuthRequest request)
        : engine(*engineData), config(*configData), request(std::move(request))
        , m_engine(std::move(engineData)), m_config(std::move(configData))
        , m_stores(m_engine->storesFor(m_config->adapter)) {}

    const EngineData &engine;       //!< kept alive by this state while the request runs
    const Config &config;
    AuthRequest request;

    QString action;                 //!< path segment after the base path
    QString providerId;             //!< next segment, if any
    const Provider *provider = nullptr;

    RequestOrigin origin;
    QHostAddress clientAddress;     //!< the peer, or behind trusted proxies the client they name
    QString baseUrl;                //!< origin + basePath, e.g. http://host/auth
    CookieSet cookies;
    QMap<QString, QString> requestCookies;
    QJsonObject body;               //!< parsed POST body
    QUrlQuery query;
    Csrf::Token csrf;
    bool csrfVerified = false;
    QString callbackUrl;            //!< validated by the redirect callback
    QList<SetCookie> setCookies;    //!< cookies the initialisation decided to write
    bool returnRedirectAsJson = false;  //!< X-Auth-Return-Redirect: 1
    bool internal = false;          //!< a programmatic call (Auth::signIn, ...): no CSRF token needed

    bool isPost() const { return request.method == "POST"; }
    //! What the configured adapter offers beyond the Adapter contract (null where it does not).
    const Stores &stores() const { return *m_stores; }
    //! A body field, falling back to the query.
    QString param(const QString &name) const;
    //! \a response with the initialisation's cookies prepended.
    AuthResponse withCookies(AuthResponse response) const;
    //! A redirect to \a url, or {url} JSON for X-Auth-Return-Redirect clients.
    AuthResponse redirect(const QString &url) const;
    //! The URL of built-in page \a page, or of its configured replacement.
    QString pageUrl(Page page) const { return config.pageUrl(page, origin.origin); }

private:
    std::shared_ptr<const EngineData> m_engine;
    std::shared_ptr<const Config> m_config;
    std::shared_ptr<const Stores> m_stores;
};

using State = std::shared_ptr<RequestState>;

} // namespace Gatehouse
