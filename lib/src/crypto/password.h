#pragma once
/*!
 * \file password.h  Password hashing with Argon2id (libargon2).
 *
 * Every function here is deliberately slow and memory-hungry (about 19 MiB and tens of
 * milliseconds per call with the defaults). Never call them on a thread that serves requests:
 * run them on a worker pool (QtConcurrent / a dedicated QThreadPool) and continue with the
 * QFuture.
 */
#include <QByteArrayView>
#include <QString>

namespace Gatehouse::Crypto {

//! Argon2id cost parameters. The defaults are OWASP's recommendation (m=19456 KiB, t=2, p=1).
struct PasswordHashParameters
{
    quint32 memoryKiB = 19456;
    quint32 iterations = 2;
    quint32 parallelism = 1;
};

/*!
 * Hashes \a password with a fresh 16-byte random salt and returns the standard encoded form,
 * \c $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. Throws std::runtime_error naming
 * libargon2's error if hashing fails (out of memory, parameters out of range).
 */
QString hashPassword(QByteArrayView password,
                     const PasswordHashParameters &parameters = PasswordHashParameters());

/*!
 * True when \a password matches \a encoded (an Argon2id hash from hashPassword(), with
 * whatever parameters it records). False for a mismatch and for anything that is not a valid
 * encoded Argon2id hash; never throws.
 */
bool verifyPassword(QByteArrayView password, const QString &encoded);

/*!
 * Costs what verifyPassword() costs against a hash made with the default parameters, and
 * tells nothing. Call it when the user is unknown, so response times do not reveal which
 * accounts exist. Throws std::runtime_error if libargon2 fails.
 */
void burnPasswordVerification(QByteArrayView password);

} // namespace Gatehouse::Crypto
