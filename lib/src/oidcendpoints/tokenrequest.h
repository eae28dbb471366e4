#pragma once
/*! \file tokenrequest.h  What the token, revocation (RFC 7009) and introspection (RFC 7662)
 *  endpoints read first: a form, the calling client authenticated, and (the last two) the token
 *  it names. */
#include "oidcprovider/parameters.h"
#include "request/requeststate.h"

#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>

#include <functional>
#include <optional>

namespace Gatehouse::OidcEndpoints {

//! An authenticated client's form request, or the answer refusing it.
struct ClientRequest
{
    const OidcClient *client = nullptr;   //!< set when the request is usable
    OidcProvider::Parameters parameters;
    std::optional<AuthResponse> refusal;  //!< set otherwise: invalid_request, invalid_client
    bool authenticationFailed = false;    //!< the refusal is invalid_client: counted against the limits
};

/*!
 * Reads the client request of \a state, whose form body the caller parsed into \a parameters
 * (bounded, no repeated parameter; content type form), authenticates the client
 * (client_secret_basic, client_secret_post or none) and runs \a handle with it, with failed client
 * authentications limited (rateLimit): each request is counted against its client address and
 * the configured client it names before the secret is checked, and given back unless it fails
 * as invalid_client. Over \c rateLimit.maxFailuresPerAddress in \c rateLimit.windowSeconds:
 * 429 \c temporarily_unavailable with Retry-After, the secret not checked.
 */
QFuture<AuthResponse> withClientRequest(const State &state, const OidcProvider::Parameters &parameters,
                                        std::function<QFuture<AuthResponse>(const ClientRequest &)> handle);

//! A client request's \c token parameter, which must be there.
struct TokenRequest
{
    const OidcClient *client = nullptr;
    QString token;
    std::optional<AuthResponse> refusal;
};
TokenRequest tokenRequestOf(const ClientRequest &read);

} // namespace Gatehouse::OidcEndpoints
