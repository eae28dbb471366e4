#include "actions/actions.h"

#include "signin/webauthnflow.h"

namespace Gatehouse::Actions {

QFuture<AuthResponse> webAuthnOptions(const State &state)
{
    return WebAuthnFlow::options(state);
}

} // namespace Gatehouse::Actions
