// bcrypt and sha-crypt: libxcrypt computes them; this file checks the strings and the costs first.
#include "legacyhashes/hashlimits.h"
#include "legacyhashes/schemes_p.h"
#include "legacyhashes/encodings_p.h"

#include "crypto/compare.h"

#include <crypt.h>

#include <cstring>

namespace Gatehouse::LegacyHashes {
namespace {

//! The alphabet both schemes write salts and hashes in.
bool isCryptBase64(QByteArrayView text)
{
    for (const char c : text) {
        const bool ok = c == '.' || c == '/' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        if (!ok)
            return false;
    }
    return true;
}

class CryptHash final : public LegacyHash
{
public:
    CryptHash(QString scheme, QByteArray stored, QString weakness)
        : m_scheme(std::move(scheme)), m_stored(std::move(stored)), m_weakness(std::move(weakness))
    {
    }
    QString scheme() const override { return m_scheme; }
    QString weakness() const override { return m_weakness; }
    bool verify(QByteArrayView password) const override
    {
        // crypt() reads a C string: a password holding NUL would be cut short there.
        if (password.contains('\0'))
            return false;
        const QByteArray terminated = password.toByteArray();
        auto data = std::make_unique<crypt_data>(); // about 32 KiB: not on the stack
        std::memset(data.get(), 0, sizeof(crypt_data));
        const char *result = crypt_rn(terminated.constData(), m_stored.constData(), data.get(), int(sizeof(crypt_data)));
        if (!result || result[0] == '*')
            return false;
        return Crypto::constantTimeEquals(QByteArrayView(result, qsizetype(std::strlen(result))), m_stored);
    }

private:
    QString m_scheme;
    QByteArray m_stored;
    QString m_weakness;
};

[[noreturn]] void malformedCrypt(const QString &reason)
{
    throw HashProblem(HashProblem::Kind::Malformed, reason);
}

std::unique_ptr<const LegacyHash> parseBcrypt(QByteArrayView stored)
{
    // $2b$12$ + 22 characters of salt + 31 of hash.
    if (stored.size() != 60 || stored[6] != '$')
        malformedCrypt(QStringLiteral("bcrypt: expected $2b$<cost>$ and 53 characters of salt and hash"));
    const std::optional<qint64> cost = parseDecimal(stored.sliced(4, 2).front() == '0' ? stored.sliced(5, 1) : stored.sliced(4, 2));
    if (!cost || !isCryptBase64(stored.sliced(7)))
        malformedCrypt(QStringLiteral("bcrypt: the cost or the salt and hash are not in bcrypt's alphabet"));
    if (*cost < 4 || *cost > 31)
        malformedCrypt(QStringLiteral("bcrypt: cost %1 is outside bcrypt's 4 to 31").arg(*cost));
    if (*cost > Limits::BcryptMaximumCost)
        throw HashProblem(HashProblem::Kind::TooCostly,
                          QStringLiteral("bcrypt cost %1 is above %2").arg(*cost).arg(Limits::BcryptMaximumCost));
    const QString weakness = *cost < Limits::BcryptMinimumCost
        ? QStringLiteral("bcrypt cost %1 is below %2").arg(*cost).arg(Limits::BcryptMinimumCost)
        : QString();
    return std::make_unique<CryptHash>(QStringLiteral("bcrypt"), stored.toByteArray(), weakness);
}

std::unique_ptr<const LegacyHash> parseShaCrypt(QByteArrayView stored)
{
    const bool sha512 = stored.startsWith("$6$");
    const QString scheme = sha512 ? QStringLiteral("sha512-crypt") : QStringLiteral("sha256-crypt");
    QList<QByteArrayView> pieces = splitDollar(stored.sliced(3)); // [rounds=N,] salt, hash
    if (pieces.size() == 3 && pieces.front().startsWith("rounds=")) {
        const std::optional<qint64> rounds = parseDecimal(pieces.front().sliced(7));
        if (!rounds || *rounds < 1000)
            malformedCrypt(QStringLiteral("%1: rounds must be a number of at least 1000").arg(scheme));
        if (*rounds > Limits::ShaCryptMaximumRounds)
            throw HashProblem(HashProblem::Kind::TooCostly, QStringLiteral("%1 with %2 rounds is above %3")
                                                                .arg(scheme).arg(*rounds).arg(Limits::ShaCryptMaximumRounds));
        pieces.removeFirst();
    }
    const qsizetype hashLength = sha512 ? 86 : 43;
    if (pieces.size() != 2 || pieces[0].isEmpty() || pieces[0].size() > 16 || pieces[1].size() != hashLength
        || !isCryptBase64(pieces[0]) || !isCryptBase64(pieces[1]))
        malformedCrypt(QStringLiteral("%1: expected [rounds=N$]<salt of 1 to 16>$<hash of %2 characters>").arg(scheme).arg(hashLength));
    return std::make_unique<CryptHash>(scheme, stored.toByteArray(), QString());
}

} // namespace

std::unique_ptr<const LegacyHash> parseCryptHash(QByteArrayView stored)
{
    if (stored.startsWith("$2"))
        return parseBcrypt(stored);
    return parseShaCrypt(stored);
}

} // namespace Gatehouse::LegacyHashes
