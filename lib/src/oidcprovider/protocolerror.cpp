#include "oidcprovider/protocolerror.h"

namespace Gatehouse::OidcProvider {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::InvalidRequest: return QStringLiteral("invalid_request");
    case ErrorCode::InvalidClient: return QStringLiteral("invalid_client");
    case ErrorCode::InvalidGrant: return QStringLiteral("invalid_grant");
    case ErrorCode::UnauthorizedClient: return QStringLiteral("unauthorized_client");
    case ErrorCode::UnsupportedGrantType: return QStringLiteral("unsupported_grant_type");
    case ErrorCode::UnsupportedResponseType: return QStringLiteral("unsupported_response_type");
    case ErrorCode::InvalidScope: return QStringLiteral("invalid_scope");
    case ErrorCode::AccessDenied: return QStringLiteral("access_denied");
    case ErrorCode::ServerError: return QStringLiteral("server_error");
    case ErrorCode::TemporarilyUnavailable: return QStringLiteral("temporarily_unavailable");
    case ErrorCode::LoginRequired: return QStringLiteral("login_required");
    case ErrorCode::ConsentRequired: return QStringLiteral("consent_required");
    case ErrorCode::RequestNotSupported: return QStringLiteral("request_not_supported");
    case ErrorCode::RequestUriNotSupported: return QStringLiteral("request_uri_not_supported");
    case ErrorCode::InvalidToken: return QStringLiteral("invalid_token");
    }
    return QStringLiteral("server_error");
}

} // namespace Gatehouse::OidcProvider
