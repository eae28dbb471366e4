#pragma once
/*!
 * \file tokens.h  Valid access tokens for the OAuth accounts of signed-in users: refreshed
 * through the provider's token endpoint when they have expired, with the rotated token set
 * stored (Auth.js leaves this to its users).
 */
#include <gatehouse/adaptertypes.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace Gatehouse {

/*!
 * What access-token refresh needs from storage beyond the Adapter contract, which can neither
 * find a user's account by provider nor change an account's tokens. SqlAdapter and
 * MemoryAdapter implement it; AccessTokens uses an adapter that does directly.
 *
 * A refresh is one claim, one token request and one compare-and-swap: the refresher claims the
 * account (claimTokenRefresh), asks the provider, and stores the rotated token set only when
 * the stored refresh token is still the one it used (updateAccountTokens). Claims live in the
 * storage, so servers sharing a database refresh an account once, not once each (a provider
 * that rotates refresh tokens would otherwise refuse all but the first, or revoke the grant).
 */
class GATEHOUSE_EXPORT AccountTokenStore
{
public:
    virtual ~AccountTokenStore();
    //! The account of user \a userId with provider \a provider (the oldest if several), or nullopt.
    virtual QFuture<std::optional<AdapterAccount>> getAccountByUser(const QString &userId, const QString &provider) = 0;
    /*!
     * Claims the refresh of account (\a provider, \a providerAccountId) for at least \a lease
     * (and less than twice as long, unless released). True when nobody holds an unexpired claim
     * (the caller does now); false when somebody does, in this process or another one using the
     * same storage. Atomic.
     */
    virtual QFuture<bool> claimTokenRefresh(const QString &provider, const QString &providerAccountId,
                                            std::chrono::milliseconds lease) = 0;
    /*!
     * Stores the token set of \a account (\c access_token, \c refresh_token, \c expires_at,
     * \c id_token, \c scope, \c token_type) on the stored account with the same \c provider and
     * \c providerAccountId, if its \c refresh_token is still \a previousRefreshToken, and ends
     * the claim on it. Atomic. The stored account, or nullopt when the refresh token had changed
     * (nothing is written). Fails with AdapterError \c NotFound when there is no such account.
     */
    virtual QFuture<std::optional<AdapterAccount>> updateAccountTokens(const AdapterAccount &account,
                                                                       const QString &previousRefreshToken) = 0;
    //! Ends the claim on account (\a provider, \a providerAccountId) without storing anything.
    virtual QFuture<void> releaseTokenRefresh(const QString &provider, const QString &providerAccountId) = 0;

protected:
    AccountTokenStore() = default;
};

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
