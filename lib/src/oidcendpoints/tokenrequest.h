#pragma once
/*! \file tokenrequest.h  What revocation (RFC 7009) and introspection (RFC 7662) read first:
 *  a form, the calling client authenticated, the token it names. */
#include "request/requeststate.h"

#include <gatehouse/authresponse.h>
#include <gatehouse/config.h>

#include <optional>

namespace Gatehouse::OidcEndpoints {

//! An authenticated client's request about one token, or the answer refusing it.
struct TokenRequest
{
    const OidcClient *client = nullptr;  //!< set when the request is usable
    QString token;
    std::optional<AuthResponse> refusal;  //!< set otherwise: invalid_request, invalid_client
};

/*!
 * Reads \a s's form body (bounded, no repeated parameter), authenticates the client as the token
 * endpoint does, and takes the \c token parameter.
 */
TokenRequest readTokenRequest(const RequestState &s);

} // namespace Gatehouse::OidcEndpoints
