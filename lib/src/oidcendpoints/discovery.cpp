#include "oidcendpoints/oidcendpoints.h"

#include "oidcprovider/discovery.h"

namespace Gatehouse::OidcEndpoints {

QFuture<AuthResponse> discovery(const State &state)
{
    // The issuer is the site's URL and base path, as the request's trusted origin names it.
    AuthResponse response = AuthResponse::json(OidcProvider::discoveryDocument(state->baseUrl));
    response.headers.append({QByteArrayLiteral("access-control-allow-origin"), QByteArrayLiteral("*")});
    return QtFuture::makeReadyFuture(response);
}

} // namespace Gatehouse::OidcEndpoints
