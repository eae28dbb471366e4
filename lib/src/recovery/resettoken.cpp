#include "recovery/resettoken.h"

#include "crypto/base64url.h"
#include "crypto/compare.h"
#include "crypto/hash.h"
#include "crypto/random.h"

namespace Gatehouse::ResetToken {

namespace {

constexpr qsizetype kTokenBytes = 32;
constexpr qsizetype kTokenLength = 43;  // base64url of 32 bytes, unpadded

QString hashOfValid(QByteArrayView token)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(token)));
}

} // namespace

Issued issue()
{
    const QByteArray token = Crypto::base64UrlEncode(Crypto::randomBytes(kTokenBytes));
    return {QString::fromLatin1(token), hashOfValid(token)};
}

std::optional<QString> hashOf(QStringView token)
{
    if (token.size() != kTokenLength)
        return std::nullopt;
    for (const QChar c : token) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'A' && u <= u'Z') || (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9') || u == u'-' || u == u'_';
        if (!ok)
            return std::nullopt;
    }
    // The last character carries 4 bits of the 256: only the canonical spelling is a token.
    const QByteArray latin1 = token.toLatin1();
    const std::optional<QByteArray> bytes = Crypto::base64UrlDecode(QByteArrayView(latin1));
    if (!bytes || bytes->size() != kTokenBytes || Crypto::base64UrlEncode(*bytes) != latin1)
        return std::nullopt;
    return hashOfValid(latin1);
}

QString passwordStamp(const QString &passwordHash)
{
    return QString::fromLatin1(Crypto::sha256(passwordHash.toUtf8()).toHex());
}

Problem check(const std::optional<PasswordResetRecord> &record, const QDateTime &now,
              const std::optional<QString> &passwordHash)
{
    if (!record)
        return Problem::Unknown;
    if (!record->expires.isValid() || now >= record->expires)
        return Problem::Expired;
    if (!passwordHash)
        return Problem::PasswordChanged;
    const QByteArray current = passwordStamp(*passwordHash).toLatin1();
    const QByteArray stored = record->passwordStamp.toLatin1();
    return Crypto::constantTimeEquals(current, stored) ? Problem::None : Problem::PasswordChanged;
}

QString reasonOf(Problem problem)
{
    switch (problem) {
    case Problem::None: return {};
    case Problem::Unknown: return QStringLiteral("unknown");
    case Problem::Expired: return QStringLiteral("expired");
    case Problem::PasswordChanged: return QStringLiteral("passwordChanged");
    }
    return {};
}

} // namespace Gatehouse::ResetToken
