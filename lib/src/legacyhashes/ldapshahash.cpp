// OpenLDAP's salted SHA-512, {SSHA512}: base64 of SHA-512(password + salt) followed by the salt.
// One unstretched hash: weak. Unsalted {SHA} and SHA-1's {SSHA} are refused outright.
#include "legacyhashes/encodings_p.h"
#include "legacyhashes/openssldigest_p.h"
#include "legacyhashes/schemes_p.h"

#include "crypto/compare.h"

namespace Gatehouse::LegacyHashes {
namespace {

class SaltedSha512Hash final : public LegacyHash
{
public:
    SaltedSha512Hash(QByteArray digest, QByteArray salt) : m_digest(std::move(digest)), m_salt(std::move(salt)) {}
    QString scheme() const override { return QStringLiteral("ssha512"); }
    QString weakness() const override { return QStringLiteral("ssha512 is one unstretched SHA-512"); }
    bool verify(QByteArrayView password) const override
    {
        const QByteArray computed = digest("SHA512", password.toByteArray() + m_salt);
        return computed.size() == m_digest.size() && Crypto::constantTimeEquals(computed, m_digest);
    }

private:
    QByteArray m_digest;
    QByteArray m_salt;
};

} // namespace

std::unique_ptr<const LegacyHash> parseLdapShaHash(QByteArrayView stored)
{
    if (stored.startsWith("{SHA}"))
        throw HashProblem(HashProblem::Kind::Refused,
                          QStringLiteral("{SHA} is unsalted SHA-1, as good as the password in clear: refused"));
    if (stored.startsWith("{SSHA}"))
        throw HashProblem(HashProblem::Kind::Refused, QStringLiteral("{SSHA} is one salted SHA-1: refused"));
    const std::optional<QByteArray> decoded = decodeBase64(stored.sliced(9));
    if (!decoded || decoded->size() < 64 + 4 || decoded->size() > 64 + 64)
        throw HashProblem(HashProblem::Kind::Malformed,
                          QStringLiteral("ssha512: expected {SSHA512} and base64 of 64 bytes of hash and 4 to 64 of salt"));
    return std::make_unique<SaltedSha512Hash>(decoded->first(64), decoded->sliced(64));
}

} // namespace Gatehouse::LegacyHashes
