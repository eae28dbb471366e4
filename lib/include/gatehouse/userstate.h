#pragma once
/*! \file userstate.h  Disabling a user: what an administrator does, the same in every tool. */
#include <gatehouse/adapter.h>
#include <gatehouse/global.h>

#include <QFuture>
#include <memory>

namespace Gatehouse {

/*!
 * Disables user \a userId (\a disabled) or enables it again. A disabled user cannot sign in
 * with any provider: the engine answers its sign-in as a \c signIn callback returning false
 * (AccessDenied) and records a \c signInFailed audit event. Disabling also ends the user's
 * database sessions, and a database session read afterwards finds none; a JWT session stays
 * valid until it expires. The built-in password keeps its own state.
 *
 * Finishes with the number of sessions ended (0 when enabling). Fails with AdapterError
 * Reason::NotFound for an unknown user, and with an AuthError when \a store does not also
 * implement UserStateStore (SqlAdapter and MemoryAdapter do). gatehouse-server's \c user
 * command and the admin app both call this.
 *
 * Keeps \a store alive while it works and lets go of it before it finishes, so a caller that
 * drops its own reference once it has the result ends the adapter in its own thread.
 */
GATEHOUSE_EXPORT QFuture<qint64> setUserDisabled(std::shared_ptr<Adapter> store, const QString &userId, bool disabled);

} // namespace Gatehouse
