#include "actions/actions.h"

#include "signin/currentuser.h"
#include "request/errorresponse.h"
#include "core/futures.h"

#include <gatehouse/errors.h>
#include <gatehouse/tokens.h>

namespace Gatehouse::Actions {

namespace {

//! The header a same-origin script sends; a cross-origin page cannot send it without CORS.
constexpr char kRequestHeader[] = "x-gatehouse-access-token";

AuthResponse failure(int status, const AuthError &error)
{
    AuthResponse response = jsonError(error, status);
    response.setHeader("Cache-Control", "no-store");
    return response;
}

//! Why \a s may not read a token ("" when it may): see README "Access tokens for the browser".
QString refusal(const RequestState &s)
{
    if (s.request.header(kRequestHeader) != "1")
        return QStringLiteral("the request lacks the header X-Gatehouse-Access-Token: 1");
    const QByteArray site = s.request.header("sec-fetch-site");
    if (!site.isEmpty() && site != "same-origin")
        return QStringLiteral("Sec-Fetch-Site is \"%1\", not same-origin").arg(QString::fromLatin1(site));
    const QByteArray origin = s.request.header("origin");
    if (!origin.isEmpty() && QString::fromLatin1(origin) != s.origin.origin)
        return QStringLiteral("Origin %1 is not %2").arg(QString::fromLatin1(origin), s.origin.origin);
    return {};
}

} // namespace

QFuture<AuthResponse> token(const State &state)
{
    const RequestState &s = *state;
    const bool enabled = s.provider && s.provider->isOAuth()
        && s.provider->option(QStringLiteral("accessTokenEndpoint")).toBool();
    if (!enabled)
        return QtFuture::makeReadyFuture(failure(404, NotFound()));
    if (const QString why = refusal(s); !why.isEmpty()) {
        logError(s.config, AccessDenied(QStringLiteral("token/%1: %2").arg(s.provider->id, why)));
        return QtFuture::makeReadyFuture(failure(403, AccessDenied()));
    }
    const AccessTokens *tokens = s.engine.accessTokens();
    if (!s.config.adapter || !tokens) {
        logError(s.config, MissingAdapterMethods(QStringLiteral("token/%1 needs an adapter that implements AccountTokenStore")
                                                     .arg(s.provider->id)));
        return QtFuture::makeReadyFuture(failure(500, Configuration()));
    }
    const AccessTokens shared = *tokens;
    // Storage may answer on its own threads; AccessTokens must be asked from this one, whose
    // event loop serves its refresh requests.
    auto *context = new QObject;
    QFuture<AuthResponse> response = currentUser(state).then(context,
        [state, shared](const std::optional<AdapterUser> &user) -> QFuture<AuthResponse> {
            if (!user)
                return QtFuture::makeReadyFuture(failure(401, SessionRequired()));
            return shared.account(user->id, state->provider->id).then(QtFuture::Launch::Sync, [](const AdapterAccount &account) {
                QJsonObject body{{QStringLiteral("accessToken"), account.accessToken.value_or(QString())},
                                 {QStringLiteral("expiresAt"), account.expiresAt ? QJsonValue(*account.expiresAt) : QJsonValue()},
                                 {QStringLiteral("tokenType"), account.tokenType ? QJsonValue(*account.tokenType) : QJsonValue()},
                                 {QStringLiteral("scope"), account.scope ? QJsonValue(*account.scope) : QJsonValue()}};
                AuthResponse ok = AuthResponse::json(body);
                ok.setHeader("Cache-Control", "no-store");
                return ok;
            });
        }).unwrap();
    response = response.then(QtFuture::Launch::Sync, [context](QFuture<AuthResponse> finished) {
        context->deleteLater();
        return finished.result();
    });
    return recover(response, [state](std::exception_ptr error) {
        try {
            std::rethrow_exception(error);
        } catch (const AccountNotLinked &e) {
            logError(state->config, e);
            return failure(404, e);
        } catch (const RefreshAccessTokenError &e) {
            logError(state->config, e);
            return failure(502, e);
        } catch (const AuthError &e) {
            if (isUnavailable(e))  // the session (or the account) cannot be read now: not signed out
                return storeFailure(*state, e);
            logError(state->config, e);
            return failure(500, Configuration());  // the detail is logged, never shown
        } catch (...) {
            logFailure(state->config, std::current_exception());
            return failure(500, Configuration());
        }
    });
}

} // namespace Gatehouse::Actions
