#pragma once
/*! \file tokenrequest.h  What the token, revocation (RFC 7009) and introspection (RFC 7662)
 *  endpoints read first: a form, the calling client authenticated, and (the last two) the token
 *  it names. */
#include "oidcprovider/parameters.h"
#include "request/requeststate.h"

#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>

#include <optional>

namespace Gatehouse::OidcEndpoints {

//! An authenticated client's form request, or the answer refusing it.
struct ClientRequest
{
    const OidcClient *client = nullptr;   //!< set when the request is usable
    OidcProvider::Parameters parameters;
    std::optional<AuthResponse> refusal;  //!< set otherwise: invalid_request, invalid_client
};

/*!
 * Reads \a s's form body (bounded, no repeated parameter) and authenticates the client
 * (client_secret_basic, client_secret_post or none).
 */
ClientRequest readClientRequest(const RequestState &s);

//! readClientRequest() and its \c token parameter, which must be there.
struct TokenRequest
{
    const OidcClient *client = nullptr;
    QString token;
    std::optional<AuthResponse> refusal;
};
TokenRequest readTokenRequest(const RequestState &s);

} // namespace Gatehouse::OidcEndpoints
