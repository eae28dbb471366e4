#include "request/initialize.h"

#include "request/hooks.h"
#include "core/redirect.h"
#include "core/requestbody.h"

namespace Gatehouse {

namespace {

/*!
 * Whether the browser says \a request loads a part of a page (an image, a script, a style
 * sheet...) rather than a page or a fetch(). A favicon of a protected site follows the sign-in
 * redirect too, and must not change where a person goes after signing in.
 */
bool isSubresource(const AuthRequest &request)
{
    const QByteArray dest = request.header("sec-fetch-dest");
    return !dest.isEmpty() && dest != "document" && dest != "iframe" && dest != "frame" && dest != "empty";
}

void settleCallbackUrl(RequestState &state, const QString &callbackUrl, const QString &cookieValue)
{
    state.callbackUrl = callbackUrl;
    if (callbackUrl != cookieValue && !isSubresource(state.request))
        state.setCookies.append({state.cookies.callbackUrl.name, callbackUrl, state.cookies.callbackUrl.options});
}

} // namespace

QFuture<void> initialize(const State &state)
{
    RequestState &s = *state;
    s.requestCookies = s.request.cookies();
    s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
    if (s.isPost())
        s.body = parseRequestBody(s.request.header("content-type"), s.request.body);

    s.csrf = Csrf::fromCookie(s.requestCookies.value(s.cookies.csrfToken.name), s.config.secret);
    if (s.csrf.isNew)
        s.setCookies.append({s.cookies.csrfToken.name, s.csrf.cookieValue, s.cookies.csrfToken.options});
    s.csrfVerified = s.isPost()
        && (s.config.skipCSRFCheck || s.internal || Csrf::verify(s.csrf, s.body.value(QStringLiteral("csrfToken")).toString()));

    const QString cookieValue = s.requestCookies.value(s.cookies.callbackUrl.name);
    const QString paramValue = s.param(QStringLiteral("callbackUrl"));
    if (!s.config.callbacks.redirect) {
        // The default rule is synchronous: no futures on the common path.
        const QString &origin = s.origin.origin;
        const QStringList &domains = s.config.redirectDomains;
        const QString url = !paramValue.isEmpty() ? Redirect::allowed(paramValue, origin, domains)
            : !cookieValue.isEmpty()              ? Redirect::allowed(cookieValue, origin, domains)
                                                  : origin;
        settleCallbackUrl(s, url, cookieValue);
        return QtFuture::makeReadyFuture();
    }
    QFuture<QString> fromCookie = cookieValue.isEmpty()
        ? QtFuture::makeReadyFuture(s.origin.origin)
        : Hooks::redirect(s, cookieValue);
    if (paramValue.isEmpty()) {
        return fromCookie.then(QtFuture::Launch::Sync, [state, cookieValue](const QString &url) {
            settleCallbackUrl(*state, url, cookieValue);
        });
    }
    return fromCookie
        .then(QtFuture::Launch::Sync,
              [state, paramValue](const QString &) { return Hooks::redirect(*state, paramValue); })
        .unwrap()
        .then(QtFuture::Launch::Sync, [state, cookieValue](const QString &url) {
            settleCallbackUrl(*state, url, cookieValue);
        });
}

} // namespace Gatehouse
