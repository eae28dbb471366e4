#pragma once
/*! \file random.h  Cryptographically secure random values (OpenSSL's CSPRNG). */
#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Gatehouse::Crypto {

/*!
 * Fills \a size bytes at \a data with random bytes from OpenSSL's RAND_bytes (small amounts come
 * from a per-thread buffer that RAND_bytes fills 512 bytes at a time, each byte handed out once).
 * Throws std::runtime_error if the generator fails: no value is ever returned unrandomized.
 */
void fillRandomBytes(char *data, qsizetype size);

//! \a size random bytes. Throws like fillRandomBytes(), and std::invalid_argument if \a size < 0.
QByteArray randomBytes(qsizetype size);

//! \a bytes random bytes as lower-case hex (2 * \a bytes characters).
QString randomHex(qsizetype bytes);

//! A random (version 4) UUID in lower case without braces, e.g. \c 9b2c5d1e-...-4f0a.
QString randomUuid();

/*!
 * The version 4 UUID made of \a randomBytes (16 bytes from fillRandomBytes(); the version and
 * variant bits are set here). For callers that draw one batch of random bytes for several uses.
 */
QString uuidFromRandomBytes(QByteArrayView randomBytes);

} // namespace Gatehouse::Crypto
