#pragma once
/*!
 * \file lockouts.h  Who the rate limits keep out now, and an administrator's lift of it: the
 * same in every tool (gatehouse-server's `user list --locked` and `user unlock`).
 */
#include <gatehouse/adapter.h>
#include <gatehouse/config.h>
#include <gatehouse/global.h>

#include <QDateTime>
#include <QFuture>
#include <QList>

#include <memory>

namespace Gatehouse {

//! What a person is kept from by a limit on their failures or requests.
enum class LockoutKind {
    PasswordSignIn,   //!< wrong passwords of a credentials provider (also the account page's checks)
    SecondFactor,     //!< wrong codes of the authenticator app or recovery codes
    PasswordReset,    //!< "Forgot your password?" requests
};

//! "password sign-in", "second factor", "password reset": for people, not parsers.
GATEHOUSE_EXPORT QString lockoutKindName(LockoutKind kind);

//! The limits the engine applies, to tell a counter that keeps a person out from one that does not.
struct GATEHOUSE_EXPORT LockoutLimits
{
    RateLimitOptions rateLimit;           //!< the configuration's \c rateLimit
    int twoFactorMaxFailures = 5;         //!< TwoFactorOptions::maxFailures
    qint64 twoFactorWindowSeconds = 300;  //!< TwoFactorOptions::failureWindowSeconds
};

//! One limit that keeps one person out now.
struct GATEHOUSE_EXPORT Lockout
{
    AdapterUser user;
    LockoutKind kind = LockoutKind::PasswordSignIn;
    QDateTime until;   //!< UTC: from then on the limit allows an attempt again
};

/*!
 * Every person a limit keeps out at \a now (invalid: the current time), by email address and
 * kind; a kind counted under several keys (a reset's person and address) shows the latest
 * \c until. Counters that name no known person (an unknown address, a client address) are left
 * out. Fails with AdapterError when \a store keeps no rate limits (RateLimitStore with
 * rateLimitCounts(); SqlAdapter and MemoryAdapter do).
 */
GATEHOUSE_EXPORT QFuture<QList<Lockout>> currentLockouts(std::shared_ptr<Adapter> store, const LockoutLimits &limits,
                                                         const QDateTime &now = QDateTime());

//! What liftLockouts() cleared.
struct GATEHOUSE_EXPORT LockoutsLifted
{
    qint64 counters = 0;          //!< counters removed
    QList<LockoutKind> kinds;     //!< the kinds they counted, each once, in LockoutKind order
};

/*!
 * Forgets every failure and request the engine counted for \a user (each credentials
 * provider's wrong passwords under their address, second-factor codes, reset requests), so the
 * next attempt is allowed at once; client-address limits stay. Records an audit event
 * \c lockoutLift (\c {"by": \a by, "operator": \a operatorName, "cleared": [kinds]}; no
 * \c operator when it is empty) and finishes once it is written. Fails as currentLockouts().
 */
GATEHOUSE_EXPORT QFuture<LockoutsLifted> liftLockouts(std::shared_ptr<Adapter> store, const AdapterUser &user,
                                                      const QString &operatorName, const QString &by = QStringLiteral("admin"));

} // namespace Gatehouse
