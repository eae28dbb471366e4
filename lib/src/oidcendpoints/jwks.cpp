#include "oidcendpoints/oidcendpoints.h"

#include "oidcendpoints/keysresponse.h"

namespace Gatehouse::OidcEndpoints {

QFuture<AuthResponse> jwks(const State &state)
{
    return withKeys(state, [](std::shared_ptr<const OidcProvider::SigningKeySet> keys) {
        AuthResponse response = AuthResponse::json(keys->jwks());
        response.headers.append({QByteArrayLiteral("access-control-allow-origin"), QByteArrayLiteral("*")});
        return QtFuture::makeReadyFuture(response);
    });
}

} // namespace Gatehouse::OidcEndpoints
