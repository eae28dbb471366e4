#pragma once
/*
 * What every endpoint that signs or publishes answers when the signing keys cannot be had: the
 * store unavailable (503, try again), or a key that does not open (500, logged: the provider
 * stays closed until the secret it was sealed with is configured again).
 */
#include "oidcprovider/protocolerror.h"
#include "oidcprovider/signingkeys.h"
#include "request/requeststate.h"

#include <exception>
#include <functional>

namespace Gatehouse::OidcEndpoints {

//! The answer to \a error, a failure of SigningKeyCache::keys(), in the protocol's JSON shape.
AuthResponse keysFailure(const RequestState &state, std::exception_ptr error);

//! \a then with the engine's key set, or keysFailure() (also when there is no OidcKeyStore).
QFuture<AuthResponse> withKeys(const State &state,
                               std::function<QFuture<AuthResponse>(std::shared_ptr<const OidcProvider::SigningKeySet>)> then);

//! A JSON answer that no cache keeps (RFC 6749 §5.1: Cache-Control no-store).
AuthResponse noStoreJson(const QJsonObject &body, int status = 200);

/*!
 * A client-authenticated endpoint's refusal (RFC 6749 §5.2): 400, or 401 with a Basic challenge
 * for invalid_client when the client tried HTTP authentication (\a basicChallenge).
 */
AuthResponse protocolErrorJson(const OidcProvider::ProtocolError &error, bool basicChallenge = false);

} // namespace Gatehouse::OidcEndpoints
