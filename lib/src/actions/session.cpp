#include "actions/actions.h"

#include "core/futures.h"
#include "request/errorresponse.h"
#include "session/sessionreader.h"

namespace Gatehouse::Actions {

namespace {

AuthResponse jsonResponse(QByteArray body, bool noStore)
{
    AuthResponse response;
    response.headers.append({QByteArrayLiteral("content-type"), QByteArrayLiteral("application/json")});
    if (noStore)
        response.headers.append({QByteArrayLiteral("cache-control"), QByteArrayLiteral("private, no-cache, no-store")});
    response.body = std::move(body);
    return response;
}

//! No session: null, and the session cookie deleted if the request carried one.
AuthResponse noSession(const RequestState &state, bool noStore)
{
    AuthResponse response = jsonResponse(QByteArrayLiteral("null"), noStore);
    if (Cookies::present(state.cookies.sessionToken.name, state.requestCookies))
        response.cookies = Cookies::remove(state.cookies.sessionToken, state.requestCookies);
    return state.withCookies(response);
}

/*!
 * What the session endpoint answers when \a error escaped the read: a store that cannot answer
 * now (the reader's Unavailable, or a callback reading storage during an outage) leaves the
 * cookie alone and answers 503 (storeFailure()); any other failure ends the session.
 */
AuthResponse sessionFailure(const RequestState &s, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        if (isUnavailable(e))
            return storeFailure(s, e);
    } catch (...) {
    }
    logFailure(s.config, error);
    return noSession(s, !s.isPost());
}

//! The answer to \a found: the session (Auth.js's body, or the session callback's), or null.
AuthResponse answer(const RequestState &s, const CurrentSession &found)
{
    const bool isUpdate = s.isPost();
    if (found.status() == SessionStatus::Unavailable) {
        try {
            std::rethrow_exception(found.error());
        } catch (const AuthError &e) {
            return storeFailure(s, e);  // the database session's read failed: 503 or 500, cookie kept
        } catch (...) {
            return sessionFailure(s, std::current_exception());
        }
    }
    AuthResponse response = jsonResponse(found.signedIn() ? clientSessionJson(found) : QByteArrayLiteral("null"), !isUpdate);
    response.cookies = found.cookies();
    return s.withCookies(response);
}

} // namespace

QFuture<AuthResponse> session(const State &state)
{
    const RequestState &s = *state;
    const bool isUpdate = s.isPost();
    if (isUpdate && !s.csrfVerified)
        return QtFuture::makeReadyFuture(AuthResponse::json(QJsonValue::Null, 400));
    SessionReadOptions options;
    options.cookies = SessionReadOptions::Cookies::Always;
    options.clientSession = true;
    options.groups = s.config.access.groups.session;
    if (isUpdate)
        options.update = s.body.value(QStringLiteral("data"));
    QFuture<AuthResponse> response =
        readSession(state, options, [state](const CurrentSession &found) { return answer(*state, found); });
    // A failing jwt or session callback ends the session rather than leaking an error.
    return recover(response, [state](std::exception_ptr error) { return sessionFailure(*state, error); });
}

} // namespace Gatehouse::Actions
