#include "twofactor/otpauthuri.h"

#include "twofactor/base32.h"
#include "twofactor/totp.h"

#include <QUrl>

namespace Gatehouse::Totp {

namespace {

QString encoded(QString text)
{
    text.replace(QLatin1Char(':'), QLatin1Char(' '));
    return QString::fromLatin1(QUrl::toPercentEncoding(text.trimmed()));
}

} // namespace

QString otpauthUri(const QString &issuer, const QString &accountName, QByteArrayView secret)
{
    const QString issuerPart = encoded(issuer);
    const QString label = issuerPart.isEmpty() ? encoded(accountName) : issuerPart + u':' + encoded(accountName);
    QString uri = QStringLiteral("otpauth://totp/") + label + QStringLiteral("?secret=") + Base32::encode(secret);
    if (!issuerPart.isEmpty())
        uri += QStringLiteral("&issuer=") + issuerPart;
    uri += QStringLiteral("&algorithm=SHA1&digits=%1&period=%2").arg(Digits).arg(Period);
    return uri;
}

} // namespace Gatehouse::Totp
