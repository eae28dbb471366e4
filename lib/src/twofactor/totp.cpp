#include "twofactor/totp.h"

#include "crypto/compare.h"
#include "crypto/hash.h"

#include <QtEndian>

#include <stdexcept>

namespace Gatehouse::Totp {

QString hotp(QByteArrayView key, quint64 counter, int digits)
{
    if (digits < 6 || digits > 9)
        throw std::invalid_argument("Totp::hotp: digits must be 6 to 9");
    char message[8];
    qToBigEndian(counter, message);
    const QByteArray mac = Crypto::hmacSha1(key, QByteArrayView(message, 8));
    // Dynamic truncation (RFC 4226 §5.3).
    const int offset = mac.at(19) & 0x0f;
    const quint32 binary = (quint32(quint8(mac.at(offset)) & 0x7f) << 24) | (quint32(quint8(mac.at(offset + 1))) << 16)
        | (quint32(quint8(mac.at(offset + 2))) << 8) | quint32(quint8(mac.at(offset + 3)));
    quint32 modulus = 1;
    for (int i = 0; i < digits; ++i)
        modulus *= 10;
    return QStringLiteral("%1").arg(binary % modulus, digits, 10, QLatin1Char('0'));
}

qint64 timeStep(qint64 unixSeconds, qint64 period)
{
    return unixSeconds < 0 ? 0 : unixSeconds / period;
}

QString code(QByteArrayView key, qint64 unixSeconds, int digits, qint64 period)
{
    return hotp(key, quint64(timeStep(unixSeconds, period)), digits);
}

std::optional<qint64> matchingStep(QByteArrayView key, QStringView code, qint64 unixSeconds)
{
    QByteArray typed;
    for (const QChar c : code) {
        if (c.isSpace())
            continue;
        if (c < u'0' || c > u'9')
            return std::nullopt;
        typed.append(char(c.unicode()));
    }
    if (typed.size() != Digits)
        return std::nullopt;
    const qint64 now = timeStep(unixSeconds);
    std::optional<qint64> found;
    for (qint64 step = now - SkewSteps; step <= now + SkewSteps; ++step) {
        if (step < 0)
            continue;
        // The newest match wins: a code that happens to be valid in two steps (one in a
        // million) is then still accepted after the older of them was.
        if (Crypto::constantTimeEquals(hotp(key, quint64(step)).toLatin1(), typed))
            found = step;
    }
    return found;
}

} // namespace Gatehouse::Totp
