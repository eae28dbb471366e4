#include "passwords/storedpasswordcheck.h"

#include "crypto/password.h"
#include "legacyhashes/legacyhash.h"
#include "passwords/logging.h"

namespace Gatehouse {

StoredPasswordCheck checkStoredPassword(QByteArrayView password, const QString &storedHash)
{
    if (storedHash.startsWith(QLatin1String("$argon2id$")))
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
