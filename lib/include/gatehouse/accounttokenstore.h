#pragma once
/*! \file accounttokenstore.h  What refreshing the access tokens of OAuth accounts needs from storage. */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QString>

#include <chrono>
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

} // namespace Gatehouse
