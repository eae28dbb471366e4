#include "actions/actions.h"

#include "actions/audit.h"
#include "actions/callbacks.h"
#include "actions/errorresponse.h"
#include "actions/pageview.h"
#include "actions/recover.h"
#include "session/databasesession.h"
#include "session/jwtsession.h"

#include <gatehouse/errors.h>

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
        return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));

    AuthResponse response = s.redirect(s.callbackUrl);
    response.cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
    response = s.withCookies(response);
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database) {
        const DatabaseSession db(*s.config.adapter, s.config.session, s.cookies.sessionToken);
        const QString token = db.token(s.requestCookies);
        if (token.isEmpty()) {
            Hooks::emitEvent(s.config.events.signOut, "signOut", QJsonObject{{QStringLiteral("session"), QJsonValue::Null}});
            return QtFuture::makeReadyFuture(response);
        }
        QFuture<AuthResponse> done = s.config.adapter->deleteSession(token).then(QtFuture::Launch::Sync,
            [state, response](const std::optional<AdapterSession> &deleted) {
                QJsonValue session = QJsonValue::Null;
                if (deleted)
                    session = QJsonObject{{QStringLiteral("sessionToken"), deleted->sessionToken},
                                          {QStringLiteral("userId"), deleted->userId},
                                          {QStringLiteral("expires"), deleted->expires.toString(Qt::ISODateWithMs)}};
                Hooks::emitEvent(state->config.events.signOut, "signOut", QJsonObject{{QStringLiteral("session"), session}});
                if (deleted)
                    Audit::record(*state, QStringLiteral("signOut"), deleted->userId, QString());
                return response;
            });
        // The cookie goes whatever storage says; a storage failure is logged.
        return recover(done, [state, response](std::exception_ptr error) {
            logFailure(state->config, error);
            return response;
        });
    }
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> token = jwt.read(s.requestCookies);
    Hooks::emitEvent(s.config.events.signOut, "signOut",
                     QJsonObject{{QStringLiteral("token"), token ? QJsonValue(*token) : QJsonValue(QJsonValue::Null)}});
    return QtFuture::makeReadyFuture(response);
}

} // namespace Gatehouse::Actions
