#pragma once
/*!
 * \file tokens.h  Valid access tokens for the OAuth accounts of signed-in users: refreshed
 * through the provider's token endpoint when they have expired, with the rotated token set
 * stored (Auth.js leaves this to its users).
 */
#include <gatehouse/accounttokenstore.h>
#include <gatehouse/adaptertypes.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace Gatehouse {

class AccessTokensPrivate;

/*!
 * Hands out valid access tokens of OAuth and OIDC accounts.
 *
 * \code
 * Gatehouse::AccessTokens tokens(auth.config());
 * tokens.accessToken(userId, "github").then(this, [](const QString &token) { ... });
 * \endcode
 *
 * A token that expires within a minute is refreshed first (grant \c refresh_token) and the new
 * token set is stored, keeping the old refresh token when the provider sends none. Callers
 * asking for the same account while a refresh runs share it: one refresh, one new token. Other
 * AccessTokens (other servers) using the same storage wait for that refresh's stored result
 * instead of refreshing too (see AccountTokenStore).
 * Failures are AuthErrors: \c AccountNotLinked (no such account), \c RefreshAccessTokenError
 * (expired without a refresh token, or the provider refused the refresh), \c InvalidProvider,
 * or the store's AdapterError.
 *
 * Refreshing uses the network from the calling thread, which must run a Qt event loop; the
 * futures finish in that thread. Copies share one state; keep one instance per configuration.
 */
class GATEHOUSE_EXPORT AccessTokens
{
public:
    /*!
     * Tokens of \a config's providers, stored in \a store, or when that is null in
     * \a config.adapter, which must then implement AccountTokenStore (otherwise this throws
     * AuthError \c MissingAdapterMethods).
     */
    explicit AccessTokens(const Config &config, std::shared_ptr<AccountTokenStore> store = {});
    ~AccessTokens();
    AccessTokens(const AccessTokens &);
    AccessTokens &operator=(const AccessTokens &);

    //! A valid access token of \a userId's account with \a provider.
    QFuture<QString> accessToken(const QString &userId, const QString &provider) const;
    //! The account with a valid access token (refreshed and stored if it had expired).
    QFuture<AdapterAccount> account(const QString &userId, const QString &provider) const;

private:
    std::shared_ptr<AccessTokensPrivate> d;
};

} // namespace Gatehouse
