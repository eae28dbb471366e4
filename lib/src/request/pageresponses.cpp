#include "request/pageresponses.h"

#include "core/urls.h"
#include "pages/pages.h"
#include "pages/pagetranslator.h"
#include "request/errorresponse.h"
#include "request/passwordresetoffer.h"

namespace Gatehouse::PageResponses {

namespace {

Pages::PageContext contextOf(const RequestState &state)
{
    Pages::PageContext context;
    context.theme = state.config.theme;
    context.language = state.engine.translator().negotiate(state.request.header("accept-language"));
    context.origin = QUrl(state.origin.origin);
    context.baseUrl = state.baseUrl;
    context.csrfToken = state.csrf.token;
    context.callbackUrl = state.callbackUrl;
    return context;
}

AuthResponse toResponse(const RequestState &state, const Pages::Page &page)
{
    AuthResponse response = AuthResponse::html(page.html, page.status);
    response.headers.append({QByteArrayLiteral("content-security-policy"), page.contentSecurityPolicy});
    response.headers.append({QByteArrayLiteral("x-frame-options"), QByteArrayLiteral("DENY")});
    response.headers.append({QByteArrayLiteral("referrer-policy"), QByteArrayLiteral("no-referrer")});
    if (page.status == 503)  // the Unavailable error page
        response.headers.append({QByteArrayLiteral("retry-after"), QByteArray::number(kRetryAfterSeconds)});
    return state.withCookies(response);
}

} // namespace

AuthResponse signIn(const RequestState &state)
{
    Pages::PageContext context = contextOf(state);
    // The callbackUrl parameter is echoed into the OAuth forms, as Auth.js does (it is
    // validated again when the form is posted), but only when it is a path or an http(s) URL.
    const QString requested = state.query.queryItemValue(QStringLiteral("callbackUrl"), QUrl::FullyDecoded);
    const QUrl requestedUrl(requested, QUrl::StrictMode);
    if (!requested.isEmpty() && requestedUrl.isValid()
        && (requested.startsWith(QLatin1Char('/')) || requestedUrl.scheme() == QLatin1String("http")
            || requestedUrl.scheme() == QLatin1String("https")))
        context.callbackUrl = requested;
    Pages::SignInContent content;
    for (const Provider &p : state.config.providers) {
        if (p.isWebAuthn() && !state.config.experimental.enableWebAuthn)
            continue;
        content.providers.append(Pages::PageProvider::fromProvider(p, state.baseUrl, Urls::providerSignIn(state.baseUrl, p.id)));
    }
    if (const QUrl script = passkeyScriptUrl(state); !script.isEmpty())
        content.scripts.append(script);
    content.error = state.query.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded);
    content.email = state.query.queryItemValue(QStringLiteral("email"), QUrl::FullyDecoded);
    if (const auto offer = passwordResetOffer(state.config, state.stores().passwordResets != nullptr)) {
        content.passwordResetUrl = state.baseUrl + QStringLiteral("/reset-password");
        content.passwordResetProvider = offer->passwords->id;
    }
    return toResponse(state, Pages::signIn(context, content, state.engine.translator()));
}

AuthResponse signOut(const RequestState &state)
{
    return toResponse(state, Pages::signOut(contextOf(state), state.engine.translator()));
}

AuthResponse signOut(const RequestState &state, const Pages::SignOutForm &form)
{
    AuthResponse response = toResponse(state, Pages::signOut(contextOf(state), state.engine.translator(), form));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

AuthResponse error(const RequestState &state, const QString &errorType)
{
    return toResponse(state, Pages::error(contextOf(state), errorType, state.engine.translator()));
}

AuthResponse verifyRequest(const RequestState &state)
{
    return toResponse(state, Pages::verifyRequest(contextOf(state), state.engine.translator()));
}

AuthResponse consent(const RequestState &state, const Pages::ConsentContent &content)
{
    AuthResponse response = toResponse(state, Pages::consent(contextOf(state), content, state.engine.translator()));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

AuthResponse account(const RequestState &state, const Pages::AccountContent &content)
{
    AuthResponse response = toResponse(state, Pages::account(contextOf(state), content, state.engine.translator()));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

AuthResponse twoFactor(const RequestState &state, const Pages::TwoFactorContent &content)
{
    AuthResponse response = toResponse(state, Pages::twoFactor(contextOf(state), content, state.engine.translator()));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

AuthResponse passwordReset(const RequestState &state, Pages::PasswordResetContent content)
{
    if (content.signInUrl.isEmpty())
        content.signInUrl = state.pageUrl(RequestState::Page::SignIn);
    AuthResponse response = toResponse(state, Pages::passwordReset(contextOf(state), content, state.engine.translator()));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

AuthResponse notFound(const RequestState &state)
{
    return toResponse(state, Pages::notFound(contextOf(state), state.engine.translator()));
}

AuthResponse forbidden(const RequestState &state, const Pages::ForbiddenContent &content)
{
    AuthResponse response = toResponse(state, Pages::forbidden(contextOf(state), content, state.engine.translator()));
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

QUrl passkeyScriptUrl(const RequestState &state)
{
    if (!state.config.experimental.enableWebAuthn)
        return {};
    for (const Provider &p : state.config.providers) {
        if (p.isWebAuthn())
            return QUrl(state.baseUrl + QStringLiteral("/webauthn-options"));
    }
    return {};
}

AuthResponse toCustomPage(const RequestState &state, RequestState::Page page, const QUrlQuery &query)
{
    return state.withCookies(state.redirect(Urls::withQuery(state.pageUrl(page), query)));
}

} // namespace Gatehouse::PageResponses
