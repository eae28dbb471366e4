#include "twofactor/secretbox.h"

#include "twofactor/base32.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Gatehouse::Totp {

namespace {

const QString salt = QStringLiteral("gatehouse.totp-secret");

} // namespace

SecretBox::SecretBox(const QStringList &secrets)
    : m_codec(secrets)
{
}

QString SecretBox::seal(const QString &userId, const QByteArray &secret) const
{
    const QJsonObject payload{{QStringLiteral("sub"), userId}, {QStringLiteral("totp"), Base32::encode(secret)}};
    return m_codec.encryptRaw(QJsonDocument(payload).toJson(QJsonDocument::Compact), salt);
}

std::optional<SecretBox::Opened> SecretBox::open(const QString &userId, const QString &sealed) const
{
    const std::optional<QByteArray> payload = m_codec.decryptRaw(sealed, salt);
    if (!payload)
        return std::nullopt;
    const QJsonObject claims = QJsonDocument::fromJson(*payload).object();
    if (claims.value(QStringLiteral("sub")).toString() != userId)
        return std::nullopt;
    const std::optional<QByteArray> secret = Base32::decode(claims.value(QStringLiteral("totp")).toString());
    if (!secret || secret->isEmpty())
        return std::nullopt;
    const QByteArray &header = m_codec.keyRing().keySet(salt).encryptionKey().protectedHeader();
    const bool current = sealed.size() > header.size() && sealed.at(header.size()) == u'.'
        && QStringView(sealed).left(header.size()) == QLatin1String(header);
    return Opened{*secret, current};
}

} // namespace Gatehouse::Totp
