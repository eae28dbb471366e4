#pragma once
/*
 * The stored user already signed in on this request, whatever the session strategy: the
 * database session's user, or the stored user named by the JWT's "sub" (session/sessionreader.h
 * reads it). Needs an adapter.
 */
#include "request/requeststate.h"

#include <gatehouse/adaptertypes.h>

namespace Gatehouse {

//! The signed-in stored user, or nullopt (no session, or a JWT whose subject is not stored).
//! Fails with the store's AdapterError when the session (or the user) cannot be read.
QFuture<std::optional<AdapterUser>> currentUser(const State &state);

} // namespace Gatehouse
