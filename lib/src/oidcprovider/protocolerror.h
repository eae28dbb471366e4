#pragma once
/*!
 * \file protocolerror.h  The OAuth 2.0 / OpenID Connect error codes the provider answers with
 * (RFC 6749 §4.1.2.1 and §5.2, OpenID Connect Core §3.1.2.6, RFC 6750 §3.1): named here once,
 * never written as literals at the endpoints.
 */
#include <QString>

namespace Gatehouse::OidcProvider {

enum class ErrorCode {
    InvalidRequest,
    InvalidClient,
    InvalidGrant,
    UnauthorizedClient,
    UnsupportedGrantType,
    UnsupportedResponseType,
    InvalidScope,
    AccessDenied,
    ServerError,
    TemporarilyUnavailable,
    LoginRequired,
    ConsentRequired,
    RequestNotSupported,
    RequestUriNotSupported,
    InvalidToken,
};

//! The code as it goes on the wire ("invalid_request", ...).
QString errorCodeName(ErrorCode code);

//! A refusal: its code and a description for the developer of the client (never a secret).
struct ProtocolError
{
    ErrorCode code = ErrorCode::InvalidRequest;
    QString description;
};

} // namespace Gatehouse::OidcProvider
