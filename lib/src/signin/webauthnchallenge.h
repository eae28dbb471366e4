#pragma once
/*
 * The challenge of a WebAuthn ceremony between webauthn-options and the callback: kept in the
 * encrypted authjs.webauthn-challenge cookie (JWE, key derived with the cookie name as salt),
 * valid for 15 minutes and deleted by the callback that uses it.
 */
#include "request/requeststate.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Gatehouse {

struct WebAuthnChallenge
{
    static constexpr qint64 Lifetime = 15 * 60;  //!< seconds

    QByteArray challenge;  //!< random bytes the authenticator signs over
    QString action;        //!< "register" or "authenticate"
    QString provider;      //!< the provider id it was issued for
    QJsonObject user;      //!< registration: the user to create, or the signed-in user

    //! A challenge of 32 random bytes.
    static WebAuthnChallenge create(const QString &action, const QString &provider, const QJsonObject &user = {});

    //! The cookie that carries this challenge (encrypted) for Lifetime seconds.
    SetCookie toCookie(const RequestState &state) const;

    /*!
     * The challenge of the request's cookie. Throws AuthError \c InvalidCheck when the cookie
     * is missing, cannot be decrypted with the configured secrets, has expired, or was issued
     * for another provider or action.
     */
    static WebAuthnChallenge fromCookie(const RequestState &state, const QString &action);

    //! Deletes the challenge cookie (single use: every callback response carries this).
    static QList<SetCookie> remove(const RequestState &state);
};

} // namespace Gatehouse
