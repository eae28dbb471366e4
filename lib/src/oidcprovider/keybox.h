#pragma once
/*! \file keybox.h  Signing keys sealed for storage with keys derived from the configured secrets. */
#include "jose/jwe.h"
#include "oidcprovider/signingkey.h"

#include <gatehouse/oidckeystore.h>

#include <QStringList>

#include <optional>

namespace Gatehouse::OidcProvider {

/*!
 * Seals signing keys for \c gatehouse_oidc_keys as TOTP secrets are sealed (twofactor/secretbox.h):
 * a JWE (\c dir, \c A256CBC-HS512, with \c kid) whose key is derived from the configured secrets
 * with the salt \c gatehouse.oidc-signing-key. The first secret seals, any opens. The payload names
 * the key's \c kid and \c alg, so a sealed key opens only in the row it was made for. Immutable;
 * shared by all threads.
 */
class KeyBox
{
public:
    //! \a secrets newest first. Throws std::invalid_argument when empty or holding an empty one.
    explicit KeyBox(const QStringList &secrets);

    //! \a key as a record for the store, generation \a generation, created now.
    OidcSigningKeyRecord seal(const SigningKey &key, qint64 generation) const;
    /*!
     * The key in \a record, or nullopt when no configured secret opens it, it names another kid
     * or alg than its row, or the key in it is not what its row says (type, curve, thumbprint).
     */
    std::optional<SigningKey> open(const OidcSigningKeyRecord &record) const;

private:
    Jose::JweCodec m_codec;
};

} // namespace Gatehouse::OidcProvider
