#pragma once
/*! \file auth.h  The engine: one call that turns a request into a response, like Auth.js's Auth(). */
#include <gatehouse/authrequest.h>
#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QJsonObject>
#include <memory>
#include <optional>

namespace Gatehouse {

class AuthPrivate;

/*!
 * The configured authentication engine.
 *
 * \code
 * Gatehouse::Config config;
 * config.secret = {qEnvironmentVariable("AUTH_SECRET")};
 * config.providers = {...};
 * Gatehouse::Auth auth(config);
 * QFuture<Gatehouse::AuthResponse> response = auth.handle(request);
 * \endcode
 *
 * An Auth is immutable after construction and safe to share between threads; copies are
 * cheap and share one engine. Construction validates the configuration and throws an
 * AuthError (\c type() "MissingSecret", "InvalidConfiguration", ...) naming every problem.
 */
class GATEHOUSE_EXPORT Auth
{
public:
    explicit Auth(const Config &config);
    //! Lazy initialisation: the configuration is computed per request by \a factory.
    explicit Auth(ConfigFactory factory);
    ~Auth();
    Auth(const Auth &);
    Auth &operator=(const Auth &);

    //! Handles one request under the configured base path.
    QFuture<AuthResponse> handle(const AuthRequest &request) const;

    //! The session of \a request (what GET {basePath}/session would return), or nullopt.
    QFuture<std::optional<QJsonObject>> session(const AuthRequest &request) const;

    //! The configuration in effect (for a ConfigFactory engine: the one computed without a request).
    const Config &config() const;

private:
    std::shared_ptr<const AuthPrivate> d;
};

} // namespace Gatehouse
