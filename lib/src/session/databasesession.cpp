#include "session/databasesession.h"

#include "core/futures.h"
#include "core/logging.h"
#include "crypto/random.h"

namespace Gatehouse {

DatabaseSession::DatabaseSession(const Stores &stores, const SessionOptions &options, const CookieOption &cookie)
    : m_adapter(*stores.adapter), m_userState(stores.userState.get()), m_options(options), m_cookie(cookie)
{
}

QString DatabaseSession::token(const QMap<QString, QString> &requestCookies) const
{
    return requestCookies.value(m_cookie.name);
}

namespace {

using Found = std::optional<SessionAndUser>;

SessionRead signedIn(const SessionAndUser &found, bool extended = false)
{
    return SessionRead{SessionStatus::SignedIn, found, std::nullopt, extended};
}

//! The read of a store that failed with \a error (an adapter that throws something other than
//! an AdapterError failed all the same).
SessionRead unavailable(std::exception_ptr error)
{
    const auto failed = [](const QString &what) {
        return AdapterError(AdapterError::Reason::Failed, QStringLiteral("getSessionAndUser: %1").arg(what));
    };
    AdapterError reason = failed(QStringLiteral("the lookup was cancelled"));
    try {
        if (error)
            std::rethrow_exception(error);
    } catch (const AdapterError &e) {
        reason = e;
    } catch (const std::exception &e) {
        reason = failed(QString::fromUtf8(e.what()));
    } catch (...) {
        reason = failed(QStringLiteral("unknown exception"));
    }
    return SessionRead{SessionStatus::Unavailable, std::nullopt, reason};
}

/*!
 * \a result once the store call \a step() has finished, whether it worked or not: a session
 * that could not be extended or deleted is answered as it was found (logged at debug level;
 * an outage is logged by the store).
 */
template<typename Step>
QFuture<SessionRead> whatever(Step step, const SessionRead &result, const char *what)
{
    const auto note = [what](const char *error) {
        qCDebug(lcCore).noquote() << "database session:" << what << "failed:" << error;
    };
    try {
        return step().then(QtFuture::Launch::Sync, [result, note](QFuture<std::optional<AdapterSession>> done) {
            try {
                done.waitForFinished();
            } catch (const std::exception &e) {
                note(e.what());
            }
            return result;
        });
    } catch (const std::exception &e) {
        note(e.what());
        return QtFuture::makeReadyFuture(result);
    }
}

/*!
 * A read's answer: at once (the usual case: no future made for it), or once the store has
 * extended or deleted the session.
 */
struct Settled
{
    Settled(SessionRead read) : now(std::move(read)) {}
    Settled(QFuture<SessionRead> future) : later(std::move(future)) {}

    std::optional<SessionRead> now;
    QFuture<SessionRead> later;
};

/*!
 * What a read makes of the stored session \a found: nothing when there is none, it has expired or
 * its user is \a disabled (the row is deleted then); otherwise the session, extended by maxAge
 * at most once per updateAge.
 */
Settled settleRead(Adapter *adapter, const QString &token, qint64 maxAge, qint64 updateAge,
                                const Found &found, bool disabled)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!found)
        return SessionRead();
    // A disabled user's session ends like an expired one (disabling deletes them already; this
    // covers one started meanwhile).
    if (found->session.expires <= now || disabled)
        return whatever([adapter, &token] { return adapter->deleteSession(token); }, SessionRead(), "deleting an ended session");
    // The session was last extended at expires - maxAge.
    const QDateTime due = found->session.expires.addSecs(updateAge - maxAge);
    if (now < due)
        return signedIn(*found);
    const AdapterSessionUpdate update = AdapterSessionUpdate(token).setExpires(now.addSecs(maxAge));
    SessionAndUser extended = *found;
    update.applyTo(extended.session);
    QFuture<std::optional<AdapterSession>> updating;
    try {
        updating = adapter->updateSession(update);
    } catch (...) {
        updating = failedFuture<std::optional<AdapterSession>>(std::current_exception());
    }
    return updating.then(QtFuture::Launch::Sync,
        [found = *found, extended](QFuture<std::optional<AdapterSession>> done) {
            try {
                done.waitForFinished();
                return signedIn(extended, true);
            } catch (const std::exception &e) {
                qCDebug(lcCore).noquote() << "database session: extending failed; answered unextended:" << e.what();
                return signedIn(found);
            }
        });
}

//! \a settle applied to \a lookup's result; Unavailable when \a lookup fails. Never fails.
template<typename T, typename Settle>
QFuture<SessionRead> readWith(const QFuture<T> &lookup, Settle settle)
{
    if (lookup.isFinished()) {
        if (!lookup.isCanceled() && lookup.resultCount() > 0) {
            Settled settled = settle(lookup.result());
            return settled.now ? QtFuture::makeReadyFuture(std::move(*settled.now)) : settled.later;
        }
        try {
            QFuture<T>(lookup).waitForFinished();  // rethrows the store's error
        } catch (...) {
            return QtFuture::makeReadyFuture(unavailable(std::current_exception()));
        }
        return QtFuture::makeReadyFuture(unavailable(nullptr));
    }
    // One continuation on the usual, asynchronous path (as continueWith() does).
    auto promise = std::make_shared<QPromise<SessionRead>>();
    promise->start();
    QFuture<SessionRead> read = promise->future();
    QFuture<T>(lookup).then(QtFuture::Launch::Sync, [promise, settle = std::move(settle)](QFuture<T> finished) {
        QFuture<SessionRead> next;
        try {
            finished.waitForFinished();
            Settled settled = finished.resultCount() > 0 ? settle(finished.result()) : Settled(unavailable(nullptr));
            if (settled.now) {
                // The usual case: the answer goes into the promise as it is.
                promise->addResult(std::move(*settled.now));
                promise->finish();
                return;
            }
            next = settled.later;
        } catch (...) {
            promise->addResult(unavailable(std::current_exception()));
            promise->finish();
            return;
        }
        if (next.isFinished()) {
            Detail::settle(*promise, next);
            return;
        }
        next.then(QtFuture::Launch::Sync, [promise](QFuture<SessionRead> done) { Detail::settle(*promise, done); });
    });
    return read;
}

} // namespace

QFuture<SessionRead> DatabaseSession::read(const QString &token) const
{
    Adapter *adapter = &m_adapter;
    const qint64 maxAge = m_options.maxAge;
    const qint64 updateAge = m_options.updateAge;
    try {
        // A store with a UserStateStore reads the user's disabled flag in the same step; any other
        // store knows no disabled users.
        if (UserStateStore *store = m_userState) {
            return readWith(store->getSessionAndUserState(token),
                [adapter, token, maxAge, updateAge](const std::optional<SessionAndUserState> &read) {
                    const Found found = read ? Found(SessionAndUser{read->session, read->user}) : Found();
                    return settleRead(adapter, token, maxAge, updateAge, found, read && read->userDisabled);
                });
        }
        return readWith(adapter->getSessionAndUser(token), [adapter, token, maxAge, updateAge](const Found &found) {
            return settleRead(adapter, token, maxAge, updateAge, found, false);
        });
    } catch (...) {  // an adapter that throws instead of failing its future
        return QtFuture::makeReadyFuture(unavailable(std::current_exception()));
    }
}

QFuture<AdapterSession> DatabaseSession::create(const QString &userId) const
{
    AdapterSession session;
    session.sessionToken = m_options.generateSessionToken ? m_options.generateSessionToken() : Crypto::randomUuid();
    session.userId = userId;
    session.expires = QDateTime::currentDateTimeUtc().addSecs(m_options.maxAge);
    return m_adapter.createSession(session);
}

QList<SetCookie> DatabaseSession::write(const AdapterSession &session, const QMap<QString, QString> &requestCookies) const
{
    CookieOption cookie = m_cookie;
    cookie.options.expires = session.expires;
    return Cookies::write(cookie, session.sessionToken, requestCookies);
}

} // namespace Gatehouse
