#pragma once
/*!
 * \file jwk.h  Public keys from a JWK Set (RFC 7517): RSA, EC (P-256, P-384, P-521) and OKP
 * (Ed25519, Ed448), as OpenSSL keys for verifying id_token signatures.
 */
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

typedef struct evp_pkey_st EVP_PKEY;

namespace Gatehouse::OAuth {

class Jwk
{
public:
    /*!
     * The public key \a jwk describes, or nullopt with the reason in \a problem: unknown
     * \c kty or curve, missing or malformed members, a point not on its curve, an RSA modulus
     * under 2048 bits, or private key members (a JWKS never publishes those).
     */
    static std::optional<Jwk> fromJson(const QJsonObject &jwk, QString *problem);

    QString kid() const { return m_kid; }
    QString kty() const { return m_kty; }      //!< "RSA", "EC" or "OKP"
    QString crv() const { return m_crv; }      //!< EC and OKP: "P-256", "Ed25519", ...
    QString alg() const { return m_alg; }      //!< empty when the JWK does not restrict it
    QString use() const { return m_use; }      //!< empty when absent
    QStringList keyOps() const { return m_keyOps; }
    EVP_PKEY *key() const { return m_key.get(); }

private:
    QString m_kid;
    QString m_kty;
    QString m_crv;
    QString m_alg;
    QString m_use;
    QStringList m_keyOps;
    std::shared_ptr<EVP_PKEY> m_key;
};

//! A JWK Set. Keys that cannot be used are skipped (and named in \c skipped).
struct JwkSet
{
    QList<Jwk> keys;
    QStringList skipped;

    //! The set in \a json, or nullopt with \a problem when it is not a {"keys": [...]} object.
    static std::optional<JwkSet> fromJson(const QByteArray &json, QString *problem);
    //! True when a key has \a kid.
    bool hasKid(const QString &kid) const;
};

} // namespace Gatehouse::OAuth
