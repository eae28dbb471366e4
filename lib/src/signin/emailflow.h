#pragma once
/*
 * Email (magic-link) sign-in.
 *
 * POST signin/<id> (CSRF already checked): the client and the address are rate limited, the
 * address is normalised and validated (mail/address.h), the \c signIn callback is asked with
 * \c verificationRequest, a random token is stored as sha256(token + secret) in hex with its
 * expiry, and the link <baseUrl>/callback/<id>?callbackUrl=..&token=..&email=.. is mailed.
 * The answer is a redirect to verify-request, or {url} for X-Auth-Return-Redirect clients.
 * A mail that cannot be sent is an \c EmailSignin error and its token is deleted again; a
 * limited request is the same \c EmailSignin error, whether the address has a user or not.
 *
 * GET callback/<id>?token&email: the token is used (deleted) in one atomic step, trying the
 * hash of every configured secret (newest first, so links survive a secret rotation). A
 * missing, unknown, used, expired or mismatched token is a \c Verification error; a missing
 * token parameter a \c Configuration error, as in Auth.js. Then the user is signed in
 * (emailuser.h) through completeSignIn(), which asks \c signIn again without
 * \c verificationRequest.
 */
#include "request/requeststate.h"

namespace Gatehouse::EmailFlow {

QFuture<AuthResponse> signIn(const State &state);
QFuture<AuthResponse> callback(const State &state);

//! The stored form of \a token: sha256(token + secret) as lower-case hex, like Auth.js.
QString hashToken(const QString &token, const QString &secret);

} // namespace Gatehouse::EmailFlow
