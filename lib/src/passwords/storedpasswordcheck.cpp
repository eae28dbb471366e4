#include "passwords/storedpasswordcheck.h"

#include "crypto/password.h"
#include "legacyhashes/legacyhash.h"
#include "passwords/logging.h"

namespace Gatehouse {

namespace {

//! The parameters every hash Gatehouse writes carries: an Argon2id with any others was imported
//! (Authelia writes 64 MiB x 3 passes), is bounded by legacyhashes/, and is rehashed like any.
QString ownArgon2idPrefix()
{
    const Crypto::PasswordHashParameters own;
    return QStringLiteral("$argon2id$v=19$m=%1,t=%2,p=%3$").arg(own.memoryKiB).arg(own.iterations).arg(own.parallelism);
}

} // namespace

StoredPasswordCheck checkStoredPassword(QByteArrayView password, const QString &storedHash)
{
    static const QString own = ownArgon2idPrefix();
    if (storedHash.startsWith(own))
        return {Crypto::verifyPassword(password, storedHash), {}};
    try {
        const std::unique_ptr<const LegacyHashes::LegacyHash> foreign = LegacyHashes::parseLegacyHash(storedHash.toLatin1());
        if (!foreign->verify(password))
            return {};
        return {true, foreign->scheme()};
    } catch (const LegacyHashes::HashProblem &problem) {
        qCWarning(lcPasswords).noquote() << "a stored password hash cannot be used:" << problem.reason();
        Crypto::burnPasswordVerification(password);
        return {};
    }
}

} // namespace Gatehouse
