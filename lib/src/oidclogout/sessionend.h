#pragma once
/*!
 * \file sessionend.h  What the OpenID Provider does when a Gatehouse session ends: every client
 * with a back-channel URI that got an ID token for it gets a Logout Token (logoutdelivery.h).
 * Called by whatever ends sessions (sign-out and RP-initiated logout, "sign out everywhere",
 * a password reset); it returns at once and never fails the caller: the person's answer does not
 * wait for the clients, nor for the store lookup.
 */
#include "request/requeststate.h"

#include <gatehouse/oidcsessionstore.h>

namespace Gatehouse::OidcLogout {

//! Whether \a config's OpenID Provider has a client with a back-channel URI.
bool backchannelLogoutConfigured(const Config &config);

/*!
 * The ID token's \c sid of a client that gets a Logout Token for that session: \a sid when the
 * client has a back-channel URI (the record is kept for it), otherwise nothing is recorded.
 * Recorded in \a s's OidcSessionStore for the session's lifetime; the returned future finishes
 * when it is stored and never fails (a failure is logged: the client would not be told).
 */
QFuture<void> recordSessionClient(const RequestState &s, const OidcSessionClient &client);

//! The session \a sid ended: its clients are told.
void sessionEnded(const RequestState &s, const QString &sid);

//! Every session of \a userId ended: every client any of them signed into is told.
void allSessionsEnded(const RequestState &s, const QString &userId);

} // namespace Gatehouse::OidcLogout
