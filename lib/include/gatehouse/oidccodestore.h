#pragma once
/*! \file oidccodestore.h  The OpenID Provider's authorization codes, stored hashed, beside the
 *  Auth.js tables (\c gatehouse_oidc_codes; lib/src/oidcprovider/README.md). */
#include <gatehouse/adaptertypes.h>

#include <QDateTime>
#include <QFuture>
#include <QStringList>

#include <optional>

namespace Gatehouse {

/*!
 * One issued authorization code and everything the token endpoint checks and puts in the tokens.
 * The code itself is never stored: only its SHA-256 (\c codeHash), so a copy of the table
 * redeems nothing.
 */
struct GATEHOUSE_EXPORT OidcAuthorizationCode
{
    QString codeHash;        //!< base64url SHA-256 of the code; unique
    QString clientId;
    QString redirectUri;     //!< as the authorization request presented it
    QString codeChallenge;   //!< PKCE S256; empty: none
    QString nonce;           //!< empty: none
    QString scope;           //!< space-separated, as granted
    QString userId;          //!< the ID token's \c sub
    QDateTime authTime;      //!< UTC; invalid: not known
    QStringList amr;         //!< how the person signed in (RFC 8176)
    QString claims;          //!< the person's claims at sign-in (name, email, groups, ...) as JSON
    bool storedUser = false; //!< the user is in the adapter's users (a refresh grant checks it still is)
    QDateTime expiresAt;     //!< UTC
};

/*!
 * Authorization codes: added when issued, taken (read and removed in one step) when redeemed.
 * Futures fail with AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcCodeStore
{
public:
    virtual ~OidcCodeStore();

    //! Stores \a code, and removes the codes that have expired (they are never redeemable).
    virtual QFuture<void> addOidcCode(const OidcAuthorizationCode &code) = 0;
    /*!
     * The code with \a codeHash, removed: of any number of concurrent callers exactly one gets it,
     * the others nullopt, as every later caller does. An expired code is returned like any other
     * (the caller refuses it); nullopt when none was stored.
     */
    virtual QFuture<std::optional<OidcAuthorizationCode>> takeOidcCode(const QString &codeHash) = 0;

protected:
    OidcCodeStore() = default;
    Q_DISABLE_COPY(OidcCodeStore)
};

} // namespace Gatehouse
