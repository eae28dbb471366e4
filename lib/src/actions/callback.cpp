#include "actions/actions.h"

#include "actions/credentials.h"
#include "actions/errorresponse.h"

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
            return QtFuture::makeReadyFuture(errorResponse(s, AuthError(QStringLiteral("MissingCSRF"))));
        return Credentials::signIn(state);
    }
    // Provider flows plug in here, one line each (OAuth/OIDC, email, WebAuthn).
    // [callback flows]
    return QtFuture::makeReadyFuture(errorResponse(
        s, AuthError(QStringLiteral("UnsupportedStrategy"),
                     QStringLiteral("callbacks of %1 providers are not supported by this build").arg(type))));
}

} // namespace Gatehouse::Actions
