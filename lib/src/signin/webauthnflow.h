#pragma once
/*
 * WebAuthn and passkey providers (type "webauthn", experimental.enableWebAuthn), as Auth.js:
 *
 * - GET webauthn-options/<provider>[?action=register|authenticate][&email=...] answers
 *   {action, options} with PublicKeyCredentialCreationOptions or RequestOptions (JSON form,
 *   base64url members) and sets the challenge cookie. Without an action it decides: a signed-in
 *   user registers a new passkey, an unknown email registers a new user, anyone else
 *   authenticates. 400 {"error": "Invalid action"} / {"error": "Invalid request"} otherwise.
 * - POST callback/<provider> with csrfToken, action and data (the PublicKeyCredential as JSON)
 *   verifies the ceremony against the challenge cookie (which it deletes), then signs in:
 *   registration creates the user (or links the signed-in one), the "webauthn" account and the
 *   authenticator (after the signIn callback allowed it); authentication checks the signature
 *   counter, stores the new one once the sign-in is allowed (not for a disabled user) and, as
 *   Auth.js, refuses (OAuthAccountNotLinked) while another user is signed in. Failed verifications are WebAuthnVerificationError; nothing is stored.
 * - GET webauthn-options (no provider) serves the sign-in page's passkey script.
 *
 * The relying party is the provider's relayingParty {id, name, origin}, by default the host
 * and origin of the request (AUTH_URL or the trusted host). Passkeys are required to be
 * discoverable and user-verified, as Auth.js's passkey provider does. New credentials may use
 * the algorithms of registrationOptions.supportedAlgorithmIDs (default EdDSA, ES256, RS256).
 */
#include "request/requeststate.h"

namespace Gatehouse::WebAuthnFlow {

//! GET webauthn-options[/<provider>].
QFuture<AuthResponse> options(const State &state);
//! POST callback/<provider> of a webauthn provider.
QFuture<AuthResponse> callback(const State &state);

} // namespace Gatehouse::WebAuthnFlow
