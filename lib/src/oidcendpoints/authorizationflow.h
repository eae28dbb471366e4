#pragma once
/*
 * The authorization endpoint's answers, shared by oidc/authorize and the consent form it may show
 * (oidc/consent): the redirect to the client with the code or an error (state, iss), the page
 * for a request whose client or redirect URI is not established, the client's access policy,
 * the code's issue, and the consent step between the policy and the code.
 */
#include "oidcprovider/authorizationrequest.h"
#include "request/requeststate.h"
#include "session/sessionreader.h"

namespace Gatehouse::OidcEndpoints {

//! A 302 to \a location exactly as written (a registered redirect URI is never normalised).
AuthResponse redirectTo(const QByteArray &location, const QList<SetCookie> &cookies = {});

//! The authorization response: \a pairs on the client's redirect URI, with state and iss (RFC 9207).
AuthResponse toClient(const RequestState &s, const OidcProvider::AuthorizationRequest &request,
                      QList<std::pair<QByteArray, QString>> pairs, const QList<SetCookie> &cookies = {});

//! The protocol's \a error on the client's redirect URI.
AuthResponse refuse(const RequestState &s, const OidcProvider::AuthorizationRequest &request,
                    const OidcProvider::ProtocolError &error, const QList<SetCookie> &cookies = {});

//! Neither the client nor its redirect URI established (or a form that binds nothing): a 400 page, never a redirect.
AuthResponse refusedPage(const RequestState &s, const QString &why);

/*!
 * \a response, or, when reading the session or the store failed on the way, the protocol's error
 * on the client's redirect URI (temporarily_unavailable for a store that cannot answer,
 * server_error otherwise), logged: never a 500 for a client whose redirect URI was established.
 */
QFuture<AuthResponse> refusedOnFailure(const State &state, const OidcProvider::AuthorizationRequest &request,
                                       QFuture<AuthResponse> response);

//! The session's \c sid (oidcprovider/sessionid.h); empty when it has none.
QString sessionIdOf(const RequestState &s, const CurrentSession &found);

//! Whether the client's access policy lets \a found's person in.
bool allowed(const OidcClient &client, const CurrentSession &found);

//! Stores a code for \a request and \a found's person and sends it to the client (audited: oidcAuthorize).
QFuture<AuthResponse> issueCode(const State &state, const OidcProvider::AuthorizationRequest &request,
                                const CurrentSession &found);

/*!
 * The consent step (consent.cpp), after sign-in and the access policy: the code when the client
 * is first-party or the person allowed every scope before; else the consent page for
 * \a query (the request as sent), or consent_required for prompt=none.
 */
QFuture<AuthResponse> consentOrCode(const State &state, const OidcProvider::AuthorizationRequest &request,
                                    const QByteArray &query, const CurrentSession &found);

} // namespace Gatehouse::OidcEndpoints
