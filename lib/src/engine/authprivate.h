#pragma once
#include "request/enginedata.h"

#include <gatehouse/auth.h>

#include <memory>

namespace Gatehouse {

struct RequestState;

namespace OidcLogout {
class LogoutOutbox;
}

class AuthPrivate : public std::enable_shared_from_this<AuthPrivate>
{
public:
    AuthPrivate(std::shared_ptr<const Config> config, ConfigFactory factory);

    //! What GET session answered a request, and what that says of its session.
    struct SessionAnswer
    {
        SessionStatus status = SessionStatus::SignedOut;
        std::optional<QJsonObject> session;  //!< SignedIn: the session
        AuthResponse response;               //!< the endpoint's answer
    };

    QFuture<AuthResponse> handle(const AuthRequest &request) const;
    QFuture<SessionAnswer> session(const AuthRequest &request) const;
    //! \a request rewritten as a call of \a method on <basePath>/<action>?<query> with \a body.
    QFuture<AuthResponse> internalCall(const AuthRequest &request, const QByteArray &method,
                                       const QString &action, const QJsonObject &body, bool asJson,
                                       const QString &query = {}) const;

    std::shared_ptr<const Config> config;   //!< static configuration (or the request-less one)
    ConfigFactory factory;                  //!< lazy initialisation, if used
    std::shared_ptr<const EngineData> engine;
    /*!
     * The back-channel Logout Tokens' worker (oidclogout/logoutoutbox.h): with a provider client
     * that has a back-channel URI and a store that keeps deliveries; stopped with the engine.
     */
    std::shared_ptr<OidcLogout::LogoutOutbox> logoutOutbox;

    //! The configuration for \a request, or an error message when it cannot be used.
    std::shared_ptr<const Config> configFor(const AuthRequest &request, QString *problem) const;
};

} // namespace Gatehouse
