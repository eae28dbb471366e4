// Argon2id and Argon2i in the PHC string format (Authelia, the argon2 command, passlib): the
// parameters are read and bounded here, libargon2 checks the password.
#include "legacyhashes/encodings_p.h"
#include "legacyhashes/hashlimits.h"
#include "legacyhashes/schemes_p.h"

#include <argon2.h>

namespace Gatehouse::LegacyHashes {
namespace {

class Argon2Hash final : public LegacyHash
{
public:
    Argon2Hash(argon2_type type, QByteArray stored, QString weakness)
        : m_type(type), m_stored(std::move(stored)), m_weakness(std::move(weakness))
    {
    }
    QString scheme() const override { return m_type == Argon2_id ? QStringLiteral("argon2id") : QStringLiteral("argon2i"); }
    QString weakness() const override { return m_weakness; }
    bool verify(QByteArrayView password) const override
    {
        // libargon2 compares the computed hash in constant time.
        return argon2_verify(m_stored.constData(), password.isEmpty() ? "" : password.data(), size_t(password.size()),
                             m_type) == ARGON2_OK;
    }

private:
    argon2_type m_type;
    QByteArray m_stored;
    QString m_weakness;
};

[[noreturn]] void malformedArgon2(const QString &scheme, const QString &what)
{
    throw HashProblem(HashProblem::Kind::Malformed,
                      QStringLiteral("%1: %2 (expected $%1$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>)").arg(scheme, what));
}

//! The value of "name=value" in \a piece, or nullopt.
std::optional<qint64> namedNumber(QByteArrayView piece, char name)
{
    if (piece.size() < 3 || piece[0] != name || piece[1] != '=')
        return std::nullopt;
    return parseDecimal(piece.sliced(2));
}

} // namespace

std::unique_ptr<const LegacyHash> parseArgon2Hash(QByteArrayView stored)
{
    const bool id = stored.startsWith("$argon2id$");
    const QString scheme = id ? QStringLiteral("argon2id") : QStringLiteral("argon2i");
    QList<QByteArrayView> pieces = splitDollar(stored.sliced(id ? 10 : 9));
    if (!pieces.isEmpty() && pieces.front().startsWith("v=")) {
        const std::optional<qint64> version = parseDecimal(pieces.front().sliced(2));
        if (version != ARGON2_VERSION_13 && version != ARGON2_VERSION_10)
            malformedArgon2(scheme, QStringLiteral("version must be 19 or 16"));
        pieces.removeFirst();
    }
    if (pieces.size() != 3)
        malformedArgon2(scheme, QStringLiteral("not three $-separated parts after the version"));
    const QList<QByteArrayView> parameters = splitAt(pieces[0], ',');
    if (parameters.size() != 3)
        malformedArgon2(scheme, QStringLiteral("the parameters must be m, t and p, in this order"));
    const std::optional<qint64> memory = namedNumber(parameters[0], 'm');
    const std::optional<qint64> passes = namedNumber(parameters[1], 't');
    const std::optional<qint64> lanes = namedNumber(parameters[2], 'p');
    if (!memory || !passes || !lanes || *passes < 1 || *lanes < 1 || *memory < 8 * *lanes)
        malformedArgon2(scheme, QStringLiteral("m, t and p must be numbers with t and p at least 1 and m at least 8 KiB per lane"));
    const std::optional<QByteArray> salt = decodeBase64(pieces[1]);
    const std::optional<QByteArray> hash = decodeBase64(pieces[2]);
    if (!salt || !hash || pieces[1].contains('=') || pieces[2].contains('=') || salt->size() < 8
        || salt->size() > Limits::MaximumSaltBytes || hash->size() < 4 || hash->size() > Limits::MaximumKeyBytes)
        malformedArgon2(scheme, QStringLiteral("the salt (8 bytes at least) or hash is not unpadded base64"));
    if (*memory > Limits::Argon2MaximumMemoryKiB)
        throw HashProblem(HashProblem::Kind::TooCostly, QStringLiteral("%1 memory %2 KiB is above %3 KiB")
                                                            .arg(scheme).arg(*memory).arg(Limits::Argon2MaximumMemoryKiB));
    if (*passes > Limits::Argon2MaximumPasses || quint64(*memory) * quint64(*passes) > Limits::Argon2MaximumWorkKiB)
        throw HashProblem(HashProblem::Kind::TooCostly,
                          QStringLiteral("%1 with %2 passes over %3 KiB is above %4 passes or %5 KiB in all")
                              .arg(scheme).arg(*passes).arg(*memory).arg(Limits::Argon2MaximumPasses)
                              .arg(Limits::Argon2MaximumWorkKiB));
    if (*lanes > Limits::Argon2MaximumLanes)
        throw HashProblem(HashProblem::Kind::TooCostly,
                          QStringLiteral("%1 with %2 lanes is above %3").arg(scheme).arg(*lanes).arg(Limits::Argon2MaximumLanes));
    const QString weakness = quint64(*memory) * quint64(*passes) < Limits::Argon2MinimumWorkKiB
        ? QStringLiteral("%1 with %2 passes over %3 KiB is below OWASP's least (7168 KiB x 5)").arg(scheme).arg(*passes).arg(*memory)
        : QString();
    return std::make_unique<Argon2Hash>(id ? Argon2_id : Argon2_i, stored.toByteArray(), weakness);
}

} // namespace Gatehouse::LegacyHashes
