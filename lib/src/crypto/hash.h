#pragma once
/*!
 * \file hash.h  Digests, HMACs and HKDF (OpenSSL 3 EVP). Outputs are raw bytes, not hex.
 * Every function here throws std::runtime_error if OpenSSL itself fails.
 */
#include <QByteArray>
#include <QByteArrayView>

namespace Gatehouse::Crypto {

QByteArray sha256(QByteArrayView data);  //!< 32 bytes
void sha256(QByteArrayView data, unsigned char (&out)[32]);  //!< the same, with no allocation
QByteArray sha512(QByteArrayView data);  //!< 64 bytes

//! 20 bytes. Only for protocols that fix it (HOTP/TOTP, RFC 4226/6238), never for new designs.
QByteArray hmacSha1(QByteArrayView key, QByteArrayView data);
QByteArray hmacSha256(QByteArrayView key, QByteArrayView data);  //!< 32 bytes
QByteArray hmacSha512(QByteArrayView key, QByteArrayView data);  //!< 64 bytes

/*!
 * HKDF (RFC 5869) with SHA-256: extract with \a salt, expand with \a info to \a length bytes
 * (1 to 8160). Throws std::invalid_argument for an impossible \a length.
 */
QByteArray hkdfSha256(QByteArrayView ikm, QByteArrayView salt, QByteArrayView info, qsizetype length);

} // namespace Gatehouse::Crypto
