#pragma once
/*
 * How the person of a session proved who they are at sign-in: the steps they took, as OpenID
 * Connect's "amr" values (RFC 8176), from which the second-factor level follows. Recorded where
 * the sign-in time is (signintime.h): in a JWT as the "amr" claim beside "auth_time", only with
 * an AccountStore (without one the token stays what Auth.js writes); for a database session in
 * its details (SessionDetails::signInMethods). A session from before either reads as not recorded.
 */
#include "storage/stores.h"

#include <QFlags>
#include <QJsonObject>
#include <QStringList>

namespace Gatehouse {

//! One step of a sign-in.
enum class SignInStep {
    Password = 0x01,      //!< "pwd": a credentials provider (the built-in passwords, an authorize function)
    EmailLink = 0x02,     //!< "email": a link mailed to the address (no RFC 8176 value)
    OAuth = 0x04,         //!< "fed": an OAuth or OpenID Connect provider (no RFC 8176 value; as Entra ID)
    Passkey = 0x08,       //!< "hwk": a WebAuthn authenticator's key
    Totp = 0x10,          //!< "otp": an authenticator app's code
    RecoveryCode = 0x20,  //!< "recovery": a recovery code in place of the app's code (no RFC 8176 value)
};
Q_DECLARE_FLAGS(SignInSteps, SignInStep)
Q_DECLARE_OPERATORS_FOR_FLAGS(SignInSteps)

//! Whether the person of a session took a second step at sign-in (OpenID Connect's acr to come).
enum class SecondFactorLevel {
    /*!
     * Unknown: a session from before it was recorded, a JWT without an AccountStore, or a
     * database session read without SessionReadOptions::signInDetails. Never a second factor.
     */
    NotRecorded,
    OneFactor,   //!< one step: a password, an email link, an OAuth provider or a passkey
    TwoFactors,  //!< a first step and a code (Totp or RecoveryCode)
};

namespace SignInRecord {

//! The claim's name, as OpenID Connect's ID token has it.
inline constexpr QLatin1String kClaim{"amr"};

//! The first step of a sign-in through an account of \a accountType (Auth.js's account "type").
SignInSteps firstStepOf(const QString &accountType);

//! \a steps as amr values, in SignInStep's order, "mfa" last when they are two factors.
QStringList toAmr(SignInSteps steps);
//! The steps \a amr names (unknown values and "mfa" skipped); none for an empty list.
SignInSteps fromAmr(const QStringList &amr);

SecondFactorLevel levelOf(SignInSteps steps);

//! \a token of a new sign-in by \a steps, with the claim where \a stores can use it.
QJsonObject stamp(const Stores &stores, QJsonObject token, SignInSteps steps);

//! \a reissued with \a previous's claim (as SignInTime::carry(): a callback cannot change it).
QJsonObject carry(const Stores &stores, QJsonObject reissued, const QJsonObject &previous);

//! The steps in \a claims; none when they have no claim (or none that is understood).
SignInSteps of(const QJsonObject &claims);

} // namespace SignInRecord

} // namespace Gatehouse
