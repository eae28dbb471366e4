#include "oidcendpoints/tokenrequest.h"

#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/clientauthentication.h"

namespace Gatehouse::OidcEndpoints {

using namespace OidcProvider;

ClientRequest readClientRequest(const RequestState &s)
{
    ClientRequest request;
    const auto refuse = [&request](const ProtocolError &error, bool basicChallenge = false) {
        request.refusal = protocolErrorJson(error, basicChallenge);
        return request;
    };
    if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the body must be a form")});
    request.parameters = parseParameters(s.request.body);
    const Parameters &p = request.parameters;
    if (p.tooLarge)
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the request is too large")});
    if (!p.repeated.isEmpty())
        return refuse({ErrorCode::InvalidRequest, QStringLiteral("the parameter %1 was sent more than once").arg(p.repeated)});
    const ClientAuthentication authentication =
        authenticateClient(s.request.header("authorization"), p, s.config.oidcProvider->clients);
    if (authentication.error)
        return refuse(*authentication.error, authentication.usedBasic);
    request.client = authentication.client;
    return request;
}

TokenRequest readTokenRequest(const RequestState &s)
{
    const ClientRequest read = readClientRequest(s);
    TokenRequest request;
    if (read.refusal) {
        request.refusal = read.refusal;
        return request;
    }
    request.token = read.parameters.value(QStringLiteral("token"));
    if (request.token.isEmpty()) {
        request.refusal = protocolErrorJson({ErrorCode::InvalidRequest, QStringLiteral("token is missing")});
        return request;
    }
    request.client = read.client;
    return request;
}

} // namespace Gatehouse::OidcEndpoints
