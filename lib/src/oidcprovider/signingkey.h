#pragma once
/*!
 * \file signingkey.h  One of the OpenID Provider's signing keys (OpenSSL 3): RS256 (RSA 2048),
 * ES256 (P-256) or EdDSA (Ed25519). Immutable; shared by all threads.
 */
#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

#include <memory>
#include <optional>

typedef struct evp_pkey_st EVP_PKEY;

namespace Gatehouse::OidcProvider {

enum class SigningAlgorithm { RS256, ES256, EdDSA };

//! "RS256", "ES256" or "EdDSA" (the JWS \c alg).
QString algorithmName(SigningAlgorithm algorithm);
//! The algorithm named \a name, or nullopt for any other (\c none, HS256, ... included).
std::optional<SigningAlgorithm> algorithmNamed(const QString &name);

/*!
 * The RFC 7638 thumbprint (SHA-256, base64url) of the public JWK \a jwk: the hash of its required
 * members in lexicographic order; empty for a \c kty other than RSA, EC and OKP.
 */
QString jwkThumbprint(const QJsonObject &jwk);

class SigningKey
{
public:
    //! A new key. Throws std::runtime_error when OpenSSL fails.
    static SigningKey generate(SigningAlgorithm algorithm);
    /*!
     * The key in \a pkcs8 (DER), or nullopt when it is no private key for \a algorithm (another
     * type or curve, RSA under 2048 bits, trailing bytes).
     */
    static std::optional<SigningKey> fromPkcs8(SigningAlgorithm algorithm, QByteArrayView pkcs8);

    SigningAlgorithm algorithm() const { return m_algorithm; }
    QString alg() const { return algorithmName(m_algorithm); }
    //! The RFC 7638 JWK thumbprint (SHA-256, base64url) of the public key.
    QString kid() const { return m_kid; }
    //! The public key as a JWK with \c kid, \c alg and \c use \c sig; never a private member.
    QJsonObject publicJwk() const { return m_publicJwk; }
    //! The private key in PKCS#8 DER, only for sealing it (keybox.h).
    QByteArray privatePkcs8() const;
    /*!
     * The JWS signature of \a signingInput (\c "<header>.<payload>"): RSASSA-PKCS1-v1_5 SHA-256,
     * ECDSA P-256 SHA-256 as r||s (64 bytes), or Ed25519. Throws std::runtime_error when OpenSSL fails.
     */
    QByteArray sign(QByteArrayView signingInput) const;

private:
    SigningKey(SigningAlgorithm algorithm, std::shared_ptr<EVP_PKEY> key);

    SigningAlgorithm m_algorithm;
    std::shared_ptr<EVP_PKEY> m_key;
    QJsonObject m_publicJwk;
    QString m_kid;
};

} // namespace Gatehouse::OidcProvider
