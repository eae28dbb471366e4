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
     * Policy "always" (or a required group) for a person without an authenticator: the secret
     * (base32) of the enrolment begun with this step, which the code confirms. Empty: a code of
     * the person's confirmed authenticator is asked.
     */
    QString enrolmentSecret;

    /*!
     * What the sign-in of \a user through the first factor \a account needs (\a provider: its
     * provider). None when the policy is "never", the provider is a passkey (two factors in
     * one) or the adapter keeps no two-factor records. Otherwise the policy proposes Code when
     * the person has a confirmed authenticator (one indexed lookup), Enrolment when not and the
     * policy is "always" or the person is in one of \c twoFactor.requiredGroups, else None; the
     * \c twoFactor callback, if set, decides from that proposal (callbacks.h). Fails with the
     * store's or the callback's error (the sign-in fails closed).
     */
    static QFuture<SecondStep> need(const State &state, const QJsonObject &user, const QJsonObject &account,
                                    const Provider *provider);

    //! A new pending step for the request's callback URL, valid for twoFactor.maxAge seconds.
    static PendingStep create(const RequestState &state, const QJsonObject &user, const QJsonObject &account,
                              const QJsonObject &profile, bool isNewUser);

    //! Whether this step enrols an authenticator rather than asking for a code.
    bool enrols() const { return !enrolmentSecret.isEmpty(); }

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
