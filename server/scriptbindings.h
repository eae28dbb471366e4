#pragma once
/*!
 * \file scriptbindings.h  Connects the configuration's callbacks to the functions of the
 * callbacks script.
 *
 * The JSON configuration names JavaScript functions in these places:
 * - \c providers[i].authorize of a credentials provider: \c authorize(credentials, request)
 *   returns a user object or null (or a Promise of one). A thrown error or rejected Promise
 *   refuses the sign-in as \c CredentialsSignin; its \c code property, if any, becomes the
 *   error code in the redirect URL (default \c credentials). \c "builtin" is not a script
 *   function but the built-in password table (builtinpasswords.h).
 * - \c providers[i].profile and \c providers[i].account of an oauth or oidc provider:
 *   \c profile(profile, tokens) returns the user \c {id, name, email, image};
 *   \c account(tokens) returns the token fields to store with the account (Promises allowed).
 *   An error in \c profile ends the sign-in with \c OAuthCallbackError, in \c account with
 *   \c OAuthCreateAccount.
 * - \c providers[i].normalizeIdentifier and \c providers[i].sendVerificationRequest of an email
 *   provider: \c normalizeIdentifier(email) returns the address to use (checked like any
 *   address); \c sendVerificationRequest(params) gets \c {identifier, url, token, expires,
 *   provider: {id, name, type, from, maxAge, ...}, theme, request} (the provider without its
 *   \c server and \c apiKey) and replaces the built-in mail (a Promise is awaited). An error
 *   in either, or a rejected Promise, is \c EmailSignin; the token of an unsent link is deleted.
 * - \c callbacks: \c {"signIn": "fn", "redirect": ..., "jwt": ..., "session": ...,
 *   "authorized": ..., "twoFactor": ...}. Each function gets one object with SPEC.md's parameters
 *   and returns what SPEC.md says (\c signIn: true, false or a URL string; \c jwt: the token or
 *   null; \c session: the session; \c redirect: a URL; \c authorized: true, false, or a
 *   response \c {status, headers, body}; \c twoFactor, a Gatehouse addition: gets \c {user,
 *   account, enrolled, proposed} and returns \c "none", \c "code", \c "enrolment" or null for
 *   \c proposed). An error in \c signIn or \c twoFactor becomes \c AccessDenied.
 * - \c events: \c {"signIn": "fn", "signOut": ..., "createUser": ..., "updateUser": ...,
 *   "linkAccount": ..., "session": ...}. Each function gets the event's message; results are
 *   ignored and failures only logged.
 *
 * \c request objects passed to JavaScript are \c {method, url, headers, remoteAddress}, header
 * names in lower case.
 */
#include "scriptcallbacks.h"

#include <gatehouse/config.h>
#include <gatehouse/serversettings.h>

#include <QList>

namespace Gatehouse {

//! Every JavaScript function that \a config and \a settings name, with the key naming it.
QList<ScriptCallbacks::FunctionUse> scriptFunctionUses(const Config &config, const ServerSettings &settings);

//! Sets the \c authorize functions, callbacks and events of \a config that \a settings and the
//! providers name to functions of \a script.
void bindScript(const ScriptCallbacks &script, Config &config, const ServerSettings &settings);

} // namespace Gatehouse
