// scrypt as passlib writes it: $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<checksum>, in standard base64
// without padding (unlike passlib's PBKDF2, not the adapted alphabet).
#include "legacyhashes/encodings_p.h"
#include "legacyhashes/hashlimits.h"
#include "legacyhashes/openssldigest_p.h"
#include "legacyhashes/schemes_p.h"

#include "crypto/compare.h"

namespace Gatehouse::LegacyHashes {
namespace {

class ScryptHash final : public LegacyHash
{
public:
    ScryptHash(quint64 n, quint32 r, quint32 p, QByteArray salt, QByteArray key)
        : m_n(n), m_r(r), m_p(p), m_salt(std::move(salt)), m_key(std::move(key))
    {
    }
    QString scheme() const override { return QStringLiteral("scrypt"); }
    bool verify(QByteArrayView password) const override
    {
        // OpenSSL refuses more than its own default of 32 MiB unless told: the limit was checked when read.
        const QByteArray computed = scrypt(password, m_salt, m_n, m_r, m_p, m_key.size(),
                                           Limits::ScryptMaximumMemoryBytes + 1024 * 1024);
        return computed.size() == m_key.size() && Crypto::constantTimeEquals(computed, m_key);
    }

private:
    quint64 m_n;
    quint32 m_r;
    quint32 m_p;
    QByteArray m_salt;
    QByteArray m_key;
};

std::optional<qint64> named(QByteArrayView piece, QByteArrayView name)
{
    if (!piece.startsWith(name) || piece.size() <= name.size() || piece[name.size()] != '=')
        return std::nullopt;
    return parseDecimal(piece.sliced(name.size() + 1));
}

} // namespace

std::unique_ptr<const LegacyHash> parseScryptHash(QByteArrayView stored)
{
    const QList<QByteArrayView> pieces = splitDollar(stored.sliced(8));
    const auto malformed = [] {
        return HashProblem(HashProblem::Kind::Malformed,
                           QStringLiteral("scrypt: expected $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<checksum>, in unpadded base64"));
    };
    if (pieces.size() != 3)
        throw malformed();
    const QList<QByteArrayView> parameters = splitAt(pieces[0], ',');
    if (parameters.size() != 3)
        throw malformed();
    const std::optional<qint64> logN = named(parameters[0], "ln");
    const std::optional<qint64> r = named(parameters[1], "r");
    const std::optional<qint64> p = named(parameters[2], "p");
    const std::optional<QByteArray> salt = pieces[1].contains('=') ? std::nullopt : decodeBase64(pieces[1]);
    const std::optional<QByteArray> key = pieces[2].contains('=') ? std::nullopt : decodeBase64(pieces[2]);
    if (!logN || !r || !p || *logN < 1 || *r < 1 || *p < 1 || !salt || !key || salt->isEmpty()
        || salt->size() > Limits::MaximumSaltBytes || key->size() < Limits::MinimumKeyBytes
        || key->size() > Limits::MaximumKeyBytes)
        throw malformed();
    if (*logN > Limits::ScryptMaximumLogN || *r > 64 || *p > 64)
        throw HashProblem(HashProblem::Kind::TooCostly, QStringLiteral("scrypt with ln=%1, r=%2, p=%3 is above ln=%4, r=64, p=64")
                                                            .arg(*logN).arg(*r).arg(*p).arg(Limits::ScryptMaximumLogN));
    const quint64 n = quint64(1) << *logN;
    const quint64 memory = 128 * quint64(*r) * n;
    const quint64 work = n * quint64(*r) * quint64(*p);
    if (memory > Limits::ScryptMaximumMemoryBytes || work > Limits::ScryptMaximumWork)
        throw HashProblem(HashProblem::Kind::TooCostly,
                          QStringLiteral("scrypt with ln=%1, r=%2, p=%3 needs %4 MiB and %5 block mixes, above %6 MiB or %7")
                              .arg(*logN).arg(*r).arg(*p).arg(memory >> 20).arg(work)
                              .arg(Limits::ScryptMaximumMemoryBytes >> 20).arg(Limits::ScryptMaximumWork));
    return std::make_unique<ScryptHash>(n, quint32(*r), quint32(*p), *salt, *key);
}

} // namespace Gatehouse::LegacyHashes
