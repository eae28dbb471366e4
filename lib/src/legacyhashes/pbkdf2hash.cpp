// PBKDF2 in the four string forms it is found in: passlib's, Django's, a Keycloak credential's
// (README.md: how one is written as a string) and OpenLDAP's pw-pbkdf2. One verifier, four readers.
#include "legacyhashes/encodings_p.h"
#include "legacyhashes/hashlimits.h"
#include "legacyhashes/openssldigest_p.h"
#include "legacyhashes/schemes_p.h"

#include "crypto/compare.h"

namespace Gatehouse::LegacyHashes {
namespace {

struct Digest
{
    const char *opensslName;
    const char *label;   //!< as in the scheme names: "sha256"
    qsizetype size;
};
constexpr Digest Sha1{"SHA1", "sha1", 20};
constexpr Digest Sha256{"SHA256", "sha256", 32};
constexpr Digest Sha512{"SHA512", "sha512", 64};

class Pbkdf2Hash final : public LegacyHash
{
public:
    Pbkdf2Hash(QString scheme, Digest digest, qint64 iterations, QByteArray salt, QByteArray key)
        : m_scheme(std::move(scheme)), m_digest(digest), m_iterations(iterations), m_salt(std::move(salt)),
          m_key(std::move(key))
    {
    }
    QString scheme() const override { return m_scheme; }
    QString weakness() const override
    {
        if (m_iterations < Limits::Pbkdf2MinimumIterations)
            return QStringLiteral("%1 with %2 iterations is below %3").arg(m_scheme).arg(m_iterations).arg(Limits::Pbkdf2MinimumIterations);
        return {};
    }
    bool verify(QByteArrayView password) const override
    {
        const QByteArray computed = pbkdf2(m_digest.opensslName, password, m_salt, m_iterations, m_key.size());
        return computed.size() == m_key.size() && Crypto::constantTimeEquals(computed, m_key);
    }

private:
    QString m_scheme;
    Digest m_digest;
    qint64 m_iterations;
    QByteArray m_salt;
    QByteArray m_key;
};

[[noreturn]] void malformedPbkdf2(const QString &scheme, const QString &expected)
{
    throw HashProblem(HashProblem::Kind::Malformed, QStringLiteral("%1: expected %2").arg(scheme, expected));
}

//! Checks the numbers, then makes the verifier: nothing is hashed for a string out of bounds.
std::unique_ptr<const LegacyHash> make(const QString &scheme, Digest digest, std::optional<qint64> iterations,
                                       std::optional<QByteArray> salt, std::optional<QByteArray> key,
                                       const QString &expected)
{
    if (!iterations || *iterations < 1 || !salt || !key || salt->isEmpty() || salt->size() > Limits::MaximumSaltBytes
        || key->size() < Limits::MinimumKeyBytes || key->size() > Limits::MaximumKeyBytes)
        malformedPbkdf2(scheme, expected);
    const qint64 blocks = (key->size() + digest.size - 1) / digest.size;
    if (*iterations * blocks > Limits::Pbkdf2MaximumWork)
        throw HashProblem(HashProblem::Kind::TooCostly,
                          QStringLiteral("%1 with %2 iterations is above %3").arg(scheme).arg(*iterations)
                              .arg(Limits::Pbkdf2MaximumWork / blocks));
    return std::make_unique<Pbkdf2Hash>(scheme, digest, *iterations, std::move(*salt), std::move(*key));
}

//! passlib: $pbkdf2-sha256$<iterations>$<salt>$<checksum>, both in adapted base64.
std::unique_ptr<const LegacyHash> parsePasslib(QByteArrayView stored)
{
    const bool sha512 = stored.startsWith("$pbkdf2-sha512$");
    if (!sha512 && !stored.startsWith("$pbkdf2-sha256$"))
    {
        const QString label = schemeLabel(splitDollar(stored).value(1));
        throw HashProblem(HashProblem::Kind::UnknownScheme, label.isEmpty() ? QStringLiteral("unknown hash scheme")
                                                                            : QStringLiteral("unknown hash scheme $%1$").arg(label));
    }
    const Digest digest = sha512 ? Sha512 : Sha256;
    const QString scheme = QStringLiteral("pbkdf2-%1").arg(QLatin1String(digest.label));
    const QList<QByteArrayView> pieces = splitDollar(stored.sliced(15));
    const QString expected = QStringLiteral("$%1$<iterations>$<salt>$<checksum>, in adapted base64").arg(scheme);
    if (pieces.size() != 3)
        malformedPbkdf2(scheme, expected);
    std::optional<QByteArray> key = decodeAdaptedBase64(pieces[2]);
    if (key && key->size() != digest.size)
        key.reset();
    return make(scheme, digest, parseDecimal(pieces[0]), decodeAdaptedBase64(pieces[1]), key, expected);
}

//! Django: pbkdf2_sha256$<iterations>$<salt, used as it is written>$<base64 of 32 bytes>.
std::unique_ptr<const LegacyHash> parseDjango(QByteArrayView stored)
{
    const QString scheme = QStringLiteral("django-pbkdf2-sha256");
    const QList<QByteArrayView> pieces = splitDollar(stored.sliced(14));
    const QString expected = QStringLiteral("pbkdf2_sha256$<iterations>$<salt>$<base64 hash>");
    if (pieces.size() != 3 || pieces[1].isEmpty())
        malformedPbkdf2(scheme, expected);
    std::optional<QByteArray> key = decodeBase64(pieces[2]);
    if (key && key->size() != Sha256.size)
        key.reset();
    return make(scheme, Sha256, parseDecimal(pieces[0]), pieces[1].toByteArray(), key, expected);
}

//! A Keycloak credential: $keycloak-<algorithm>$<hashIterations>$<salt>$<value>, salt and value in
//! base64 as Keycloak's export writes them; the key is as long as the value.
std::unique_ptr<const LegacyHash> parseKeycloak(QByteArrayView stored)
{
    const QList<QByteArrayView> pieces = splitDollar(stored);
    const QByteArrayView algorithm = pieces.value(1).sliced(qMin<qsizetype>(9, pieces.value(1).size()));
    const Digest digest = algorithm == "pbkdf2" ? Sha1 : algorithm == "pbkdf2-sha256" ? Sha256
                        : algorithm == "pbkdf2-sha512" ? Sha512 : Digest{nullptr, nullptr, 0};
    if (!digest.opensslName) {
        const QString label = schemeLabel(algorithm);
        throw HashProblem(HashProblem::Kind::UnknownScheme,
                          QStringLiteral("unknown Keycloak algorithm%1 (pbkdf2, pbkdf2-sha256 and pbkdf2-sha512 are known)")
                              .arg(label.isEmpty() ? QString() : QStringLiteral(" \"%1\"").arg(label)));
    }
    const QString scheme = QStringLiteral("keycloak-%1").arg(QString::fromLatin1(algorithm));
    const QString expected = QStringLiteral("$%1$<iterations>$<base64 salt>$<base64 value>").arg(scheme);
    if (pieces.size() != 5 || !pieces[0].isEmpty())
        malformedPbkdf2(scheme, expected);
    return make(scheme, digest, parseDecimal(pieces[2]), decodeBase64(pieces[3]), decodeBase64(pieces[4]), expected);
}

//! OpenLDAP's pw-pbkdf2: {PBKDF2-SHA512}<iterations>$<salt>$<key>, in adapted base64.
std::unique_ptr<const LegacyHash> parseLdap(QByteArrayView stored)
{
    const QString scheme = QStringLiteral("ldap-pbkdf2-sha512");
    const QList<QByteArrayView> pieces = splitDollar(stored.sliced(15));
    const QString expected = QStringLiteral("{PBKDF2-SHA512}<iterations>$<salt>$<key>, in adapted base64");
    if (pieces.size() != 3)
        malformedPbkdf2(scheme, expected);
    std::optional<QByteArray> key = decodeAdaptedBase64(pieces[2]);
    if (key && key->size() != Sha512.size)
        key.reset();
    return make(scheme, Sha512, parseDecimal(pieces[0]), decodeAdaptedBase64(pieces[1]), key, expected);
}

} // namespace

std::unique_ptr<const LegacyHash> parsePbkdf2Hash(QByteArrayView stored)
{
    if (stored.startsWith("pbkdf2_sha256$"))
        return parseDjango(stored);
    if (stored.startsWith("$keycloak-"))
        return parseKeycloak(stored);
    if (stored.startsWith("{PBKDF2-SHA512}"))
        return parseLdap(stored);
    return parsePasslib(stored);
}

} // namespace Gatehouse::LegacyHashes
