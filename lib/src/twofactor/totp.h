#pragma once
/*!
 * \file totp.h  One-time passwords of authenticator apps: HOTP (RFC 4226) and TOTP (RFC 6238)
 * with HMAC-SHA1, 6 digits and 30-second steps, what every app accepts. Pure functions.
 */
#include <QByteArrayView>
#include <QString>
#include <QStringView>

#include <optional>

namespace Gatehouse::Totp {

constexpr int Digits = 6;
constexpr qint64 Period = 30;         //!< seconds per time step
constexpr int SkewSteps = 1;          //!< steps of clock skew accepted each way
constexpr qsizetype SecretSize = 20;  //!< bytes of a new secret: the size of an HMAC-SHA1 key (RFC 4226)

//! The HOTP value of \a key at \a counter with \a digits digits (6 to 9), zero-padded.
QString hotp(QByteArrayView key, quint64 counter, int digits = Digits);

//! The time step of \a unixSeconds (RFC 6238's T, with T0 = 0); negative times give step 0.
qint64 timeStep(qint64 unixSeconds, qint64 period = Period);

//! The TOTP code of \a key at \a unixSeconds.
QString code(QByteArrayView key, qint64 unixSeconds, int digits = Digits, qint64 period = Period);

/*!
 * The time step in which \a code is \a key's code, among the steps from SkewSteps before to
 * SkewSteps after the one of \a unixSeconds; std::nullopt when none. \a code may hold spaces
 * (apps show "123 456"); anything but Digits digits matches nothing. Every candidate is
 * computed and compared in constant time, whichever matches. Replay is the caller's concern:
 * accept a step only once and never one older than the last accepted (TwoFactorStore).
 */
std::optional<qint64> matchingStep(QByteArrayView key, QStringView code, qint64 unixSeconds);

} // namespace Gatehouse::Totp
