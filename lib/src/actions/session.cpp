#include "core/timeformat.h"
#include "actions/actions.h"

#include "request/hooks.h"
#include "request/errorresponse.h"
#include "core/futures.h"
#include "session/sessionclaims.h"
#include "core/jsonwriter.h"
#include "session/databasesession.h"
#include "session/jwtrevocation.h"
#include "session/jwtsession.h"
#include "session/signintime.h"
#include "session/storedgroups.h"

#include <QJsonArray>

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

//! A session body: its keys in Auth.js's order.
QByteArray sessionJson(const QJsonObject &session)
{
    return toOrderedJson(session, SessionClaims::sessionKeyOrder());
}

//! \a session with \c user.groups = \a groups (access.groups.session).
QJsonObject withGroups(QJsonObject session, const QJsonValue &groups)
{
    QJsonObject user = session.value(QStringLiteral("user")).toObject();
    user.insert(StoredGroups::kClaim, groups.isArray() ? groups : QJsonArray());
    session.insert(QStringLiteral("user"), user);
    return session;
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
 * The answer of a database session: \a body, the session cookie (its expiry the session's) and
 * the session event (its session made by \a makeSession(), only when a handler is set).
 */
template<typename MakeSession>
AuthResponse databaseSessionResponse(const RequestState &s, const AdapterSession &session, bool isUpdate,
                                     QByteArray body, MakeSession makeSession)
{
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    AuthResponse response = jsonResponse(std::move(body), !isUpdate);
    response.cookies = db.write(session, s.requestCookies);
    Hooks::emitEvent(s.config.events.session, "session",
                     [&makeSession] { return QJsonObject{{QStringLiteral("session"), makeSession()}}; });
    return s.withCookies(response);
}

/*!
 * What the session endpoint answers when \a error escaped a jwt or session callback: a store
 * that cannot answer now (the callback reads storage during an outage) leaves the cookie alone
 * and answers 503 (storeFailure()); any other failure ends the session.
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

QFuture<AuthResponse> withStoredGroups(const State &state, const SessionAndUser &found, bool isUpdate,
                                       const std::optional<QJsonArray> &groups);

QFuture<AuthResponse> databaseSession(const State &state)
{
    const RequestState &s = *state;
    const bool isUpdate = s.isPost();
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    const QString token = db.token(s.requestCookies);
    if (token.isEmpty())
        return QtFuture::makeReadyFuture(noSession(s, !isUpdate));
    QFuture<AuthResponse> response = continueWith(db.read(token),
        [state, isUpdate](const SessionRead &read) -> QFuture<AuthResponse> {
            const RequestState &s = *state;
            // Not signed out: the store could not tell. The cookie stays.
            if (read.status == SessionStatus::Unavailable)
                return QtFuture::makeReadyFuture(storeFailure(s, *read.error));
            if (read.status == SessionStatus::SignedOut)
                return QtFuture::makeReadyFuture(noSession(s, !isUpdate));
            const std::optional<SessionAndUser> &found = read.session;
            if (s.config.access.groups.session && s.stores().groups) {
                // Shown in the session: the user's groups, read with it (one more query).
                return continueWith(StoredGroups::read(s.stores(), found->user.id), [state, found, isUpdate](const QStringList &groups) {
                    return withStoredGroups(state, *found, isUpdate, QJsonArray::fromStringList(groups));
                });
            }
            return withStoredGroups(state, *found, isUpdate, std::nullopt);
        });
    return recover(response, [state](std::exception_ptr error) { return sessionFailure(*state, error); });
}

/*!
 * The answer of the database session \a found: Auth.js's default session, or the session
 * callback's; with \c user.groups when \a groups are given (access.groups.session), for the
 * callback's \c user too.
 */
QFuture<AuthResponse> withStoredGroups(const State &state, const SessionAndUser &found, bool isUpdate,
                                       const std::optional<QJsonArray> &groups)
{
    const RequestState &s = *state;
    const AdapterUser &user = found.user;
    const QDateTime &expires = found.session.expires;
    if (groups) {
        const QJsonObject session = withGroups(SessionClaims::storedSession(user, expires), *groups);
        if (!s.config.callbacks.session)
            return QtFuture::makeReadyFuture(databaseSessionResponse(s, found.session, isUpdate, sessionJson(session),
                                                                     [&session] { return session; }));
    }
    if (!s.config.callbacks.session) {
        // Auth.js's default session, its body written straight from the stored user.
        return QtFuture::makeReadyFuture(databaseSessionResponse(
            s, found.session, isUpdate, SessionClaims::storedSessionJson(user, expires),
            [&user, &expires] { return SessionClaims::storedSession(user, expires); }));
    }
    SessionParams params;
    params.session = SessionClaims::storedSession(user, expires);
    params.user = user.toJson();
    if (groups) {
        params.session = withGroups(params.session, *groups);
        params.user.insert(StoredGroups::kClaim, *groups);
    }
    if (isUpdate) {
        params.trigger = QStringLiteral("update");
        params.newSession = s.body.value(QStringLiteral("data"));
    }
    const AdapterSession session = found.session;
    return continueWith(Hooks::session(s, params), [state, session, isUpdate](const QJsonObject &answer) {
        return databaseSessionResponse(*state, session, isUpdate, sessionJson(answer),
                                       [&answer] { return answer; });
    });
}

/*!
 * The answer of a JWT session: \a body, the token re-encrypted with a new expiry in the session
 * cookie, and the session event (its session made by \a makeSession(), only when a handler is set).
 */
template<typename MakeSession>
AuthResponse jwtSessionResponse(const RequestState &s, const Jose::JweCodec &codec, const QJsonObject &token,
                                const QDateTime &expires, bool isUpdate, QByteArray body, MakeSession makeSession)
{
    const JwtSession jwt(codec, s.config.jwt, s.cookies.sessionToken);
    const QString encoded = jwt.encode(token, s.config.session.maxAge);
    AuthResponse response = jsonResponse(std::move(body), !isUpdate);
    response.cookies = jwt.write(encoded, expires, s.requestCookies);
    Hooks::emitEvent(s.config.events.session, "session", [&makeSession, &token] {
        return QJsonObject{{QStringLiteral("session"), makeSession()}, {QStringLiteral("token"), token}};
    });
    return s.withCookies(response);
}

//! The JWT session of \a claims, a token not revoked: the jwt and session callbacks, a new token.
QFuture<AuthResponse> jwtSession(const State &state, std::shared_ptr<const Jose::JweCodec> codec,
                                 const QJsonObject &claims);
//! jwtSession() once the stored groups in \a claims are fresh.
QFuture<AuthResponse> jwtSessionWithGroups(const State &state, std::shared_ptr<const Jose::JweCodec> codec,
                                           const QJsonObject &claims);

} // namespace

QFuture<AuthResponse> session(const State &state)
{
    const RequestState &s = *state;
    const bool isUpdate = s.isPost();
    if (isUpdate && !s.csrfVerified)
        return QtFuture::makeReadyFuture(AuthResponse::json(QJsonValue::Null, 400));
    if (s.config.sessionStrategy() == SessionOptions::Strategy::Database)
        return databaseSession(state);

    const auto codec = s.engine.jwe(s.config.secret);
    const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
    const std::optional<QJsonObject> claims = jwt.read(s.requestCookies);
    if (!claims)
        return QtFuture::makeReadyFuture(noSession(s, !isUpdate));
    // A token issued before its user signed out everywhere (jwtrevocation.h) is no session.
    if (const std::optional<bool> revoked = JwtRevocation::knownRevoked(s.stores(), *claims))
        return *revoked ? QtFuture::makeReadyFuture(noSession(s, !isUpdate)) : jwtSession(state, codec, *claims);
    return continueWith(JwtRevocation::isRevoked(s.stores(), *claims),
                        [state, codec, claims](bool revoked) -> QFuture<AuthResponse> {
                            if (revoked)
                                return QtFuture::makeReadyFuture(noSession(*state, !state->isPost()));
                            return jwtSession(state, codec, *claims);
                        });
}

namespace {

QFuture<AuthResponse> jwtSession(const State &state, std::shared_ptr<const Jose::JweCodec> codec,
                                 const QJsonObject &claims)
{
    const RequestState &s = *state;
    // Stored groups read session.updateAge ago are read again (session/storedgroups.h).
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (StoredGroups::wanted(s.stores(), s.config) && StoredGroups::stale(claims, s.config.session.updateAge, now)) {
        QFuture<AuthResponse> response = continueWith(StoredGroups::refresh(s.stores(), claims, now),
            [state, codec](const QJsonObject &fresh) { return jwtSessionWithGroups(state, codec, fresh); });
        return recover(response, [state](std::exception_ptr error) { return sessionFailure(*state, error); });
    }
    return jwtSessionWithGroups(state, codec, claims);
}

QFuture<AuthResponse> jwtSessionWithGroups(const State &state, std::shared_ptr<const Jose::JweCodec> codec,
                                           const QJsonObject &claims)
{
    const RequestState &s = *state;
    const bool isUpdate = s.isPost();
    JwtParams params;
    params.token = claims;
    if (isUpdate) {
        params.trigger = QStringLiteral("update");
        params.session = s.body.value(QStringLiteral("data"));
    }
    QFuture<AuthResponse> response = continueWith(Hooks::jwt(s, params),
              [state, codec, isUpdate, claims](const std::optional<QJsonObject> &returned) -> QFuture<AuthResponse> {
                  const RequestState &s = *state;
                  if (!returned)
                      return QtFuture::makeReadyFuture(noSession(s, !isUpdate));
                  // The sign-in time stays the engine's, whatever the callback returned.
                  const std::optional<QJsonObject> token = SignInTime::carry(s.stores(), *returned, claims);
                  const QDateTime expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
                  if (s.config.access.groups.session) {
                      // Shown in the session: the token's groups (access.groups.session).
                      const QJsonObject session = withGroups(SessionClaims::defaultSession(*token, expires),
                                                             token->value(StoredGroups::kClaim));
                      if (!s.config.callbacks.session)
                          return QtFuture::makeReadyFuture(jwtSessionResponse(s, *codec, *token, expires, isUpdate,
                                                                              sessionJson(session), [&session] { return session; }));
                  }
                  if (!s.config.callbacks.session) {
                      // Auth.js's default session, its body written straight from the token.
                      return QtFuture::makeReadyFuture(jwtSessionResponse(
                          s, *codec, *token, expires, isUpdate, SessionClaims::defaultSessionJson(*token, expires),
                          [&token, &expires] { return SessionClaims::defaultSession(*token, expires); }));
                  }
                  SessionParams params;
                  params.session = SessionClaims::defaultSession(*token, expires);
                  if (s.config.access.groups.session)
                      params.session = withGroups(params.session, token->value(StoredGroups::kClaim));
                  params.token = *token;
                  if (isUpdate) {
                      params.trigger = QStringLiteral("update");
                      params.newSession = s.body.value(QStringLiteral("data"));
                  }
                  return continueWith(Hooks::session(s, params),
                      [state, codec, token, expires, isUpdate](const QJsonObject &session) {
                          return jwtSessionResponse(*state, *codec, *token, expires, isUpdate, sessionJson(session),
                                                    [&session] { return session; });
                      });
              });
    // A failing jwt or session callback ends the session rather than leaking an error, unless
    // it is the store that failed.
    return recover(response, [state](std::exception_ptr error) { return sessionFailure(*state, error); });
}

} // namespace

} // namespace Gatehouse::Actions
