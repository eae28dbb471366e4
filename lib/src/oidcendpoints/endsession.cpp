#include "oidcendpoints/oidcendpoints.h"

#include "core/futures.h"
#include "core/logging.h"
#include "oidcendpoints/keysresponse.h"
#include "oidcprovider/discovery.h"
#include "oidcprovider/endsession.h"
#include "request/errorresponse.h"
#include "request/pageresponses.h"
#include "session/sessionreader.h"

namespace Gatehouse::OidcEndpoints {

namespace {

using namespace OidcProvider;

//! A request that cannot be trusted with a redirect: the error page (RP-Initiated Logout §3).
AuthResponse refusedLogoutPage(const RequestState &s, const QString &why)
{
    qCDebug(lcCore) << "end-session request refused:" << why;
    AuthResponse response = PageResponses::error(s, QStringLiteral("InvalidRequest"));
    response.status = 400;
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

//! The sign-out page, its form posting the checked request back here with the CSRF token.
AuthResponse confirmationPage(const RequestState &s, const EndSessionRequest &request)
{
    Pages::SignOutForm form;
    form.action = s.baseUrl + QLatin1Char('/') + Paths::endSession;
    // The client in place of the hint: the hint did not name this person, so it decides nothing now.
    if (request.client)
        form.fields.append({QStringLiteral("client_id"), request.client->clientId});
    if (!request.postLogoutRedirectUri.isEmpty())
        form.fields.append({QStringLiteral("post_logout_redirect_uri"), request.postLogoutRedirectUri});
    if (!request.state.isEmpty())
        form.fields.append({QStringLiteral("state"), request.state});
    return PageResponses::signOut(s, form);
}

QFuture<AuthResponse> endOrAsk(const State &state, const EndSessionRequest &request, const SignOutTo signOut)
{
    const QString location = request.postLogoutRedirectUri.isEmpty()
        ? state->pageUrl(RequestState::Page::SignIn)
        : QString::fromUtf8(postLogoutLocation(request));
    SessionReadOptions options;
    options.callbacks = false;  // whose session it is, nothing more
    QFuture<AuthResponse> response = readSession(state, options, [state, request, location, signOut](const CurrentSession &found) {
        const RequestState &s = *state;
        if (!found.signedIn())  // nothing to end
            return QtFuture::makeReadyFuture(s.withCookies(s.redirect(location)));
        // The person the hint names, or the person who confirmed on the page (CSRF: the page's own form).
        const bool named = !request.hintSubject.isEmpty() && request.hintSubject == found.userId();
        if (named || (s.isPost() && s.csrfVerified))
            return signOut(state, location);
        return QtFuture::makeReadyFuture(confirmationPage(s, request));
    });
    return recover(response, [state](std::exception_ptr error) {
        logFailure(state->config, error);
        return errorResponse(*state, error);
    });
}

} // namespace

QFuture<AuthResponse> endSession(const State &state, SignOutTo signOut)
{
    const RequestState &s = *state;
    QByteArray encoded;
    if (s.isPost()) {
        if (!s.request.header("content-type").startsWith("application/x-www-form-urlencoded"))
            return QtFuture::makeReadyFuture(refusedLogoutPage(s, QStringLiteral("a POST that is not a form")));
        encoded = s.request.body;
    } else {
        encoded = s.request.url.query(QUrl::FullyEncoded).toUtf8();
    }
    const Parameters p = parseParameters(encoded);
    const QList<OidcClient> &clients = s.config.oidcProvider->clients;
    const QString hint = p.value(QStringLiteral("id_token_hint"));
    if (hint.isEmpty() || p.tooLarge || !p.repeated.isEmpty()) {
        const EndSessionCheck check = checkEndSessionRequest(p, std::nullopt, clients);
        if (check.pageError)
            return QtFuture::makeReadyFuture(refusedLogoutPage(s, *check.pageError));
        return endOrAsk(state, check.request, signOut);
    }
    return withKeys(state, [state, p, hint, signOut](std::shared_ptr<const SigningKeySet> keys) {
        const RequestState &s = *state;
        QString problem;
        const std::optional<QJsonObject> claims = verifyIdTokenHint(hint, *keys, s.baseUrl, &problem);
        if (!claims)
            return QtFuture::makeReadyFuture(refusedLogoutPage(s, problem));
        const EndSessionCheck check = checkEndSessionRequest(p, claims, s.config.oidcProvider->clients);
        if (check.pageError)
            return QtFuture::makeReadyFuture(refusedLogoutPage(s, *check.pageError));
        return endOrAsk(state, check.request, signOut);
    });
}

} // namespace Gatehouse::OidcEndpoints
