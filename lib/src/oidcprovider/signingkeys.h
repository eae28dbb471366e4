#pragma once
/*!
 * \file signingkeys.h  The OpenID Provider's key set: loaded from the store, the first key of
 * each algorithm generated and stored at first start, the same on every server sharing the database.
 */
#include "oidcprovider/keybox.h"
#include "oidcprovider/signingkey.h"

#include <gatehouse/oidckeyrotation.h>
#include <gatehouse/oidckeystore.h>

#include <QDateTime>
#include <QFuture>
#include <QJsonObject>
#include <QList>

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>

namespace Gatehouse::OidcProvider {

//! A stored key that no configured secret opens, or that is not what its row says.
class UnusableSigningKey : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/*!
 * The rotation's overlap (rotateOidcSigningKeys(), `gatehouse-server oidc rotate-keys`). A new
 * key is published at once but signs only publishBeforeSigning after it was made: every server
 * reads the keys again more often than that (SigningKeyCache), so none signs with a key another
 * does not publish yet, and all switch at the same instant. A key that stopped signing stays
 * published while what it signed may be valid, and a margin for clocks. The first key of an
 * algorithm signs at once.
 */
namespace KeySchedule {
inline constexpr std::chrono::seconds publishBeforeSigning{120};
inline constexpr std::chrono::seconds publishAfterSigning{660};  // idtoken.h's token lifetime and a minute
} // namespace KeySchedule

//! The keys, each with its generation and when it was made. Immutable; shared by all threads.
class SigningKeySet
{
public:
    struct Entry
    {
        SigningKey key;
        qint64 generation;
        QDateTime createdAt;  //!< UTC
    };

    SigningKeySet() = default;
    explicit SigningKeySet(QList<Entry> entries);

    //! The key that signs with \a algorithm at \a now (see KeySchedule); null when there is none.
    const SigningKey *signer(SigningAlgorithm algorithm, const QDateTime &now) const;
    const SigningKey *signer(SigningAlgorithm algorithm) const;
    //! The keys published at \c jwks at \a now: the signing ones, the next ones, the retiring ones.
    QList<SigningKey> published(const QDateTime &now) const;
    QList<SigningKey> published() const;
    //! The JWK Set of published().
    QJsonObject jwks() const;
    //! Every key's place in the rotation at \a now (oidcKeySchedule()).
    QList<OidcKeyStatus> schedule(const QDateTime &now) const;
    //! The key \a kid, whatever its place (a retired key checks what it signed); null when none.
    const SigningKey *keyWithKid(const QString &kid) const;

private:

    QList<Entry> m_entries;  //!< by algorithm, then generation
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
