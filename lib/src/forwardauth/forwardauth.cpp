#include "forwardauth/forwardauth.h"

#include "forwardauth/allowlist.h"
#include "forwardauth/identityheaders.h"
#include "forwardauth/originalrequest.h"
#include "core/futures.h"
#include "core/urls.h"
#include "request/errorresponse.h"
#include "request/hooks.h"
#include "request/pageresponses.h"
#include "session/sessionreader.h"

namespace Gatehouse::ForwardAuth {

namespace {

//! What the session read found: who is signed in (nullopt: nobody) and the cookies of a roll.
struct Session
{
    std::optional<Identity> identity;
    QList<SetCookie> cookies;
};

AuthResponse answer(int status, const char *text)
{
    AuthResponse response;
    response.status = status;
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("text/plain; charset=utf-8")});
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    response.body = QByteArray(text);
    return response;
}

/*!
 * An answer with no body (Content-Length: 0), for one that no person reads: nginx's auth_request
 * never reads the body of its sub-request, and an upstream connection left with an unread body
 * is closed instead of going back to the keepalive pool, so every check would open a new one.
 */
AuthResponse bare(int status)
{
    AuthResponse response;
    response.status = status;
    response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("no-store")});
    return response;
}

/*!
 * What the reader found (session/sessionreader.h), as the access rules see it, and the cookies
 * of a roll. A store that cannot answer fails, answered 503 below; the cookie stays.
 */
Session identityOf(const CurrentSession &found)
{
    if (found.status() == SessionStatus::Unavailable)
        std::rethrow_exception(found.error());
    Session session;
    session.cookies = found.cookies();
    if (!found.signedIn())
        return session;
    Identity identity;
    identity.subject.userId = found.userId();
    identity.subject.email = found.email();
    identity.subject.groups = found.groups();
    identity.name = found.name();
    session.identity = std::move(identity);
    return session;
}

/*!
 * The read a check needs: its cookie only when the session rolled; a JWT's groups come with it,
 * a database session's only when \a policy or the \a allowed list names groups (one more query).
 */
SessionReadOptions readOptions(const AccessPolicy &policy, const AllowList &allowed)
{
    SessionReadOptions options;
    options.cookies = SessionReadOptions::Cookies::WhenDue;
    options.groups = !policy.groups.isEmpty() || !allowed.groups.isEmpty();
    return options;
}

//! The sign-in page, coming back to \a callbackUrl.
QString signInUrl(const RequestState &s, const QString &callbackUrl)
{
    return Urls::signInThenBackTo(s.pageUrl(RequestState::Page::SignIn), callbackUrl);
}

//! Where the client signs in, coming back to \a callbackUrl.
AuthResponse signIn(const RequestState &s, Contract contract, const QString &callbackUrl)
{
    // Traefik and Caddy pass the 302 to the browser as it is; nginx turns the 401 into its own.
    AuthResponse response = contract == Contract::ForwardAuth ? answer(302, "Found") : bare(401);
    response.headers.append({QByteArrayLiteral("location"), signInUrl(s, callbackUrl).toUtf8()});
    return response;
}

/*!
 * 403 for a request the rules keep out. Traefik and Caddy (forward-auth) pass the body on to
 * the client, so a browser there gets a page: naming who is signed in, with a way to sign in as
 * someone else, or, with nobody (a rule that closes the site to everyone), saying it is closed,
 * and a program the plain word. nginx shows its own page: its endpoints answer with no body.
 */
QFuture<AuthResponse> denied(const State &state, Contract contract, const OriginalRequest &original,
                             const Session &session)
{
    const RequestState &s = *state;
    if (contract != Contract::ForwardAuth || !s.request.header("accept").contains("text/html")) {
        AuthResponse response = contract == Contract::ForwardAuth ? answer(403, "Forbidden") : bare(403);
        response.cookies = session.cookies;
        return QtFuture::makeReadyFuture(response);
    }
    if (!session.identity) {
        Pages::ForbiddenContent closed;
        closed.site = original.host;
        return QtFuture::makeReadyFuture(PageResponses::forbidden(s, closed));
    }
    // The original URL is the client's: it becomes the callback only through the redirect rules.
    return continueWith(Hooks::redirect(s, original.url), [state, host = original.host, session](const QString &callbackUrl) {
        const Identity &identity = *session.identity;
        Pages::ForbiddenContent content;
        content.who = !identity.subject.email.isEmpty() ? identity.subject.email
                    : !identity.name.isEmpty()          ? identity.name
                                                        : identity.subject.userId;
        content.site = host;
        content.signInUrl = signInUrl(*state, callbackUrl);
        AuthResponse response = PageResponses::forbidden(*state, content);
        response.cookies = session.cookies;
        return response;
    });
}

/*!
 * The access rules' decision, narrowed by \a allowed: a request they let through needs a
 * signed-in user who meets the lists.
 */
AccessDecision::Outcome outcomeOf(const AccessOptions &access, const AccessRequest &request,
                                  const std::optional<AccessSubject> &subject, const AllowList &allowed)
{
    const AccessDecision decision = decideAccess(access, request, subject);
    if (decision.outcome != AccessDecision::Outcome::Allowed || !allowed.narrows())
        return decision.outcome;
    if (!subject)
        return AccessDecision::Outcome::SignInRequired;
    return allowed.allows(*subject) ? AccessDecision::Outcome::Allowed : AccessDecision::Outcome::Denied;
}

QFuture<AuthResponse> decide(const State &state, Contract contract, const OriginalRequest &original,
                             const AllowList &allowed, const Session &session)
{
    const RequestState &s = *state;
    const AccessRequest request{original.host, original.path, original.method};
    std::optional<AccessSubject> subject;
    if (session.identity)
        subject = session.identity->subject;
    switch (outcomeOf(s.config.access, request, subject, allowed)) {
    case AccessDecision::Outcome::Allowed: {
        // Anonymous (bypass): every identity header, empty, so that no proxy invents one. No
        // proxy passes this answer's body on, so it has none.
        AuthResponse response = bare(contract == Contract::OAuth2Proxy ? 202 : 200);
        response.headers.append(identityHeaders(s.config.access.identityHeaders, session.identity.value_or(Identity())));
        response.cookies = session.cookies;
        return QtFuture::makeReadyFuture(response);
    }
    case AccessDecision::Outcome::Denied:
        return denied(state, contract, original, session);
    case AccessDecision::Outcome::SignInRequired:
        break;
    }
    if (contract == Contract::OAuth2Proxy) {
        // The proxy's error_page for 401 starts the sign-in; no Location, no redirect rules.
        AuthResponse response = bare(401);
        response.cookies = session.cookies;
        return QtFuture::makeReadyFuture(response);
    }
    // The original URL is the client's: it becomes the callback only through the redirect rules.
    return continueWith(Hooks::redirect(s, original.url), [state, contract](const QString &callbackUrl) {
        return signIn(*state, contract, callbackUrl);
    });
}

} // namespace

QFuture<AuthResponse> check(const State &state, Contract contract)
{
    RequestState &s = *state;
    s.requestCookies = s.request.cookies();
    s.cookies = CookieSet::resolve(s.origin.secure, s.config.cookies);
    const OriginalRequest original = originalRequest(s.request);
    if (!original.valid)
        return QtFuture::makeReadyFuture(answer(400, "No original URL: the proxy must send X-Original-URL or X-Forwarded-Host"));

    // Only oauth2-proxy's contract reads the sub-request's own query.
    const AllowList allowed = contract == Contract::OAuth2Proxy ? AllowList::fromQuery(s.request.url) : AllowList();
    const AccessPolicy &policy = accessPolicy(s.config.access, {original.host, original.path, original.method});
    if (policy.kind == AccessPolicy::Kind::Deny || (policy.kind == AccessPolicy::Kind::Bypass && !allowed.narrows()))
        return decide(state, contract, original, allowed, Session());  // no session read needed

    return readSession(state, readOptions(policy, allowed),
        [state, contract, original, allowed](const CurrentSession &found) {
            return decide(state, contract, original, allowed, identityOf(found));
        },
        [state](std::exception_ptr error) {
            try {
                std::rethrow_exception(error);
            } catch (const AuthError &e) {
                if (isUnavailable(e))
                    return storeFailure(*state, e);
            } catch (...) {
            }
            // A failing jwt callback, a broken store: nobody is let in on an error.
            logFailure(state->config, error);
            return answer(500, "Internal Server Error");
        });
}

} // namespace Gatehouse::ForwardAuth
