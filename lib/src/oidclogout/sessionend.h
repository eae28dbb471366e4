#pragma once
/*!
 * \file sessionend.h  What the OpenID Provider does when a Gatehouse session ends: every client
 * with a back-channel URI that got an ID token for it gets a Logout Token. Called by whatever
 * ends sessions in the engine (sign-out and RP-initiated logout, "sign out everywhere", "sign
 * out other sessions", a password change or reset); it queues the deliveries in the database
 * (queueBackchannelLogouts(), oidcsessionstore.h, the way modules without an engine use) and
 * returns at once; the outbox (logoutoutbox.h) sends them. It never fails the caller.
 */
#include "request/requeststate.h"

#include <gatehouse/oidcsessionstore.h>

namespace Gatehouse::OidcLogout {

//! Whether \a config's OpenID Provider has a client with a back-channel URI.
bool backchannelLogoutConfigured(const Config &config);

/*!
 * The ID token's \c sid of a client that gets a Logout Token for that session: recorded (with
 * the request's issuer, the Logout Token's \c iss) when the client has a back-channel URI,
 * otherwise nothing is. Recorded in \a s's OidcSessionStore for the session's lifetime; the
 * returned future finishes when it is stored and never fails (a failure is logged: the client
 * would not be told).
 */
QFuture<void> recordSessionClient(const RequestState &s, const OidcSessionClient &client);

//! The session \a sid ended: its clients are told.
void sessionEnded(const RequestState &s, const QString &sid);

//! Every session of \a userId ended but \a keepSid's (empty: all): every client any of them signed into is told.
void allSessionsEnded(const RequestState &s, const QString &userId, const QString &keepSid = {});

} // namespace Gatehouse::OidcLogout
