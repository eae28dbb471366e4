#pragma once
/*
 * The tests' own TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30 s steps) and base32 (RFC 4648), with
 * Qt's QMessageAuthenticationCode: codes for a secret an enrolment showed, computed without the
 * library's implementation (which tests/unit/twofactor checks against the RFC's vectors and
 * oathtool).
 */
#include <QByteArray>
#include <QMessageAuthenticationCode>
#include <QString>

namespace Gatehouse::Testing {

//! The bytes of base32 \a text (upper or lower case; anything else is skipped).
inline QByteArray base32Decode(const QString &text)
{
    static const QByteArray alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567");
    QByteArray out;
    quint32 buffer = 0;
    int bits = 0;
    for (const QChar c : text) {
        const qsizetype value = alphabet.indexOf(char(c.toUpper().toLatin1()));
        if (value < 0)
            continue;
        buffer = (buffer << 5) | quint32(value);
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            out.append(char((buffer >> bits) & 0xff));
        }
    }
    return out;
}

//! The code of \a key at \a unixSeconds.
inline QString totpCode(const QByteArray &key, qint64 unixSeconds)
{
    const quint64 counter = quint64(unixSeconds / 30);
    QByteArray message(8, '\0');
    for (int i = 0; i < 8; ++i)
        message[7 - i] = char((counter >> (8 * i)) & 0xff);
    const QByteArray mac = QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha1);
    const int offset = mac.at(19) & 0x0f;
    const quint32 binary = (quint32(mac.at(offset) & 0x7f) << 24) | (quint32(quint8(mac.at(offset + 1))) << 16)
        | (quint32(quint8(mac.at(offset + 2))) << 8) | quint32(quint8(mac.at(offset + 3)));
    return QStringLiteral("%1").arg(binary % 1000000, 6, 10, QLatin1Char('0'));
}

} // namespace Gatehouse::Testing
