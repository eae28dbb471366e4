#pragma once
/*! \file oidcgrantstore.h  The OpenID Provider's grants and their refresh tokens, stored hashed,
 *  beside the Auth.js tables (\c gatehouse_oidc_grants, \c gatehouse_oidc_refresh_tokens;
 *  lib/src/oidcprovider/README.md). */
#include <gatehouse/adaptertypes.h>

#include <QDateTime>
#include <QFuture>
#include <QStringList>

#include <optional>

namespace Gatehouse {

/*!
 * What one authorization gave a client, for as long as its refresh tokens live: a family of
 * refresh tokens, one live at a time, each spent by its use (RFC 9700 §4.14.2). Revoking the
 * grant ends every token of the family.
 */
struct GATEHOUSE_EXPORT OidcGrant
{
    QString grantId;         //!< random; unique; access tokens issued from the grant name it
    QString clientId;
    QString userId;          //!< the tokens' \c sub
    bool storedUser = false; //!< the user is in the adapter's users (checked on every refresh)
    QString scope;           //!< space-separated, as granted by the authorization
    QDateTime authTime;      //!< UTC; invalid: not known
    QStringList amr;         //!< how the person signed in (RFC 8176)
    QString claims;          //!< the person's claims at sign-in, as JSON
    QDateTime expiresAt;     //!< UTC; the absolute end of the grant and of all its tokens
};

//! A refresh token as stored: only its SHA-256.
struct GATEHOUSE_EXPORT OidcRefreshToken
{
    QString tokenHash;       //!< base64url SHA-256 of the token; unique
    QDateTime expiresAt;     //!< UTC; the idle end, never after the grant's
};

//! What presenting a refresh token did (OidcGrantStore::redeemOidcRefreshToken()).
struct GATEHOUSE_EXPORT OidcRefreshRedemption
{
    enum class Outcome {
        Unknown,   //!< no such token (never issued, or its grant was revoked or swept)
        Rotated,   //!< the token was live: spent now, and the new one stored in its place
        Reused,    //!< the token was spent already (or spent concurrently): the grant is revoked
        Expired,   //!< the token or its grant has expired: the grant is revoked
    };
    Outcome outcome = Outcome::Unknown;
    std::optional<OidcGrant> grant;  //!< the token's grant, for every outcome but Unknown
};

//! What a refresh token is now (OidcGrantStore::oidcRefreshToken()), for revocation and introspection.
struct GATEHOUSE_EXPORT OidcRefreshTokenState
{
    OidcGrant grant;
    QDateTime expiresAt;     //!< the token's idle end
    bool spent = false;
};

/*!
 * Grants and refresh tokens: a grant is added with its first token; each use of a token spends
 * it and stores its successor in one step; a spent token presented again revokes the grant.
 * Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcGrantStore
{
public:
    virtual ~OidcGrantStore();

    /*!
     * Stores \a grant with its first refresh token \a token, and removes grants that have expired.
     * \a codeHash (when not empty: the hash of the authorization code the grant was issued for)
     * is stored as a spent token of the grant, so that the code presented again, as
     * redeemOidcRefreshToken(codeHash, ...), revokes the grant (Reused; RFC 6749 §4.1.2).
     */
    virtual QFuture<void> addOidcGrant(const OidcGrant &grant, const OidcRefreshToken &token,
                                       const QString &codeHash) = 0;
    /*!
     * Presents the token with \a tokenHash. A live one is spent and \a next (its successor; its
     * expiry is cut to the grant's) stored, in one step: of any number of concurrent callers
     * exactly one gets Rotated, and the others Reused, which revokes the grant, as presenting a
     * spent token does. An expired token or grant revokes the grant too (Expired).
     */
    virtual QFuture<OidcRefreshRedemption> redeemOidcRefreshToken(const QString &tokenHash,
                                                                  const OidcRefreshToken &next) = 0;
    //! The token with \a tokenHash and its grant, unchanged; nullopt when there is none.
    virtual QFuture<std::optional<OidcRefreshTokenState>> oidcRefreshToken(const QString &tokenHash) = 0;
    //! Whether the grant \a grantId is stored and has not expired.
    virtual QFuture<bool> isOidcGrantActive(const QString &grantId) = 0;
    //! Removes the grant \a grantId and every token of it; whether there was one.
    virtual QFuture<bool> revokeOidcGrant(const QString &grantId) = 0;

protected:
    OidcGrantStore() = default;
    Q_DISABLE_COPY(OidcGrantStore)
};

} // namespace Gatehouse
