#include "actions/actions.h"

#include "forwardauth/forwardauth.h"

namespace Gatehouse::Actions {

QFuture<AuthResponse> authRequest(const State &state)
{
    return ForwardAuth::check(state, ForwardAuth::Contract::AuthRequest);
}

QFuture<AuthResponse> forwardAuth(const State &state)
{
    return ForwardAuth::check(state, ForwardAuth::Contract::ForwardAuth);
}

QFuture<AuthResponse> oauth2ProxyAuth(const State &state)
{
    return ForwardAuth::check(state, ForwardAuth::Contract::OAuth2Proxy);
}

} // namespace Gatehouse::Actions
