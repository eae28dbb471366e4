#include "legacyhashes/legacyhash.h"

#include "legacyhashes/encodings_p.h"
#include "legacyhashes/schemes_p.h"

namespace Gatehouse::LegacyHashes {

HashProblem::HashProblem(Kind kind, const QString &reason)
    : std::runtime_error(reason.toStdString()), m_kind(kind), m_reason(reason)
{
}

LegacyHash::~LegacyHash() = default;

namespace {

constexpr qsizetype MaximumHashLength = 1024; // the longest scheme here writes a few hundred

bool startsWith(QByteArrayView stored, const char *prefix)
{
    return stored.startsWith(QByteArrayView(prefix));
}

} // namespace

std::unique_ptr<const LegacyHash> parseLegacyHash(QByteArrayView stored)
{
    if (stored.isEmpty())
        throw HashProblem(HashProblem::Kind::Malformed, QStringLiteral("the hash is empty"));
    if (stored.size() > MaximumHashLength)
        throw HashProblem(HashProblem::Kind::Malformed,
                          QStringLiteral("the hash is longer than %1 characters").arg(MaximumHashLength));
    for (const char c : stored) {
        if (uchar(c) < 0x21 || uchar(c) > 0x7e)
            throw HashProblem(HashProblem::Kind::Malformed,
                              QStringLiteral("the hash holds a character that is not printable ASCII"));
    }
    if (startsWith(stored, "$2a$") || startsWith(stored, "$2b$") || startsWith(stored, "$2y$")
        || startsWith(stored, "$5$") || startsWith(stored, "$6$"))
        return parseCryptHash(stored);
    if (startsWith(stored, "$apr1$"))
        return parseApr1Hash(stored);
    if (startsWith(stored, "$argon2id$") || startsWith(stored, "$argon2i$"))
        return parseArgon2Hash(stored);
    if (startsWith(stored, "$pbkdf2-") || startsWith(stored, "pbkdf2_sha256$") || startsWith(stored, "$keycloak-")
        || startsWith(stored, "{PBKDF2-SHA512}"))
        return parsePbkdf2Hash(stored);
    if (startsWith(stored, "$scrypt$"))
        return parseScryptHash(stored);
    if (startsWith(stored, "{SSHA512}") || startsWith(stored, "{SHA}") || startsWith(stored, "{SSHA}"))
        return parseLdapShaHash(stored);

    // Name the scheme the string claims, without echoing the hash itself.
    QString label;
    const qsizetype close = stored.front() == '{' ? stored.indexOf('}') : stored.front() == '$' ? stored.indexOf('$', 1) : -1;
    if (close > 1 && !(label = schemeLabel(stored.sliced(1, close - 1))).isEmpty())
        label = QLatin1Char(stored.front()) + label + QLatin1Char(stored[close]);
    throw HashProblem(HashProblem::Kind::UnknownScheme,
                      label.isEmpty() ? QStringLiteral("unknown hash scheme") : QStringLiteral("unknown hash scheme %1").arg(label));
}

} // namespace Gatehouse::LegacyHashes
