#pragma once
/*! \file cookie.h  Cookie attributes and Set-Cookie values, as Auth.js writes them. */
#include <gatehouse/global.h>

#include <QDateTime>
#include <QString>
#include <optional>

namespace Gatehouse {

//! Attributes of a cookie. Defaults are Auth.js's: \c Path=/; HttpOnly; SameSite=Lax.
struct GATEHOUSE_EXPORT CookieOptions
{
    QString path = QStringLiteral("/");
    QString domain;                      //!< empty: host-only
    bool httpOnly = true;
    bool secure = false;
    QString sameSite = QStringLiteral("Lax");
    std::optional<QDateTime> expires;
    std::optional<qint64> maxAge;        //!< seconds; 0 deletes the cookie
};

//! A cookie's configured name and attributes (the \c cookies option of the configuration).
struct GATEHOUSE_EXPORT CookieOption
{
    QString name;
    CookieOptions options;
};

//! One \c Set-Cookie header.
struct GATEHOUSE_EXPORT SetCookie
{
    QString name;
    QString value;
    CookieOptions options;

    /*!
     * The header value in Auth.js's attribute order:
     * \c name=value; Max-Age=N; Domain=d; Path=p; Expires=date; HttpOnly; Secure; SameSite=s
     */
    QByteArray toHeaderValue() const;
};

} // namespace Gatehouse
