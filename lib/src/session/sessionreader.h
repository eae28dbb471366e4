#pragma once
/*
 * THE reader of a request's current session, for every consumer: the session endpoint, forward
 * authentication, Auth::session(), the account page and linking (signin/currentuser.h), and the
 * OpenID Provider's authorize endpoint. One read of the cookie, the store and the callbacks;
 * what the consumers need differently is a SessionReadOptions, never a copy of the read.
 */
#include "core/futures.h"
#include "request/requeststate.h"
#include "session/signinsteps.h"

#include <gatehouse/adaptertypes.h>
#include <gatehouse/auth.h>

#include <QDateTime>
#include <QJsonObject>
#include <QSharedDataPointer>
#include <QStringList>

#include <exception>
#include <optional>

namespace Gatehouse {

//! What a consumer needs of the read. The defaults are the cheapest: no Set-Cookie, no shape.
struct SessionReadOptions
{
    //! Which cookies the read hands back.
    enum class Cookies {
        None,     //!< none (the account page, linking, a provider that only asks who it is)
        /*!
         * The session's roll: a JWT older than session.updateAge or whose groups were read
         * again, a database session this read extended (forward authentication).
         */
        WhenDue,
        //! Re-issued on every read, and deleted when there is no session (the session endpoint, as Auth.js).
        Always,
    };
    Cookies cookies = Cookies::None;
    //! JWT sessions: the jwt callback and the stored groups read again once stale. Off: the token as it is.
    bool callbacks = true;
    //! The session endpoint's answer: access.groups.session, the session callback, the session event.
    bool clientSession = false;
    //! Database sessions: the user's stored groups (one more query; a JWT carries its own).
    bool groups = false;
    //! JWT sessions: the stored user named by "sub" (one more query; a database session has it).
    bool storedUser = false;
    /*!
     * Database sessions: when and how the person signed in (the session's details: one more
     * query, with an AccountStore; a JWT carries them). Off: signInTime() invalid, secondFactor()
     * NotRecorded. The session endpoint and forward auth leave it off.
     */
    bool signInDetails = false;
    //! POST session: the client's data, given to the jwt and session callbacks with trigger "update".
    std::optional<QJsonValue> update;
};

struct CurrentSessionData;

/*!
 * What the read found: a value, cheap to copy (implicitly shared), that the reader fills and
 * its consumers only read.
 */
class CurrentSession
{
public:
    CurrentSession();
    CurrentSession(const CurrentSession &other);
    CurrentSession(CurrentSession &&other) noexcept;
    CurrentSession &operator=(const CurrentSession &other);
    CurrentSession &operator=(CurrentSession &&other) noexcept;
    ~CurrentSession();

    SessionStatus status() const;
    bool signedIn() const { return status() == SessionStatus::SignedIn; }
    //! Unavailable: what the store failed with (an AuthError); the session cookie must stay.
    std::exception_ptr error() const;
    //! The cookies to set: the session rolled or re-chunked, or deleted (SessionReadOptions::cookies).
    const QList<SetCookie> &cookies() const;
    //! Whether the jwt or session callback ran (a callback that ended the session included).
    bool callbacksRan() const;

    //! JWT sessions: the claims as re-issued (after the jwt callback; the sign-in time the engine's).
    const QJsonObject &token() const;
    //! Database sessions: the stored session.
    const std::optional<AdapterSession> &databaseSession() const;
    //! The stored user: a database session's; a JWT's with SessionReadOptions::storedUser, when stored.
    const std::optional<AdapterUser> &user() const;
    //! Database sessions with SessionReadOptions::groups and a GroupStore: the user's groups.
    const std::optional<QStringList> &storedGroups() const;
    //! When the session ends as this read leaves it.
    QDateTime expires() const;
    /*!
     * The steps of the sign-in (signinsteps.h): the JWT's "amr", or a database session's
     * details (SessionReadOptions::signInDetails); none when not recorded. A session exists
     * only after every step its sign-in required.
     */
    SignInSteps signInSteps() const;
    //! Whether the sign-in took a second step; NotRecorded when signInSteps() are unknown.
    SecondFactorLevel secondFactor() const;
    /*!
     * SessionReadOptions::clientSession, when a session callback or access.groups.session shaped
     * it; nullopt: Auth.js's default, written by clientSessionJson() without building it.
     */
    const std::optional<QJsonObject> &clientSession() const;

    //! The user's id: the stored user's, or the JWT's "sub" (empty for a token of no stored user).
    QString userId() const;
    QString email() const;
    QString name() const;
    //! The JWT's "groups" claim, or a database session's stored groups (empty when not read).
    QStringList groups() const;
    /*!
     * When the person signed in: the JWT's auth_time, or a database session's details
     * (SessionReadOptions::signInDetails); invalid when unknown (never a recent sign-in).
     */
    QDateTime signInTime() const;

private:
    friend struct CurrentSessionWriter;
    QSharedDataPointer<CurrentSessionData> d;
};

/*!
 * The session of \a state's request (its cookies and cookie names resolved). Unavailable when the
 * store could not tell (the cookie stays); a JWT issued before its user's "not before" is no
 * session. A jwt or session callback that fails with anything but an unavailable store fails
 * the future: each consumer has its own answer to that.
 */
QFuture<CurrentSession> readSession(const State &state, const SessionReadOptions &options);

//! A read begun: its session when it needed no wait (the common case), else the future of it.
struct SessionReading
{
    std::optional<CurrentSession> ready;
    QFuture<CurrentSession> pending;
};
//! readSession(), without a future when the read needs no wait.
SessionReading startSessionRead(const State &state, const SessionReadOptions &options);

/*!
 * readSession() with \a then (a function of the CurrentSession, returning a value or a QFuture)
 * applied, as core/futures.h's continueWith(): for the paths that read a session on every
 * request (the session endpoint, forward auth), where a future in between would cost more than
 * the answer. What \a then throws fails the returned future.
 */
template<typename Then>
auto readSession(const State &state, const SessionReadOptions &options, Then then)
{
    SessionReading reading = startSessionRead(state, options);
    if (!reading.ready)
        return continueWith(reading.pending, std::move(then));
    using Result = std::invoke_result_t<Then, const CurrentSession &>;
    try {
        return Detail::FutureOf<Result>::wrap(then(*reading.ready));
    } catch (...) {
        return failedFuture<typename Detail::FutureOf<Result>::Value>(std::current_exception());
    }
}

/*!
 * recover(readSession(state, options, then), handler) (core/futures.h): a read that waits costs
 * one continuation for both (forward auth on a database session).
 */
template<typename Then, typename Handler>
QFuture<AuthResponse> readSession(const State &state, const SessionReadOptions &options, Then then, Handler handler)
{
    SessionReading reading = startSessionRead(state, options);
    if (!reading.ready)
        return continueOrRecover(reading.pending, std::move(then), std::move(handler));
    using Result = std::invoke_result_t<Then, const CurrentSession &>;
    QFuture<AuthResponse> answer;
    try {
        answer = Detail::FutureOf<Result>::wrap(then(*reading.ready));
    } catch (...) {
        answer = failedFuture<AuthResponse>(std::current_exception());
    }
    return recover(std::move(answer), std::move(handler));
}

//! The session endpoint's body of the signed-in \a session (read with clientSession), in Auth.js's key order.
QByteArray clientSessionJson(const CurrentSession &session);
//! The same as an object (Auth::session()).
QJsonObject clientSessionObject(const CurrentSession &session);

} // namespace Gatehouse
