#include "forwardauth/forwardauth.h"

#include "forwardauth/allowlist.h"
#include "forwardauth/identityheaders.h"
#include "forwardauth/originalrequest.h"
#include "core/futures.h"
#include "core/jsonnumber.h"
#include "core/urls.h"
#include "request/errorresponse.h"
#include "request/hooks.h"
#include "request/pageresponses.h"
#include "session/databasesession.h"
#include "session/jwtrevocation.h"
#include "session/jwtsession.h"
#include "session/storedgroups.h"

#include <QJsonArray>

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

Identity fromToken(const QJsonObject &token)
{
    Identity identity;
    identity.subject.userId = token.value(QStringLiteral("sub")).toString();
    identity.subject.email = token.value(QStringLiteral("email")).toString();
    identity.name = token.value(QStringLiteral("name")).toString();
    for (const QJsonValue &group : token.value(QStringLiteral("groups")).toArray()) {
        if (group.isString())
            identity.subject.groups.append(group.toString());
    }
    return identity;
}

Identity fromUser(const AdapterUser &user)
{
    Identity identity;
    identity.subject.userId = user.id;
    identity.subject.email = user.email;
    identity.name = user.name.value_or(QString());
    return identity;  // groups: read where a rule needs them (databaseSession())
}

/*!
 * The JWT session: one decryption, the "not before" of its user (sign out everywhere, a new
 * password: jwtrevocation.h), the user's stored groups read again once they are
 * session.updateAge old (session/storedgroups.h), the jwt callback when configured, a new
 * cookie only when the token is older than session.updateAge or its groups were read again.
 */
QFuture<Session> jwtSession(const State &state)
{
    const RequestState &s = *state;
    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    if (!claims)
        return QtFuture::makeReadyFuture(Session());
    const auto settle = [state, codec](const std::optional<QJsonObject> &token, bool changed) {
        const RequestState &s = *state;
        Session session;
        if (!token)
            return session;
        session.identity = fromToken(*token);
        const qint64 issued = jsonSeconds(token->value(QStringLiteral("iat"))).value_or(0);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        if (changed || now - issued >= s.config.session.updateAge) {
            const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
            const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
            session.cookies = jwt.write(jwt.encode(*token, s.config.session.maxAge), expires, s.requestCookies);
        }
        return session;
    };
    const auto withCallback = [state, settle](const QJsonObject &claims, bool changed) -> QFuture<Session> {
        if (!state->config.callbacks.jwt)
            return QtFuture::makeReadyFuture(settle(claims, changed));
        JwtParams params;
        params.token = claims;
        return continueWith(Hooks::jwt(*state, params),
                            [settle, changed](const std::optional<QJsonObject> &token) { return settle(token, changed); });
    };
    const auto valid = [state, withCallback](const QJsonObject &claims) -> QFuture<Session> {
        const RequestState &s = *state;
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        if (!StoredGroups::wanted(s.stores(), s.config) || !StoredGroups::stale(claims, s.config.session.updateAge, now))
            return withCallback(claims, false);
        return continueWith(StoredGroups::refresh(s.stores(), claims, now),
                            [withCallback](const QJsonObject &fresh) { return withCallback(fresh, true); });
    };
    // A token issued before its user's "not before" is no session, as at the session endpoint.
    if (const std::optional<bool> revoked = JwtRevocation::knownRevoked(s.stores(), *claims))
        return *revoked ? QtFuture::makeReadyFuture(Session()) : valid(*claims);
    return continueWith(JwtRevocation::isRevoked(s.stores(), *claims),
                        [valid, claims = *claims](bool revoked) -> QFuture<Session> {
                            return revoked ? QtFuture::makeReadyFuture(Session()) : valid(claims);
                        });
}

/*!
 * The database session: one getSessionAndUser, and the user's groups when \a policy or the
 * \a allowed list names groups (one more query; nowhere else); its cookie only when the read
 * extended it.
 */
QFuture<Session> databaseSession(const State &state, const AccessPolicy &policy, const AllowList &allowed)
{
    const RequestState &s = *state;
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    const QString token = db.token(s.requestCookies);
    if (token.isEmpty())
        return QtFuture::makeReadyFuture(Session());
    const bool readGroups = (!policy.groups.isEmpty() || !allowed.groups.isEmpty()) && s.stores().groups;
    return continueWith(db.read(token), [state, readGroups](const SessionRead &read) -> QFuture<Session> {
        const RequestState &s = *state;
        if (read.status == SessionStatus::Unavailable)
            throw *read.error;  // answered 503 below; the cookie stays
        Session session;
        if (read.status == SessionStatus::SignedOut)
            return QtFuture::makeReadyFuture(session);
        session.identity = fromUser(read.session->user);
        if (read.extended) {
            const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
            session.cookies = db.write(read.session->session, s.requestCookies);
        }
        if (!readGroups)
            return QtFuture::makeReadyFuture(session);
        return continueWith(StoredGroups::read(s.stores(), read.session->user.id), [session](const QStringList &groups) {
            Session withGroups = session;
            withGroups.identity->subject.groups = groups;
            return withGroups;
        });
    });
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

    QFuture<Session> session = s.config.sessionStrategy() == SessionOptions::Strategy::Database
        ? databaseSession(state, policy, allowed)
        : jwtSession(state);
    QFuture<AuthResponse> response = continueWith(session, [state, contract, original, allowed](const Session &found) {
        return decide(state, contract, original, allowed, found);
    });
    return recover(response, [state](std::exception_ptr error) {
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
