#include "oidcendpoints/tokenrequest.h"

#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/clientauthentication.h"
#include "oidcprovider/parameters.h"

namespace Gatehouse::OidcEndpoints {

using namespace OidcProvider;

TokenRequest readTokenRequest(const RequestState &s)
{
    TokenRequest request;
    const auto refuse = [&request](const ProtocolError &error, bool basicChallenge = false) {
        request.refusal = protocolErrorJson(error, basicChallenge);
        return request;
    };
    if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the body must be a form")});
    const Parameters p = parseParameters(s.request.body);
    if (p.tooLarge)
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the request is too large")});
    if (!p.repeated.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated)});
    const ClientAuthentication authentication =
        authenticateClient(s.request.header("authorization"), p, s.config.oidcProvider->clients);
    if (authentication.error)
        return refuse(*authentication.error, authentication.usedBasic);
    request.token = p.value(QStringLiteral("token"));
    if (request.token.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("token is missing")});
    request.client = authentication.client;
    return request;
}

} // namespace Gatehouse::OidcEndpoints
