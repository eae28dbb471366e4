#pragma once
/*
 * The JWT session strategy: the session is an encrypted token (JWE) in the session cookie,
 * chunked when large. The cookie's name is the key-derivation salt, as in Auth.js.
 */
#include "core/cookies.h"
#include "jose/jwe.h"

#include <gatehouse/config.h>

#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace Gatehouse {

class JwtSession
{
public:
    JwtSession(const Jose::JweCodec &codec, const JwtOptions &options, const CookieOption &cookie);

    //! The claims of the request's session cookie, or nullopt when absent, forged or expired.
    std::optional<QJsonObject> read(const QMap<QString, QString> &requestCookies) const;
    //! The token for \a claims (gains iat, exp and jti), expiring after \a maxAge seconds.
    QString encode(const QJsonObject &claims, qint64 maxAge) const;
    //! Cookies that store \a token until \a expires (replacing stale chunks).
    QList<SetCookie> write(const QString &token, const QDateTime &expires,
                           const QMap<QString, QString> &requestCookies) const;

private:
    const Jose::JweCodec &m_codec;
    const JwtOptions &m_options;
    const CookieOption &m_cookie;
};

} // namespace Gatehouse
