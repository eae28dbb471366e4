#pragma once
/*! \file oidckeystore.h  The OpenID Provider's signing keys, sealed, beside the Auth.js tables
 *  (\c gatehouse_oidc_keys; lib/src/oidcprovider/README.md). */
#include <gatehouse/adaptertypes.h>

#include <QFuture>
#include <QList>
#include <QStringList>

namespace Gatehouse {

//! One stored signing key. The private key is only ever stored sealed.
struct GATEHOUSE_EXPORT OidcSigningKeyRecord
{
    QString kid;                //!< unique; the JWK thumbprint of the public key
    QString alg;                //!< "RS256", "ES256" or "EdDSA"
    qint64 generation = 1;      //!< 1 for the first key of \c alg; the newest one signs
    QString sealedKey;          //!< as the provider sealed it; never the key itself
    QDateTime createdAt;        //!< UTC
};

/*!
 * The signing keys every server sharing the database signs with. Futures fail with
 * AdapterError like the adapter's.
 */
class GATEHOUSE_EXPORT OidcKeyStore
{
public:
    virtual ~OidcKeyStore();

    //! Every stored key, by \c alg and then by \c generation (oldest first).
    virtual QFuture<QList<OidcSigningKeyRecord>> oidcSigningKeys() = 0;
    /*!
     * Stores \a key: true when it was stored, false (nothing changed) when a key with its \c kid,
     * or of its \c alg with its \c generation, is stored already. Of concurrent callers adding
     * the same alg and generation exactly one gets true: servers starting together agree.
     */
    virtual QFuture<bool> addOidcSigningKey(const OidcSigningKeyRecord &key) = 0;

    /*!
     * Removes the keys whose \c kid is in \a kids (retired ones: oidcKeysToRemove()); the
     * number removed. Kids not stored are no error.
     */
    virtual QFuture<qint64> removeOidcSigningKeys(const QStringList &kids) = 0;

protected:
    OidcKeyStore() = default;
    Q_DISABLE_COPY(OidcKeyStore)
};

} // namespace Gatehouse
