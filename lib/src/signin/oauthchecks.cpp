#include "signin/oauthchecks.h"

#include "crypto/base64url.h"
#include "crypto/hash.h"
#include "crypto/random.h"

#include <gatehouse/errors.h>

namespace Gatehouse::OAuthChecks {

namespace {
constexpr qint64 kLifetime = 900;  // seconds, as Auth.js's check cookies
}

QString randomValue()
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::randomBytes(32)));
}

QString pkceChallenge(const QString &verifier)
{
    return QString::fromLatin1(Crypto::base64UrlEncode(Crypto::sha256(verifier.toLatin1())));
}

SetCookie issue(const RequestState &s, const CookieOption &cookie, const QString &value)
{
    const auto codec = s.engine.jwe(s.config.secret);
    const QJsonObject claims{{QStringLiteral("value"), value}, {QStringLiteral("provider"), s.provider->id}};
    SetCookie set{cookie.name, codec->encrypt(claims, cookie.name, kLifetime), cookie.options};
    set.options.maxAge = kLifetime;
    set.options.expires = QDateTime::currentDateTimeUtc().addSecs(kLifetime);
    return set;
}

QString use(const RequestState &s, const CookieOption &cookie, const QString &check)
{
    const QString sent = Cookies::read(cookie.name, s.requestCookies);
    if (sent.isEmpty())
        throw InvalidCheck(QStringLiteral("%1 cookie was missing").arg(check));
    const auto codec = s.engine.jwe(s.config.secret);
    const std::optional<QJsonObject> claims = codec->decrypt(sent, cookie.name);
    if (!claims)
        throw InvalidCheck(QStringLiteral("%1 cookie could not be decrypted or has expired").arg(check));
    if (claims->value(QStringLiteral("provider")).toString() != s.provider->id)
        throw InvalidCheck(QStringLiteral("%1 cookie was set for provider \"%2\", not \"%3\"")
                               .arg(check, claims->value(QStringLiteral("provider")).toString(), s.provider->id));
    const QString value = claims->value(QStringLiteral("value")).toString();
    if (value.isEmpty())
        throw InvalidCheck(QStringLiteral("%1 cookie holds no value").arg(check));
    return value;
}

} // namespace Gatehouse::OAuthChecks
