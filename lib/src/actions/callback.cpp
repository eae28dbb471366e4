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
    const QString type = s.provider->type;
    if (type == QLatin1String("credentials")) {
        if (!s.isPost()) {
            return QtFuture::makeReadyFuture(errorResponse(
                s, AuthError(QStringLiteral("UnknownAction"),
                             QStringLiteral("credentials callbacks only accept POST"))));
        }
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        return CredentialsFlow::signIn(state);
    }
    // Provider flows plug in here, one line each (OAuth/OIDC, email, WebAuthn).
    if (type == QLatin1String("oauth") || type == QLatin1String("oidc"))
        return OAuthFlow::callback(state);
    // [callback flows]
    if (type == QLatin1String("email"))
        return EmailFlow::callback(state);
    if (type == QLatin1String("webauthn"))
        return WebAuthnFlow::callback(state);
    return QtFuture::makeReadyFuture(errorResponse(
        s, AuthError(QStringLiteral("UnsupportedStrategy"),
                     QStringLiteral("callbacks of %1 providers are not supported by this build").arg(type))));
}

} // namespace Gatehouse::Actions
