#pragma once
/*
 * The cookies Gatehouse writes: their names (Auth.js's, with __Secure-/__Host- prefixes on
 * https), their attributes, and the chunking of values too large for one cookie.
 */
#include <gatehouse/config.h>
#include <gatehouse/cookie.h>

#include <QList>
#include <QMap>
#include <QString>

namespace Gatehouse {

//! The resolved name and attributes of every cookie for one request's security context.
struct CookieSet
{
    CookieOption sessionToken;
    CookieOption callbackUrl;
    CookieOption csrfToken;
    CookieOption pkceCodeVerifier;
    CookieOption state;
    CookieOption nonce;
    CookieOption webauthnChallenge;
    CookieOption twoFactor;  //!< the pending second step of a sign-in (Gatehouse's own)

    //! Auth.js's defaults for \a secure, then the configuration's overrides.
    static CookieSet resolve(bool secure, const CookiesOptions &overrides);
};

namespace Cookies {

//! Largest Set-Cookie header a browser keeps (RFC 6265 §6.1 minimum).
constexpr int kMaxCookieSize = 4096;
//! Room left for the name and attributes when a value is split into chunks.
constexpr int kChunkSize = kMaxCookieSize - 160;

/*!
 * Cookies that store \a value under \a cookie: one cookie when it fits in 4096 bytes,
 * otherwise chunks \c name.0, \c name.1, ... Cookies of \a requestCookies that belong to the
 * same name but are not overwritten (stale chunks, or the unchunked form) are deleted.
 */
QList<SetCookie> write(const CookieOption &cookie, const QString &value,
                       const QMap<QString, QString> &requestCookies);

//! Bytes \a value takes in a Set-Cookie header: its encodeURIComponent form's size.
qsizetype encodedValueSize(const QString &value);

//! Bytes of SetCookie{name, QString(), options}.toHeaderValue(), counted without writing it.
qsizetype headerSizeWithoutValue(const QString &name, const CookieOptions &options);

//! Deletion of \a cookie and every chunk of it present in \a requestCookies.
QList<SetCookie> remove(const CookieOption &cookie, const QMap<QString, QString> &requestCookies);

//! The value stored under \a name: the cookie itself, or its chunks joined in index order.
QString read(const QString &name, const QMap<QString, QString> &requestCookies);

//! True when \a requestCookies has \a name or any chunk of it.
bool present(const QString &name, const QMap<QString, QString> &requestCookies);

} // namespace Cookies
} // namespace Gatehouse
