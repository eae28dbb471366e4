#pragma once
/*
 * Calling the configured callbacks and events, with Auth.js's defaults when one is not set.
 * Defaults complete synchronously, so the common path allocates no extra futures.
 */
#include "request/requeststate.h"

#include <gatehouse/callbacks.h>

#include <type_traits>

namespace Gatehouse::Hooks {

//! The \c redirect callback, or the same-origin rule, for \a url.
QFuture<QString> redirect(const RequestState &state, const QString &url);
//! The \c signIn callback, or "allow".
QFuture<SignInDecision> signIn(const RequestState &state, const SignInParams &params);
//! The \c twoFactor callback, or \a params.proposed; what it throws becomes AccessDenied.
QFuture<SecondStep> twoFactor(const RequestState &state, const TwoFactorParams &params);
//! The \c jwt callback, or the token unchanged.
QFuture<std::optional<QJsonObject>> jwt(const RequestState &state, const JwtParams &params);
//! The \c session callback, or the default session unchanged.
QFuture<QJsonObject> session(const RequestState &state, const SessionParams &params);
//! Calls an event handler if set; an exception in it is logged, never propagated.
void emitEvent(const Events::Handler &handler, const char *name, const QJsonObject &message);
//! As above, with the message made by \a makeMessage() only when a handler is set: for
//! events that fire on every request.
template<typename MakeMessage, typename = std::enable_if_t<std::is_invocable_r_v<QJsonObject, MakeMessage>>>
void emitEvent(const Events::Handler &handler, const char *name, MakeMessage makeMessage)
{
    if (handler)
        emitEvent(handler, name, makeMessage());
}

} // namespace Gatehouse::Hooks
