#pragma once
/*!
 * \file publickey.h  A credential or attestation public key (OpenSSL 3 EVP_PKEY) together with
 * the COSE algorithm its signatures use.
 */
#include <QByteArrayView>
#include <QCborMap>
#include <QString>

#include <memory>

typedef struct evp_pkey_st EVP_PKEY;
typedef struct x509_st X509;

namespace Gatehouse::WebAuthn {

//! COSE algorithm identifiers (IANA "COSE Algorithms") that Gatehouse verifies.
enum class CoseAlgorithm : int {
    EdDSA = -8,    //!< Ed25519 (OKP, crv 6)
    ES256 = -7,    //!< ECDSA P-256 with SHA-256 (EC2, crv 1), DER-encoded signatures
    RS256 = -257,  //!< RSASSA-PKCS1-v1_5 with SHA-256 (RSA, modulus of at least 2048 bits)
};

//! "ES256 (-7)" and so on; "COSE algorithm <n>" for others.
QString algorithmName(qint64 alg);
//! True for the algorithms of CoseAlgorithm.
bool isSupportedAlgorithm(qint64 alg);

class PublicKey
{
public:
    /*!
     * The key of a COSE_Key map (RFC 9052/9053): kty EC2 (crv P-256, x and y of 32 bytes, a
     * point on the curve) with alg ES256, RSA (n, e) with alg RS256, OKP (crv Ed25519, x of
     * 32 bytes) with alg EdDSA. Throws VerificationError for anything else.
     */
    static PublicKey fromCose(const QCborMap &coseKey);
    //! The same from the CBOR encoding of a COSE_Key (exactly one item).
    static PublicKey fromCose(QByteArrayView cbor);
    /*!
     * The subject key of \a certificate, used with \a alg (which must suit its type: ES256 for
     * a P-256 key, RS256 for RSA, EdDSA for Ed25519). Throws VerificationError otherwise.
     */
    static PublicKey fromCertificate(X509 *certificate, qint64 alg);

    CoseAlgorithm algorithm() const { return m_algorithm; }
    //! True when \a signature is this key's valid signature of \a data under algorithm().
    bool verify(QByteArrayView data, QByteArrayView signature) const;

private:
    PublicKey(std::shared_ptr<EVP_PKEY> key, CoseAlgorithm algorithm);

    std::shared_ptr<EVP_PKEY> m_key;
    CoseAlgorithm m_algorithm;
};

} // namespace Gatehouse::WebAuthn
