// Apache's "$apr1$": md5crypt (1000 rounds of MD5) under its own magic. Weak: accepted only to
// move a person to Argon2id at their next sign-in.
#include "legacyhashes/encodings_p.h"
#include "legacyhashes/openssldigest_p.h"
#include "legacyhashes/schemes_p.h"

#include "crypto/compare.h"

namespace Gatehouse::LegacyHashes {
namespace {

constexpr char Alphabet[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

//! md5crypt's base64: 24 bits at a time, least significant six first.
void appendBits(QByteArray &out, uint value, int characters)
{
    for (int i = 0; i < characters; ++i) {
        out.append(Alphabet[value & 0x3f]);
        value >>= 6;
    }
}

QByteArray apr1Checksum(QByteArrayView password, QByteArrayView salt)
{
    const QByteArray magic = "$apr1$";
    const QByteArray alternate = digest("MD5", password.toByteArray() + salt.toByteArray() + password.toByteArray());
    if (alternate.size() != 16)
        return {};
    QByteArray input = password.toByteArray() + magic + salt.toByteArray();
    for (qsizetype left = password.size(); left > 0; left -= 16)
        input.append(alternate.first(qMin<qsizetype>(left, 16)));
    for (qsizetype i = password.size(); i != 0; i >>= 1)
        input.append((i & 1) ? '\0' : password.front());
    QByteArray sum = digest("MD5", input);
    for (int round = 0; round < 1000 && sum.size() == 16; ++round) {
        QByteArray step;
        step.append((round & 1) ? password.toByteArray() : sum);
        if (round % 3)
            step.append(salt.toByteArray());
        if (round % 7)
            step.append(password.toByteArray());
        step.append((round & 1) ? sum : password.toByteArray());
        sum = digest("MD5", step);
    }
    if (sum.size() != 16)
        return {};
    const auto b = [&sum](int i) { return uint(uchar(sum[i])); };
    QByteArray out;
    appendBits(out, (b(0) << 16) | (b(6) << 8) | b(12), 4);
    appendBits(out, (b(1) << 16) | (b(7) << 8) | b(13), 4);
    appendBits(out, (b(2) << 16) | (b(8) << 8) | b(14), 4);
    appendBits(out, (b(3) << 16) | (b(9) << 8) | b(15), 4);
    appendBits(out, (b(4) << 16) | (b(10) << 8) | b(5), 4);
    appendBits(out, b(11), 2);
    return out;
}

class Apr1Hash final : public LegacyHash
{
public:
    Apr1Hash(QByteArray salt, QByteArray checksum) : m_salt(std::move(salt)), m_checksum(std::move(checksum)) {}
    QString scheme() const override { return QStringLiteral("apr1"); }
    QString weakness() const override { return QStringLiteral("apr1 is 1000 rounds of MD5"); }
    bool verify(QByteArrayView password) const override
    {
        const QByteArray computed = apr1Checksum(password, m_salt);
        return computed.size() == m_checksum.size() && Crypto::constantTimeEquals(computed, m_checksum);
    }

private:
    QByteArray m_salt;
    QByteArray m_checksum;
};

bool inAlphabet(QByteArrayView text)
{
    for (const char c : text) {
        if (!QByteArrayView(Alphabet).contains(c))
            return false;
    }
    return true;
}

} // namespace

std::unique_ptr<const LegacyHash> parseApr1Hash(QByteArrayView stored)
{
    const QList<QByteArrayView> pieces = splitDollar(stored.sliced(6)); // salt, checksum
    if (pieces.size() != 2 || pieces[0].isEmpty() || pieces[0].size() > 8 || pieces[1].size() != 22
        || !inAlphabet(pieces[0]) || !inAlphabet(pieces[1]))
        throw HashProblem(HashProblem::Kind::Malformed,
                          QStringLiteral("apr1: expected $apr1$<salt of 1 to 8>$<22 characters>"));
    return std::make_unique<Apr1Hash>(pieces[0].toByteArray(), pieces[1].toByteArray());
}

} // namespace Gatehouse::LegacyHashes
