#pragma once
/*
 * The pending second step of a sign-in (README.md): what the first factor decided, kept in the
 * encrypted authjs.two-factor cookie between the first factor and the code, so that a valid
 * code can finish the sign-in exactly as the first factor would have. Sealed with a key derived
 * from the configured secrets and its own salt (nobody can write or alter one), bound to its
 * person, valid for twoFactor.maxAge seconds and spent once: its id is recorded in the shared
 * rate-limit store when a code completes it or the browser signs out, so a copy of the cookie
 * is worthless afterwards, on every server sharing the database.
 */
#include "request/requeststate.h"

#include <QFuture>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace Gatehouse {

struct PendingStep
{
    QString id;               //!< random, spent once
    QString userId;           //!< the person the code must belong to
    QString provider;         //!< the first factor's provider id
    QJsonObject user;         //!< the resolved user, as the session will see it
    QJsonObject account;      //!< the first factor's account (token set included, for the jwt callback)
    QJsonObject profile;      //!< the identity provider's profile, if any
    bool isNewUser = false;
    QString callbackUrl;      //!< where the first factor was going
    qint64 expires = 0;       //!< seconds since the epoch

    /*!
     * Whether a sign-in of \a userId through \a provider must pass the second step: the policy
     * is not "never", the adapter keeps two-factor records, the provider is no passkey (two
     * factors in one) and the person has a confirmed authenticator. One indexed lookup; fails
     * with the store's error (the sign-in fails closed).
     */
    static QFuture<bool> isRequired(const RequestState &state, const QString &userId, const Provider *provider);

    //! A new pending step for the request's callback URL, valid for twoFactor.maxAge seconds.
    static PendingStep create(const RequestState &state, const QJsonObject &user, const QJsonObject &account,
                              const QJsonObject &profile, bool isNewUser);

    //! The cookies that carry this step (chunked when the token set makes it large).
    QList<SetCookie> toCookies(const RequestState &state) const;

    /*!
     * The step of the request's cookie; empty when there is none, or it cannot be opened with
     * the configured secrets, or has expired.
     */
    static std::optional<PendingStep> fromCookie(const RequestState &state);

    //! True when the request carries the cookie (or chunks of it), valid or not.
    static bool present(const RequestState &state);

    //! Deletes the cookie and every chunk of it.
    static QList<SetCookie> remove(const RequestState &state);

    //! True when the step was spent already (completed, or its browser signed out). Counts nothing.
    QFuture<bool> isSpent(const RequestState &state) const;

    /*!
     * Spends the step: true for the first call, false when it was spent already (also by a
     * concurrent request on another server). Without a RateLimitStore nothing can be recorded:
     * always true, and the expiry alone limits a copied cookie.
     */
    QFuture<bool> spend(const RequestState &state) const;
};

} // namespace Gatehouse
