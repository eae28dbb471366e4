#include "core/csrf.h"

#include "crypto/compare.h"
#include "crypto/hash.h"
#include "crypto/random.h"

#include <QVarLengthArray>

namespace Gatehouse::Csrf {

namespace {

constexpr qsizetype kHexSize = 64;  // SHA-256 in hex

/*!
 * The hex SHA-256 of the UTF-8 of \a token followed by \a secret, written into \a hex. The usual
 * ASCII token and secret are copied on the stack: the check runs on every request.
 */
void hexHashOf(QStringView token, QStringView secret, char (&hex)[kHexSize])
{
    static constexpr char digits[] = "0123456789abcdef";
    QVarLengthArray<char, 256> ascii(token.size() + secret.size());
    char *out = ascii.data();
    char16_t seen = 0;  // every unit ORed together: below 0x80 when all are ASCII
    for (const QStringView part : {token, secret}) {
        for (const char16_t *c = part.utf16(), *end = c + part.size(); c != end; ++c) {
            seen |= *c;
            *out++ = char(*c);
        }
    }
    unsigned char digest[32];
    if (seen < 0x80)
        Crypto::sha256(QByteArrayView(ascii.constData(), ascii.size()), digest);
    else
        Crypto::sha256(token.toString().append(secret).toUtf8(), digest);
    for (qsizetype i = 0; i < qsizetype(sizeof digest); ++i) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 0xf];
    }
}

} // namespace

Token fromCookie(const QString &cookieValue, const QStringList &secrets)
{
    const qsizetype bar = cookieValue.indexOf(QLatin1Char('|'));
    if (bar > 0) {
        const QStringView token = QStringView(cookieValue).first(bar);
        const QStringView hash = QStringView(cookieValue).sliced(bar + 1);
        // The cookie's hash as QString::toLatin1() has it; only its size can end the compare early.
        char given[kHexSize] = {};
        if (hash.size() == kHexSize) {
            for (qsizetype i = 0; i < kHexSize; ++i)
                given[i] = hash[i].unicode() > 0xff ? '?' : char(hash[i].unicode());
        }
        for (const QString &secret : secrets) {
            char expected[kHexSize];
            hexHashOf(token, secret, expected);
            if (hash.size() == kHexSize
                && Crypto::constantTimeEquals(QByteArrayView(given, kHexSize), QByteArrayView(expected, kHexSize)))
                return {token.toString(), cookieValue, false};
        }
    }
    Token fresh;
    fresh.token = Crypto::randomHex(32);
    char hex[kHexSize];
    hexHashOf(fresh.token, secrets.value(0), hex);
    fresh.cookieValue = fresh.token + QLatin1Char('|') + QLatin1String(hex, kHexSize);
    fresh.isNew = true;
    return fresh;
}

bool verify(const Token &token, const QString &submitted)
{
    return !token.isNew && !submitted.isEmpty()
        && Crypto::constantTimeEquals(submitted.toUtf8(), token.token.toUtf8());
}

} // namespace Gatehouse::Csrf
