#pragma once
/*! \file derivedkey.h  One Auth.js JWE key: what a (secret, salt) pair turns into. */
#include "crypto/aescbchmacsha512.h"

#include <QByteArray>
#include <QString>

namespace Gatehouse::Jose {

/*!
 * The key Auth.js derives from a secret for one salt (the cookie name), with everything the
 * JWE code needs ready: the A256CBC-HS512 cipher, the \c kid and the encoded protected header.
 *
 * - key = HKDF-SHA256(ikm = secret (UTF-8), salt = salt (UTF-8),
 *                     info = "Auth.js Generated Encryption Key (<salt>)", 64 bytes)
 * - kid = RFC 7638 thumbprint (SHA-512, base64url) of the JWK {"k": base64url(key), "kty": "oct"}
 * - protected header = base64url of {"alg":"dir","enc":"A256CBC-HS512","kid":"<kid>"}
 *
 * Deriving costs a few microseconds: build one per (secret, salt) and keep it (see KeyRing).
 * Immutable, so it can be shared by all threads.
 */
class DerivedKey
{
public:
    DerivedKey(const QString &secret, const QString &salt);
    Q_DISABLE_COPY_MOVE(DerivedKey)

    //! The 64-byte key for \a secret and \a salt.
    static QByteArray deriveKey(const QString &secret, const QString &salt);
    //! The RFC 7638 SHA-512 thumbprint of the symmetric JWK holding \a key, base64url.
    static QByteArray thumbprint(QByteArrayView key);

    const QByteArray &kid() const { return m_kid; }
    //! base64url of the protected header, exactly as it starts every token made with this key.
    const QByteArray &protectedHeader() const { return m_protectedHeader; }
    const Crypto::AesCbcHmacSha512 &cipher() const { return m_cipher; }

private:
    explicit DerivedKey(QByteArray &&key);

    Crypto::AesCbcHmacSha512 m_cipher;
    QByteArray m_kid;
    QByteArray m_protectedHeader;
};

} // namespace Gatehouse::Jose
