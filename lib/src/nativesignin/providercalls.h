#pragma once
/*!
 * \file providercalls.h  The requests the helper sends to the provider (discovery, token, JWK
 * Set) and what it accepts in their answers, each refusal a NativeSignInError of its kind.
 * Sending is oauth/'s HttpClient (QNetworkAccessManager); the JWS and claim checks are oauth/'s.
 */
#include "oauth/endpoints.h"
#include "oauth/httpclient.h"
#include "oauth/jwk.h"
#include "oauth/jws.h"

#include <gatehouse/nativesignin.h>

#include <memory>
#include <optional>

namespace Gatehouse::NativeSignInDetail {

using Form = QList<QPair<QString, QString>>;

//! True for 127.0.0.0/8, ::1 and "localhost".
bool isLoopbackHost(const QString &host);
/*!
 * Why \a url (\a what: "the issuer", "token_endpoint", ...) may not be used, or empty: it must
 * be https, or http on a loopback host when \a httpAllowed (the issuer is such a one).
 */
QString urlProblem(const QUrl &url, const QString &what, bool httpAllowed);

//! GET {issuer}/.well-known/openid-configuration.
OAuth::HttpRequest discoveryRequest(const QUrl &issuer);
/*!
 * The metadata in \a response for \a issuer: its issuer the same, and an authorization, token
 * and JWKS endpoint that urlProblem() accepts. Throws NativeSignInError (Network,
 * InvalidResponse, InvalidArgument for an endpoint that is not https).
 */
std::shared_ptr<const OAuth::ServerMetadata> metadataOf(const OAuth::HttpResponse &response, const QUrl &issuer);

//! The ProviderError of \a who ("the provider", "the token endpoint") answering \a error.
NativeSignInError providerRefusal(const QString &who, const QString &error, const QString &description);

//! A POST of \a form (with client_id) to the token endpoint (a public client: no secret).
OAuth::HttpRequest tokenRequest(const OAuth::ServerMetadata &metadata, const Form &form);
/*!
 * The tokens of a token endpoint's \a response, the ID token not yet verified (\c idTokenClaims
 * empty). \a asked fills \c scopes when the answer names none. Throws NativeSignInError:
 * ProviderError with the answer's \c error and \c error_description, Network, InvalidResponse
 * (no access_token, a token_type other than Bearer).
 */
NativeSignInTokens tokensOf(const OAuth::HttpResponse &response, const QStringList &asked);

//! GET the provider's JWK Set.
OAuth::HttpRequest jwksRequest(const QUrl &jwksUri);
//! The key set in \a response. Throws NativeSignInError (Network, InvalidResponse).
std::shared_ptr<const OAuth::JwkSet> keysOf(const OAuth::HttpResponse &response);

/*!
 * The parts of \a idToken when its \c alg is one the issuer announces (never HMAC or none).
 * Throws NativeSignInError InvalidIdToken.
 */
OAuth::CompactJws parseIdToken(const QString &idToken, const OAuth::ServerMetadata &metadata);
//! Which of \a set's keys could have signed \a jws, and whether one did.
enum class KeyOutcome { Verified, NoMatchingKey, BadSignature };
KeyOutcome tryKeys(const OAuth::CompactJws &jws, const OAuth::JwkSet &set);
/*!
 * The claims of \a jws, signed as \a outcome says, checked against \a issuer and \a clientId
 * (iss, aud, azp, exp, iat, nbf) and \a nonce; with nullopt any nonce is taken (a refresh: no
 * browser carried it). \a subject, when not empty, must be the \c sub. Throws InvalidIdToken.
 */
QJsonObject verifiedClaims(const OAuth::CompactJws &jws, KeyOutcome outcome, const QString &issuer, const QString &clientId,
                           const std::optional<QString> &nonce, const QString &subject);

} // namespace Gatehouse::NativeSignInDetail
