#include "actions/actions.h"

#include "signin/emailflow.h"
#include "request/errorresponse.h"
#include "signin/oauthflow.h"
#include "request/pageresponses.h"
#include "core/urls.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

namespace {

AuthResponse signInPage(const RequestState &state)
{
    if (state.config.pages.signIn.isEmpty())
        return PageResponses::signIn(state);
    // A custom sign-in page gets the callback URL (and any error) as Auth.js passes them.
    QString url = Urls::signInThenBackTo(state.pageUrl(RequestState::Page::SignIn), state.callbackUrl);
    const QString error = state.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    if (!error.isEmpty())
        url = Urls::withError(url, error);
    return state.withCookies(state.redirect(url));
}

} // namespace

QFuture<AuthResponse> signIn(const State &state)
{
    const RequestState &s = *state;
    if (!s.isPost()) {
        if (s.provider) {
            return QtFuture::makeReadyFuture(errorResponse(
                s, UnknownAction(QStringLiteral("sign-in with a provider needs POST (with csrfToken)"))));
        }
        return QtFuture::makeReadyFuture(signInPage(s));
    }
    if (!s.csrfVerified)
        return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
    if (s.provider && s.provider->isOAuth())
        return OAuthFlow::signIn(state);
    if (s.provider && s.provider->isEmail())
        return EmailFlow::signIn(state);
    if (!s.provider || s.provider->isCredentials()) {
        // Credentials are posted to callback/<id>; here Auth.js sends the user to the sign-in page.
        return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::SignIn));
    }
    return QtFuture::makeReadyFuture(errorResponse(
        s, UnsupportedStrategy(QStringLiteral("sign-in with %1 providers is not supported by this build").arg(s.provider->type))));
}

} // namespace Gatehouse::Actions
