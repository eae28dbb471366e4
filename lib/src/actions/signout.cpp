#include "actions/actions.h"

#include "actions/callbacks.h"
#include "actions/errorresponse.h"
#include "actions/pageview.h"
#include "session/jwtsession.h"

namespace Gatehouse::Actions {

QFuture<AuthResponse> signOut(const State &state)
{
    const RequestState &s = *state;
    if (!s.isPost()) {
        if (!s.config.pages.signOut.isEmpty())
            return QtFuture::makeReadyFuture(s.withCookies(s.redirect(s.pageUrl(QStringLiteral("signout")))));
        return QtFuture::makeReadyFuture(PageView::signOut(s));
    }
    if (!s.csrfVerified)
        return QtFuture::makeReadyFuture(errorResponse(s, AuthError(QStringLiteral("MissingCSRF"))));

    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> token = jwt.read(s.requestCookies);
    Hooks::emitEvent(s.config.events.signOut, "signOut",
                     QJsonObject{{QStringLiteral("token"), token ? QJsonValue(*token) : QJsonValue(QJsonValue::Null)}});
    AuthResponse response = s.redirect(s.callbackUrl);
    response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
    return QtFuture::makeReadyFuture(s.withCookies(response));
}

} // namespace Gatehouse::Actions
