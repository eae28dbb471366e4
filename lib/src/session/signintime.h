#pragma once
/*
 * When the person of a JWT session signed in: OpenID Connect's "auth_time" claim (seconds since
 * the epoch), which the account page's recent-sign-in rule reads (lib/src/account/README.md).
 * Written only where it can be used, with an adapter that implements the AccountStore: JWT
 * tokens without one stay exactly what Auth.js writes (the Auth.js transcript checks it).
 */
#include "storage/stores.h"

#include <QDateTime>
#include <QJsonObject>

namespace Gatehouse::SignInTime {

//! The claim's name, as OpenID Connect's ID token has it.
inline constexpr QLatin1String kClaim{"auth_time"};

//! \a token of a new sign-in at \a now, with the claim where \a stores can use it.
QJsonObject stamp(const Stores &stores, QJsonObject token, const QDateTime &now);

/*!
 * \a reissued (what the jwt callback made of \a previous) with \a previous's sign-in time: the
 * engine keeps its own claim whatever the callback returns; a callback cannot move it either.
 */
QJsonObject carry(const Stores &stores, QJsonObject reissued, const QJsonObject &previous);

//! The sign-in time in \a claims; invalid when they have none (such a sign-in is never recent).
QDateTime of(const QJsonObject &claims);

} // namespace Gatehouse::SignInTime
