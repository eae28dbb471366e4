#pragma once
/*!
 * \file oidclogoutwake.h  How a Logout Token worker of this process (oidclogout/logoutoutbox.h)
 * hears at once that deliveries were queued here (queueBackchannelLogouts()), whichever module
 * queued them: the admin API, the account page, the CLI. Other processes sharing the database
 * are found by the worker's polling.
 */
#include <functional>

namespace Gatehouse::OidcLogoutWake {

//! Calls \a wake (on the queuing thread: it should only post) after each queue of this process.
//! Returns the registration's id for removeListener().
int addListener(std::function<void()> wake);
void removeListener(int id);
//! Wakes every listener.
void notify();

} // namespace Gatehouse::OidcLogoutWake
