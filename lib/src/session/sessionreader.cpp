#include "session/sessionreader.h"

#include "core/futures.h"
#include "core/jsonnumber.h"
#include "core/jsonwriter.h"
#include "request/errorresponse.h"
#include "request/hooks.h"
#include "session/databasesession.h"
#include "session/jwtrevocation.h"
#include "session/jwtsession.h"
#include "session/sessionclaims.h"
#include "session/signinsteps.h"
#include "session/signintime.h"
#include "session/storedgroups.h"

#include <gatehouse/adapter.h>

#include <QJsonArray>

namespace Gatehouse {

struct CurrentSessionData : QSharedData
{
    SessionStatus status = SessionStatus::SignedOut;
    std::exception_ptr error;
    QList<SetCookie> cookies;
    bool callbacksRan = false;
    QJsonObject token;
    std::optional<AdapterSession> databaseSession;
    std::optional<AdapterUser> user;
    std::optional<QStringList> storedGroups;
    QDateTime expires;
    // Database sessions, from their details (SessionReadOptions::signInDetails).
    QDateTime detailsSignInTime;
    SignInSteps detailsSteps;
    std::optional<QJsonObject> clientSession;
};

//! The reader's write access to what it found.
struct CurrentSessionWriter
{
    static CurrentSessionData &of(CurrentSession &session) { return *session.d; }
};

namespace {

CurrentSessionData &writable(CurrentSession &session)
{
    return CurrentSessionWriter::of(session);
}

using ReadOptions = SessionReadOptions;
using ReaderCodec = std::shared_ptr<const Jose::JweCodec>;

//! A read that needed no wait.
SessionReading readyNow(CurrentSession session)
{
    SessionReading reading;
    reading.ready = std::move(session);
    return reading;
}

QFuture<CurrentSession> asFuture(SessionReading reading)
{
    return reading.ready ? QtFuture::makeReadyFuture(std::move(*reading.ready)) : std::move(reading.pending);
}

//! No session; its cookie deleted when the consumer writes cookies on every read.
CurrentSession signedOutRead(const RequestState &s, const ReadOptions &options, bool callbacksRan = false)
{
    CurrentSession none;
    if (callbacksRan)
        writable(none).callbacksRan = true;
    if (options.cookies == ReadOptions::Cookies::Always && Cookies::present(s.cookies.sessionToken.name, s.requestCookies))
        writable(none).cookies = Cookies::remove(s.cookies.sessionToken, s.requestCookies);
    return none;
}

CurrentSession unavailableRead(std::exception_ptr error)
{
    CurrentSession unknown;
    writable(unknown).status = SessionStatus::Unavailable;
    writable(unknown).error = std::move(error);
    return unknown;
}

/*!
 * Finishes \a promise with \a error: a store that cannot answer now is an Unavailable read (the
 * cookie stays); any other failure fails the read.
 */
void failRead(QPromise<CurrentSession> &promise, std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const AuthError &e) {
        if (isUnavailable(e))
            promise.addResult(unavailableRead(error));
        else
            promise.setException(error);
    } catch (...) {
        promise.setException(error);
    }
    promise.finish();
}

//! Hands the finished \a read (its session, failure or cancellation) to \a promise, as failRead().
void settleRead(QPromise<CurrentSession> &promise, QFuture<CurrentSession> read)
{
    try {
        read.waitForFinished();  // finished already; rethrows the exception it holds
    } catch (...) {
        failRead(promise, std::current_exception());
        return;
    }
    if (read.resultCount() > 0)
        promise.addResult(read.result());
    else
        promise.future().cancel();
    promise.finish();
}

/*!
 * \a continuation (a step of the read) applied to \a future's result: at once when it has
 * finished (callbacks and lookups that answer synchronously: no future made), else later, with
 * a store that cannot answer as an Unavailable read (failRead()). A read that waits costs one
 * promise and one continuation per step: the step's session goes into the promise as it is,
 * with no ready future made for it in between.
 */
template<typename T, typename Continuation>
SessionReading afterStep(const QFuture<T> &future, Continuation continuation)
{
    if (future.isFinished() && !future.isCanceled() && future.resultCount() > 0)
        return continuation(future.result());
    // The promise lives in the continuations: a cancelled step drops them unrun, and the
    // promise's destructor cancels the read.
    auto promise = std::make_shared<QPromise<CurrentSession>>();
    promise->start();
    SessionReading reading;
    reading.pending = promise->future();
    QFuture<T>(future).then(QtFuture::Launch::Sync,
        [promise, continuation = std::optional<Continuation>(std::move(continuation))](QFuture<T> finished) mutable {
            SessionReading next;
            try {
                next = (*continuation)(finished.result());  // result() rethrows a failure
            } catch (...) {
                continuation.reset();
                failRead(*promise, std::current_exception());
                return;
            }
            continuation.reset();
            if (next.ready) {
                promise->addResult(std::move(*next.ready));
                promise->finish();
            } else if (next.pending.isFinished()) {
                settleRead(*promise, next.pending);
            } else {
                next.pending.then(QtFuture::Launch::Sync,
                                  [promise](QFuture<CurrentSession> done) { settleRead(*promise, done); });
            }
        });
    return reading;
}

//! \a session with \c user.groups = \a groups (access.groups.session).
QJsonObject withGroupsShown(QJsonObject session, const QJsonValue &groups)
{
    QJsonObject user = session.value(QStringLiteral("user")).toObject();
    user.insert(StoredGroups::kClaim, groups.isArray() ? groups : QJsonArray());
    session.insert(QStringLiteral("user"), user);
    return session;
}

//! Auth.js's default client session of \a found, before any callback.
QJsonObject defaultClientSession(const CurrentSession &found)
{
    if (found.databaseSession())
        return SessionClaims::storedSession(*found.user(), found.expires());
    return SessionClaims::defaultSession(found.token(), found.expires());
}

//! The session event of \a found (only when a handler is set: it fires on every read).
void emitSessionEvent(const RequestState &s, const CurrentSession &found)
{
    Hooks::emitEvent(s.config.events.session, "session", [&found] {
        QJsonObject message{{QStringLiteral("session"), clientSessionObject(found)}};
        if (!found.databaseSession())
            message.insert(QStringLiteral("token"), found.token());
        return message;
    });
}

/*!
 * The session endpoint's shape of \a found: \c user.groups where access.groups.session asks
 * (a database session's only when they were read), then the session callback, then the event.
 */
SessionReading shapeForClient(const State &state, const ReadOptions &options, CurrentSession found)
{
    const RequestState &s = *state;
    const bool database = found.databaseSession().has_value();
    std::optional<QJsonValue> groups;
    if (database ? found.storedGroups().has_value() : s.config.access.groups.session) {
        groups = database ? QJsonValue(QJsonArray::fromStringList(*found.storedGroups()))
                          : found.token().value(StoredGroups::kClaim);
    }
    if (!s.config.callbacks.session) {
        if (groups)
            writable(found).clientSession = withGroupsShown(defaultClientSession(found), *groups);
        emitSessionEvent(s, found);
        return readyNow(std::move(found));
    }
    SessionParams params;
    params.session = defaultClientSession(found);
    if (groups)
        params.session = withGroupsShown(params.session, *groups);
    if (database) {
        params.user = found.user()->toJson();
        if (groups)
            params.user.insert(StoredGroups::kClaim, *groups);
    } else {
        params.token = found.token();
    }
    if (options.update) {
        params.trigger = QStringLiteral("update");
        params.newSession = *options.update;
    }
    writable(found).callbacksRan = true;
    return afterStep(Hooks::session(s, params), [state, found](const QJsonObject &answer) {
        CurrentSession shaped = found;
        writable(shaped).clientSession = answer;
        emitSessionEvent(*state, shaped);
        return readyNow(std::move(shaped));
    });
}

//! The JWT session of \a returned (what the jwt callback made of \a previous), its cookie rolled as asked.
SessionReading settleJwt(const State &state, const ReadOptions &options, const ReaderCodec &codec,
                                  const QJsonObject &previous, const std::optional<QJsonObject> &returned,
                                  bool groupsRead, bool callbackRan)
{
    const RequestState &s = *state;
    if (!returned)
        return readyNow(signedOutRead(s, options, callbackRan));
    CurrentSession found;
    CurrentSessionData &f = writable(found);
    f.status = SessionStatus::SignedIn;
    f.callbacksRan = callbackRan;
    // When and how the person signed in stay the engine's, whatever the callback returned;
    // without one the token is the one read, with nothing to carry back.
    f.token = callbackRan ? SignInRecord::carry(s.stores(), SignInTime::carry(s.stores(), *returned, previous), previous)
                          : *returned;
    bool roll = options.cookies == ReadOptions::Cookies::Always;
    if (options.cookies == ReadOptions::Cookies::WhenDue) {
        const qint64 issued = jsonSeconds(f.token.value(QStringLiteral("iat"))).value_or(0);
        roll = groupsRead || QDateTime::currentSecsSinceEpoch() - issued >= s.config.session.updateAge;
    }
    if (roll || options.clientSession) {
        f.expires = QDateTime::currentDateTimeUtc().addSecs(s.config.session.maxAge);
    } else if (const std::optional<qint64> exp = jsonSeconds(f.token.value(QStringLiteral("exp")))) {
        f.expires = QDateTime::fromSecsSinceEpoch(*exp, Qt::UTC);
    }
    if (roll) {
        const JwtSession jwt(*codec, s.config.jwt, s.cookies.sessionToken);
        f.cookies = jwt.write(jwt.encode(f.token, s.config.session.maxAge), f.expires, s.requestCookies);
    }
    if (options.storedUser && s.config.adapter) {
        const QString id = f.token.value(QStringLiteral("sub")).toString();
        if (!id.isEmpty()) {
            std::shared_ptr<Adapter> keep = s.config.adapter;
            return afterStep(keep->getUser(id), [found, keep](const std::optional<AdapterUser> &user) {
                CurrentSession withUser = found;
                writable(withUser).user = user;
                return readyNow(std::move(withUser));
            });
        }
    }
    if (options.clientSession)
        return shapeForClient(state, options, std::move(found));
    return readyNow(std::move(found));
}

//! The jwt callback over \a claims (fresh groups when \a groupsRead), where asked and configured.
SessionReading reissueJwt(const State &state, const ReadOptions &options, const ReaderCodec &codec,
                                   const QJsonObject &claims, bool groupsRead)
{
    const RequestState &s = *state;
    if (!options.callbacks || !s.config.callbacks.jwt)
        return settleJwt(state, options, codec, claims, claims, groupsRead, false);
    JwtParams params;
    params.token = claims;
    if (options.update) {
        params.trigger = QStringLiteral("update");
        params.session = *options.update;
    }
    // What the callback throws, now or later, fails the read (readSession()).
    return afterStep(s.config.callbacks.jwt(params), [state, options, codec, claims, groupsRead](const std::optional<QJsonObject> &token) {
        return settleJwt(state, options, codec, claims, token, groupsRead, true);
    });
}

//! A JWT not revoked: its stored groups read again once session.updateAge old (storedgroups.h).
SessionReading validJwt(const State &state, const ReadOptions &options, const ReaderCodec &codec,
                                 const QJsonObject &claims)
{
    const RequestState &s = *state;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (!options.callbacks || !StoredGroups::wanted(s.stores(), s.config)
        || !StoredGroups::stale(claims, s.config.session.updateAge, now))
        return reissueJwt(state, options, codec, claims, false);
    return afterStep(StoredGroups::refresh(s.stores(), claims, now), [state, options, codec](const QJsonObject &fresh) {
        return reissueJwt(state, options, codec, fresh, true);
    });
}

SessionReading readJwt(const State &state, const ReadOptions &options)
{
    const RequestState &s = *state;
    ReaderCodec codec = s.engine.jwe(s.config.secret);
    const std::optional<QJsonObject> claims =
        JwtSession(*codec, s.config.jwt, s.cookies.sessionToken).read(s.requestCookies);
    if (!claims)
        return readyNow(signedOutRead(s, options));
    // A token issued before its user signed out everywhere (jwtrevocation.h) is no session.
    if (const std::optional<bool> revoked = JwtRevocation::knownRevoked(s.stores(), *claims))
        return *revoked ? readyNow(signedOutRead(s, options)) : validJwt(state, options, codec, *claims);
    return afterStep(JwtRevocation::isRevoked(s.stores(), *claims),
                        [state, options, codec, claims = *claims](bool revoked) -> SessionReading {
                            if (revoked)
                                return readyNow(signedOutRead(*state, options));
                            return validJwt(state, options, codec, claims);
                        });
}

//! A database session \a found, with its stored groups where asked, shaped for the client where asked.
SessionReading withGroups(const State &state, const ReadOptions &options, CurrentSession found)
{
    const RequestState &s = *state;
    if (!options.groups || !s.stores().groups)
        return options.clientSession ? shapeForClient(state, options, std::move(found)) : readyNow(std::move(found));
    return afterStep(StoredGroups::read(s.stores(), found.user()->id), [state, options, found](const QStringList &groups) {
        CurrentSession grouped = found;
        writable(grouped).storedGroups = groups;
        return options.clientSession ? shapeForClient(state, options, std::move(grouped)) : readyNow(std::move(grouped));
    });
}

//! A database session \a found, with when and how its person signed in where asked (its details).
SessionReading withSignInDetails(const State &state, const ReadOptions &options, CurrentSession found)
{
    AccountStore *store = state->stores().account.get();
    if (!options.signInDetails || !store)
        return withGroups(state, options, std::move(found));
    const AdapterSession &session = *found.databaseSession();
    return afterStep(store->sessionDetails(session.userId, session.sessionToken),
                     [state, options, found](const std::optional<SessionDetails> &details) {
                         CurrentSession detailed = found;
                         // Details are keyed by the token: another user's are never this session's.
                         if (details && details->userId == found.databaseSession()->userId) {
                             writable(detailed).detailsSignInTime = details->createdAt;
                             writable(detailed).detailsSteps = SignInRecord::fromAmr(details->signInMethods);
                         }
                         return withGroups(state, options, std::move(detailed));
                     });
}

SessionReading readDatabase(const State &state, const ReadOptions &options)
{
    const RequestState &s = *state;
    const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
    const QString token = db.token(s.requestCookies);
    if (token.isEmpty())
        return readyNow(signedOutRead(s, options));
    return afterStep(db.read(token), [state, options](const SessionRead &read) -> SessionReading {
        const RequestState &s = *state;
        // Not signed out: the store could not tell. The cookie stays.
        if (read.status == SessionStatus::Unavailable)
            return readyNow(unavailableRead(std::make_exception_ptr(*read.error)));
        if (read.status == SessionStatus::SignedOut)
            return readyNow(signedOutRead(s, options));
        CurrentSession found;
        CurrentSessionData &f = writable(found);
        f.status = SessionStatus::SignedIn;
        f.databaseSession = read.session->session;
        f.user = read.session->user;
        f.expires = read.session->session.expires;
        if (options.cookies == ReadOptions::Cookies::Always || (options.cookies == ReadOptions::Cookies::WhenDue && read.extended)) {
            const DatabaseSession db(s.stores(), s.config.session, s.cookies.sessionToken);
            f.cookies = db.write(*f.databaseSession, s.requestCookies);
        }
        return withSignInDetails(state, options, std::move(found));
    });
}

} // namespace

CurrentSession::CurrentSession() : d(new CurrentSessionData) {}
CurrentSession::CurrentSession(const CurrentSession &other) = default;
CurrentSession::CurrentSession(CurrentSession &&other) noexcept = default;
CurrentSession &CurrentSession::operator=(const CurrentSession &other) = default;
CurrentSession &CurrentSession::operator=(CurrentSession &&other) noexcept = default;
CurrentSession::~CurrentSession() = default;

SessionStatus CurrentSession::status() const { return d->status; }
std::exception_ptr CurrentSession::error() const { return d->error; }
const QList<SetCookie> &CurrentSession::cookies() const { return d->cookies; }
bool CurrentSession::callbacksRan() const { return d->callbacksRan; }
const QJsonObject &CurrentSession::token() const { return d->token; }
const std::optional<AdapterSession> &CurrentSession::databaseSession() const { return d->databaseSession; }
const std::optional<AdapterUser> &CurrentSession::user() const { return d->user; }
const std::optional<QStringList> &CurrentSession::storedGroups() const { return d->storedGroups; }
QDateTime CurrentSession::expires() const { return d->expires; }
SignInSteps CurrentSession::signInSteps() const
{
    return d->databaseSession ? d->detailsSteps : SignInRecord::of(d->token);
}

SecondFactorLevel CurrentSession::secondFactor() const
{
    return SignInRecord::levelOf(signInSteps());
}

const std::optional<QJsonObject> &CurrentSession::clientSession() const { return d->clientSession; }

QString CurrentSession::userId() const
{
    return d->user ? d->user->id : d->token.value(QLatin1String("sub")).toString();
}

QString CurrentSession::email() const
{
    return d->databaseSession ? d->user->email : d->token.value(QLatin1String("email")).toString();
}

QString CurrentSession::name() const
{
    return d->databaseSession ? d->user->name.value_or(QString()) : d->token.value(QLatin1String("name")).toString();
}

QStringList CurrentSession::groups() const
{
    if (d->databaseSession)
        return d->storedGroups.value_or(QStringList());
    QStringList names;
    for (const QJsonValue &group : d->token.value(StoredGroups::kClaim).toArray()) {
        if (group.isString())
            names.append(group.toString());
    }
    return names;
}

QDateTime CurrentSession::signInTime() const
{
    return d->databaseSession ? d->detailsSignInTime : SignInTime::of(d->token);
}

SessionReading startSessionRead(const State &state, const SessionReadOptions &options)
{
    const bool database = state->config.sessionStrategy() == SessionOptions::Strategy::Database;
    std::exception_ptr error;
    try {
        // A read that waits has its store failures as Unavailable already (afterStep()).
        return database ? readDatabase(state, options) : readJwt(state, options);
    } catch (const AuthError &e) {
        if (isUnavailable(e))
            return readyNow(unavailableRead(std::current_exception()));
        error = std::current_exception();
    } catch (...) {
        error = std::current_exception();
    }
    SessionReading failed;
    failed.pending = failedFuture<CurrentSession>(error);
    return failed;
}

QFuture<CurrentSession> readSession(const State &state, const SessionReadOptions &options)
{
    return asFuture(startSessionRead(state, options));
}

QByteArray clientSessionJson(const CurrentSession &session)
{
    if (session.clientSession())
        return toOrderedJson(*session.clientSession(), SessionClaims::sessionKeyOrder());
    // Auth.js's default session, written straight from the token or the stored user.
    if (session.databaseSession())
        return SessionClaims::storedSessionJson(*session.user(), session.expires());
    return SessionClaims::defaultSessionJson(session.token(), session.expires());
}

QJsonObject clientSessionObject(const CurrentSession &session)
{
    return session.clientSession() ? *session.clientSession() : defaultClientSession(session);
}

} // namespace Gatehouse
