#include "actions/actions.h"

#include "actions/accountendpoint.h"
#include "core/futures.h"
#include "core/urls.h"
#include "request/errorresponse.h"
#include "session/databasesession.h"
#include "session/sessionreader.h"

#include <gatehouse/errors.h>

namespace Gatehouse::Actions {

namespace AccountEndpoint {

QString accountUrl(const RequestState &s)
{
    return s.pageUrl(RequestState::Page::Account);
}

AuthResponse toSignIn(const RequestState &s)
{
    AuthResponse response = s.redirect(Urls::signInThenBackTo(s.pageUrl(RequestState::Page::SignIn), accountUrl(s)));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    return s.withCookies(response);
}

AuthResponse backToPage(const RequestState &s, const QString &notice, QList<SetCookie> cookies)
{
    AuthResponse response = s.redirect(Urls::withQuery(accountUrl(s), QUrlQuery{{QStringLiteral("notice"), notice}}));
    response.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
    response.cookies = std::move(cookies);
    return s.withCookies(response);
}

QString databaseToken(const RequestState &s)
{
    if (s.config.sessionStrategy() != SessionOptions::Strategy::Database)
        return {};
    return DatabaseSession(s.stores(), s.config.session, s.cookies.sessionToken).token(s.requestCookies);
}

namespace {

/*!
 * Why a POST to the page must not be obeyed though its CSRF token is right: the browser says it
 * comes from another site (Sec-Fetch-Site, or else Origin). Empty when it may.
 * Sec-Fetch-Site decides when it is there: the pages send `Referrer-Policy: no-referrer`, under
 * which a browser's own same-origin form posts carry `Origin: null`.
 */
QString crossSiteReason(const RequestState &s)
{
    const QByteArray site = s.request.header("sec-fetch-site");
    if (!site.isEmpty())
        return site == "same-origin" ? QString() : QStringLiteral("Sec-Fetch-Site is \"%1\"").arg(QString::fromLatin1(site));
    const QByteArray origin = s.request.header("origin");
    if (!origin.isEmpty() && QString::fromLatin1(origin) != s.origin.origin)
        return QStringLiteral("Origin %1 is not %2").arg(QString::fromLatin1(origin), s.origin.origin);
    return {};
}

} // namespace

const Provider *builtinPasswords(const RequestState &s)
{
    for (const Provider &provider : s.config.providers) {
        if (provider.type == u"credentials" && provider.option(QStringLiteral("authorize")).toString() == u"builtin")
            return &provider;
    }
    return nullptr;
}

} // namespace AccountEndpoint

QFuture<AuthResponse> account(const State &state)
{
    const RequestState &s = *state;
    if (!s.config.pages.accountPage)  // turned off: as if there were no such action
        return QtFuture::makeReadyFuture(s.withCookies(AuthResponse::json(QStringLiteral("Bad request."), 400)));
    if (!s.isPost() && !s.config.pages.account.isEmpty())
        return QtFuture::makeReadyFuture(PageResponses::toCustomPage(s, RequestState::Page::Account, s.query));
    if (!s.config.adapter)
        return QtFuture::makeReadyFuture(errorResponse(s, MissingAdapter(QStringLiteral("the account page needs an adapter"))));
    if (s.isPost()) {
        if (!s.csrfVerified)
            return QtFuture::makeReadyFuture(errorResponse(s, MissingCSRF()));
        if (const QString reason = AccountEndpoint::crossSiteReason(s); !reason.isEmpty()) {
            AuthResponse refused = jsonError(AccessDenied(), 403);
            refused.setHeader(QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store"));
            return QtFuture::makeReadyFuture(s.withCookies(refused));
        }
    }
    // Who is signed in, read once: no callbacks (the token as it is), no cookies; a change also
    // needs when the person signed in (the recent-sign-in rule), a database session's details.
    SessionReadOptions options;
    options.callbacks = false;
    options.storedUser = true;
    options.signInDetails = s.isPost();
    QFuture<AuthResponse> response = readSession(state, options, [state](const CurrentSession &found) -> QFuture<AuthResponse> {
        if (found.status() == SessionStatus::Unavailable)
            std::rethrow_exception(found.error());
        if (!found.user())
            return QtFuture::makeReadyFuture(AccountEndpoint::toSignIn(*state));
        return state->isPost() ? AccountEndpoint::change(state, found) : AccountEndpoint::showPage(state, *found.user());
    });
    return recover(response, [state](std::exception_ptr error) { return errorResponse(*state, error); });
}

} // namespace Gatehouse::Actions
