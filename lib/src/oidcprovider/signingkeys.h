#pragma once
/*!
 * \file signingkeys.h  The OpenID Provider's key set: loaded from the store, the first key of
 * each algorithm generated and stored at first start, the same on every server sharing the database.
 */
#include "oidcprovider/keybox.h"
#include "oidcprovider/signingkey.h"

#include <gatehouse/oidckeystore.h>

#include <QFuture>
#include <QJsonObject>
#include <QList>

#include <memory>
#include <stdexcept>

namespace Gatehouse::OidcProvider {

//! A stored key that no configured secret opens, or that is not what its row says.
class UnusableSigningKey : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

//! The keys, each with its generation. Immutable; shared by all threads.
class SigningKeySet
{
public:
    struct Entry
    {
        SigningKey key;
        qint64 generation;
    };

    SigningKeySet() = default;
    explicit SigningKeySet(QList<Entry> entries);

    //! The key that signs with \a algorithm: its newest generation; null when there is none.
    const SigningKey *signer(SigningAlgorithm algorithm) const;
    //! Every key, published at \c jwks (oldest generation first per algorithm).
    QList<SigningKey> published() const;
    //! The JWK Set of published().
    QJsonObject jwks() const;

private:
    QList<Entry> m_entries;
};

/*!
 * Loads the keys from \a store, opening them with \a box. An algorithm without a key gets
 * one: generated, sealed and added as generation 1; when another server added its own first,
 * that one is loaded instead. Fails with UnusableSigningKey when a stored key does not open
 * (the secrets changed): a key is never replaced silently. Keys of algorithms this build does
 * not know (a newer build's) are left alone. Other failures are the store's (AdapterError).
 */
QFuture<SigningKeySet> loadSigningKeys(std::shared_ptr<OidcKeyStore> store, std::shared_ptr<const KeyBox> box);

} // namespace Gatehouse::OidcProvider
