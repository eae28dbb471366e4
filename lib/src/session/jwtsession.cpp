#include "session/jwtsession.h"

namespace Gatehouse {

JwtSession::JwtSession(const Jose::JweCodec &codec, const JwtOptions &options, const CookieOption &cookie)
    : m_codec(codec), m_options(options), m_cookie(cookie)
{
}

std::optional<QJsonObject> JwtSession::read(const QMap<QString, QString> &requestCookies) const
{
    const QString token = Cookies::read(m_cookie.name, requestCookies);
    if (token.isEmpty())
        return std::nullopt;
    if (m_options.decode)
        return m_options.decode(token, m_cookie.name);
    return m_codec.decrypt(token, m_cookie.name);
}

QString JwtSession::encode(const QJsonObject &claims, qint64 maxAge) const
{
    if (m_options.encode)
        return m_options.encode(claims, m_cookie.name, maxAge);
    return m_codec.encrypt(claims, m_cookie.name, maxAge);
}

QList<SetCookie> JwtSession::write(const QString &token, const QDateTime &expires,
                                   const QMap<QString, QString> &requestCookies) const
{
    CookieOption cookie = m_cookie;
    cookie.options.expires = expires;
    return Cookies::write(cookie, token, requestCookies);
}

} // namespace Gatehouse
