#include "crypto/password.h"

#include "crypto/random.h"

#include <argon2.h>

#include <stdexcept>
#include <string>

namespace Gatehouse::Crypto {
namespace {

constexpr size_t SaltSize = 16;
constexpr size_t HashSize = 32;

[[noreturn]] void throwArgon2Error(const char *operation, int code)
{
    throw std::runtime_error(std::string("Argon2id ") + operation + " failed: "
                             + argon2_error_message(code));
}

int verify(QByteArrayView password, const QByteArray &encoded)
{
    return argon2id_verify(encoded.constData(), password.isEmpty() ? nullptr : password.data(),
                           size_t(password.size()));
}

} // namespace

QString hashPassword(QByteArrayView password, const PasswordHashParameters &parameters)
{
    const QByteArray salt = randomBytes(SaltSize);
    const size_t encodedSize = argon2_encodedlen(parameters.iterations, parameters.memoryKiB,
                                                 parameters.parallelism, SaltSize, HashSize, Argon2_id);
    QByteArray encoded(qsizetype(encodedSize), Qt::Uninitialized);
    const int result = argon2id_hash_encoded(
        parameters.iterations, parameters.memoryKiB, parameters.parallelism,
        password.isEmpty() ? nullptr : password.data(), size_t(password.size()),
        salt.constData(), SaltSize, HashSize, encoded.data(), encodedSize);
    if (result != ARGON2_OK)
        throwArgon2Error("hashing", result);
    return QString::fromLatin1(encoded.constData()); // NUL-terminated inside the buffer
}

bool verifyPassword(QByteArrayView password, const QString &encoded)
{
    if (!encoded.startsWith(QLatin1String("$argon2id$")))
        return false;
    return verify(password, encoded.toLatin1()) == ARGON2_OK;
}

void burnPasswordVerification(QByteArrayView password)
{
    // A well-formed hash with the default parameters: checking it does the full computation.
    const PasswordHashParameters defaults;
    const QByteArray dummy = "$argon2id$v=19$m=" + QByteArray::number(defaults.memoryKiB)
        + ",t=" + QByteArray::number(defaults.iterations)
        + ",p=" + QByteArray::number(defaults.parallelism)
        + "$" + QByteArray(22, 'A')    // 16 zero bytes of salt, unpadded base64
        + "$" + QByteArray(43, 'A');   // 32 zero bytes of hash
    const int result = verify(password, dummy);
    if (result != ARGON2_OK && result != ARGON2_VERIFY_MISMATCH)
        throwArgon2Error("verification", result);
}

} // namespace Gatehouse::Crypto
