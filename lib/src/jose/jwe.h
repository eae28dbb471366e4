#pragma once
/*! \file jwe.h  Auth.js-compatible encrypted tokens: the session cookie and friends. */
#include "jose/keyring.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace Gatehouse::Jose {

/*!
 * Encrypts and decrypts tokens exactly as \c @auth/core 0.41.3 does: JWE compact serialization
 * with \c {"alg":"dir","enc":"A256CBC-HS512","kid":...}, keys from KeyRing (HKDF of the secret
 * with the cookie name as salt). Tokens made here decode in Auth.js and the other way round.
 *
 * One codec is built from the configured secrets and shared by all threads; keys are derived
 * once per salt. Decrypting never throws for bad input: anything that is not a valid, current
 * token for one of the secrets gives std::nullopt (the reason is logged at debug level in
 * \c gatehouse.jose). Exceptions come only from OpenSSL failing (std::runtime_error).
 */
class JweCodec
{
public:
    static constexpr qint64 DefaultMaxAge = 30 * 24 * 60 * 60;  //!< seconds, Auth.js's default
    static constexpr qint64 ClockTolerance = 15;                //!< seconds, as Auth.js's decode

    //! \a secrets newest first. Throws std::invalid_argument when empty or holding an empty secret.
    explicit JweCodec(QStringList secrets);
    Q_DISABLE_COPY_MOVE(JweCodec)

    /*!
     * A token holding \a claims plus \c iat (now), \c exp (now + \a maxAge) and \c jti (random
     * UUID), replacing claims of those names, encrypted with the first secret's key for \a salt.
     */
    QString encrypt(const QJsonObject &claims, const QString &salt, qint64 maxAge = DefaultMaxAge) const;

    /*!
     * The claims of \a token, or std::nullopt when it is not a JWE of this kind, no secret's key
     * for \a salt authenticates it, its payload is not a JSON object, \c exp has passed (beyond
     * ClockTolerance), \c nbf is in the future (beyond ClockTolerance), or \c iat / \c nbf /
     * \c exp is present but not a number.
     */
    std::optional<QJsonObject> decrypt(QStringView token, const QString &salt) const;

    //! A token whose payload is \a payload as is (no claims added).
    QString encryptRaw(QByteArrayView payload, const QString &salt) const;

    /*!
     * The payload of \a token, authenticated but not interpreted, or std::nullopt. The key is
     * chosen by the header's \c kid; without a \c kid every secret's key is tried.
     */
    std::optional<QByteArray> decryptRaw(QStringView token, const QString &salt) const;

    const KeyRing &keyRing() const { return m_keyRing; }

private:
    //! The token of \a payload under \a key with \a iv.
    static QString seal(const DerivedKey &key, QByteArrayView payload, QByteArrayView iv);

    KeyRing m_keyRing;
};

} // namespace Gatehouse::Jose
