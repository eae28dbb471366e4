#pragma once
/*!
 * \file jws.h  Verification of compact JWS signatures (RFC 7515) as id_tokens carry them:
 * RS256/384/512, PS256/384/512, ES256/384/512 and EdDSA with public keys from a JWKS, and
 * HS256/384/512 only with the client secret. \c alg \c none is never accepted.
 */
#include "oauth/jwk.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringView>

#include <optional>

namespace Gatehouse::OAuth {

struct CompactJws
{
    QJsonObject header;
    QString alg;
    QString kid;
    QByteArray payload;        //!< decoded
    QByteArray signingInput;   //!< "<header>.<payload>" as sent
    QByteArray signature;      //!< decoded

    /*!
     * The parts of \a token, or nullopt with \a problem: not three strict base64url parts, a
     * header that is not a JSON object with a string \c alg, or a \c crit header (no
     * extension is understood here).
     */
    static std::optional<CompactJws> parse(QStringView token, QString *problem);
};

//! The asymmetric algorithms verified with JWKS keys.
const QStringList &asymmetricAlgorithms();
//! True for HS256, HS384 and HS512.
bool isHmacAlgorithm(const QString &alg);

/*!
 * True when \a key may verify \a alg signatures: its type and curve fit the algorithm (an
 * RSA key never verifies an HMAC or EC signature), and its \c alg, \c use and \c key_ops, where
 * present, allow it.
 */
bool keyFits(const Jwk &key, const QString &alg);

//! True when \a jws carries a valid signature of its \c alg by \a key (which must fit).
bool verifySignature(const CompactJws &jws, const Jwk &key);

//! True when \a jws is a valid HS256/384/512 MAC under \a secret (compared in constant time).
bool verifyHmac(const CompactJws &jws, QByteArrayView secret);

} // namespace Gatehouse::OAuth
