#include <gatehouse/protectedroute.h>

#include <gatehouse/httpserverintegration.h>

#include "http/headerguard.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>

namespace Gatehouse {

void serveProtected(const Auth &auth, const QHttpServerRequest &request, QHttpServerResponder &&responder,
                    ProtectedHandler handler)
{
    if (refuseMalformedHeaders(request, responder.socket()))
        return;
    const AuthRequest authRequest = HttpServerIntegration::toAuthRequest(request, responder.socket());
    QFuture<AuthResponse> response = auth.authorize(authRequest).then(QtFuture::Launch::Sync,
        [authRequest, handler](const Authorization &authorization) -> QFuture<AuthResponse> {
            if (authorization.denied)
                return QtFuture::makeReadyFuture(*authorization.denied);
            return handler(authRequest, authorization.session);
        }).unwrap();
    HttpServerIntegration::respond(request, std::move(responder), response);
}

} // namespace Gatehouse
