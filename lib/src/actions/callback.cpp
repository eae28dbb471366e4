#include "actions/actions.h"

#include "signin/credentialsflow.h"
#include "signin/emailflow.h"
#include "request/errorresponse.h"
#include "signin/oauthflow.h"
#include "signin/webauthnflow.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

QFuture<AuthResponse> callback(const State &state)
{
    const RequestState &s = *state;
    const Provider &provider = *s.provider;
    if (provider.isCredentials()) {
        if (!s.isPost()) {
            return QtFuture::makeReadyFuture(errorResponse(
                s, UnknownAction(QStringLiteral("credentials callbacks only accept POST"))));
        }
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        return CredentialsFlow::signIn(state);
    }
    if (provider.isOAuth())
        return OAuthFlow::callback(state);
    if (provider.isEmail())
        return EmailFlow::callback(state);
    if (provider.isWebAuthn())
        return WebAuthnFlow::callback(state);
    return QtFuture::makeReadyFuture(errorResponse(
        s, UnsupportedStrategy(QStringLiteral("callbacks of %1 providers are not supported by this build").arg(provider.type))));
}

} // namespace Gatehouse::Actions
